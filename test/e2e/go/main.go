// A Go program on the native provider's generated Go SDK, run through the Go SDK's Automation API
// as an inline program: the program runs in this process and the CLI connects to it, so no Go
// language host is needed. test/e2e/go-automation.test.ts builds it once and runs one step per
// call, checking the emulator's store between steps:
//
//	go-automation up [--debug] | preview | import (<type> <name> <id>)... | destroy
//
// The program is `program` below, or the one PIPESTACK_E2E_PROGRAM names (programs).
// Where: PIPESTACK_E2E_WORK_DIR (the project folder), and the usual PULUMI_HOME,
// PULUMI_BACKEND_URL, PULUMI_CONFIG_PASSPHRASE and PATH (the `pulumi` CLI). The stack config comes
// from PIPESTACK_E2E_CONFIG (`{"key": {"value": "...", "secret": true}}`), set before each step.
// Every engine event is appended to PIPESTACK_E2E_EVENTS as a JSON line. The CLI's output goes to
// stderr; the step's result is the last stdout line, `RESULT <json>`, secret outputs masked.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/pipestack/pulumi-pipestack/sdk/go/pipestack"
	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/debug"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/events"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optimport"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

// kafkaPipe declares a Kafka pipe of one String column into a managed table.
func kafkaPipe(ctx *pulumi.Context, resource, name, topics, table string, password pulumi.StringInput, scaling pipestack.PipeScalingPtrInput, opts ...pulumi.ResourceOption) (*pipestack.Pipe, error) {
	return pipestack.NewPipe(ctx, resource, &pipestack.PipeArgs{
		Name: pulumi.String(name),
		Source: pipestack.PipeSourceArgs{
			Kafka: pipestack.PipeSourceKafkaArgs{
				Format:         pipestack.PipeSourceKafkaFormatJSONEachRow,
				Brokers:        pulumi.String("broker-1.example.test:9092"),
				Topics:         pulumi.String(topics),
				Authentication: pipestack.PipeSourceKafkaAuthenticationPlain,
				Credentials: pipestack.PipeSourceKafkaCredentialsArgs{
					Username: pulumi.String("ingest"),
					Password: password,
				},
			},
		},
		Destination: pipestack.PipeDestinationArgs{
			Database:     pulumi.String("default"),
			Table:        pulumi.String(table),
			ManagedTable: pulumi.Bool(true),
			Columns:      pipestack.PipeDestinationColumnArray{pipestack.PipeDestinationColumnArgs{Name: pulumi.String("id"), Type: pulumi.String("String")}},
		},
		FieldMappings: pipestack.PipeFieldMappingArray{pipestack.PipeFieldMappingArgs{SourceField: pulumi.String("id"), DestinationField: pulumi.String("id")}},
		Scaling:       scaling,
	}, opts...)
}

// program is the inline program: a pipe with a secret credential, a saved search on a data source
// the provider's function lists (under a provider resource of its own), and their ids as outputs.
func program(ctx *pulumi.Context) error {
	cfg := config.New(ctx, "")
	replicas := cfg.GetInt("replicas")
	if replicas == 0 {
		replicas = 1
	}
	where := cfg.Get("where")
	if where == "" {
		where = "level:error"
	}
	sources, err := pipestack.GetStackSources(ctx, &pipestack.GetStackSourcesArgs{})
	if err != nil {
		return err
	}
	if len(sources.Items) == 0 {
		return fmt.Errorf("the stack lists no data source")
	}
	events, err := kafkaPipe(ctx, "events", "go-events", "events", "go_events", cfg.RequireSecret("kafkaPassword"), pipestack.PipeScalingArgs{Replicas: pulumi.Int(replicas)})
	if err != nil {
		return err
	}
	// A provider resource of the program's own, its secrets and integer settings as the SDK sends them.
	settings := config.New(ctx, "pipestack")
	explicit, err := pipestack.NewProvider(ctx, "explicit", &pipestack.ProviderArgs{
		ApiUrl:         pulumi.String(settings.Require("apiUrl")),
		KeyId:          pulumi.String(settings.Require("keyId")),
		KeySecret:      settings.RequireSecret("keySecret"),
		OrganizationId: pulumi.String(settings.Require("organizationId")),
		ServiceId:      pulumi.String(settings.Require("serviceId")),
		StackUrl:       pulumi.String(settings.Require("stackUrl")),
		StackToken:     settings.RequireSecret("stackToken"),
		PollIntervalMs: pulumi.Int(20),
		MaxRetries:     pulumi.Int(2),
	})
	if err != nil {
		return err
	}
	search, err := pipestack.NewStackSavedSearch(ctx, "errors", &pipestack.StackSavedSearchArgs{
		Name:     pulumi.String("go-errors"),
		SourceId: pulumi.String(sources.Items[0].Id),
		Where:    pulumi.String(where),
		Tags:     pulumi.StringArray{pulumi.String("go")},
	}, pulumi.Provider(explicit))
	if err != nil {
		return err
	}
	// Objects made outside Pulumi, adopted by the `import` resource option when their ids are set:
	// ImportResources runs `pulumi import`, which needs the Go language host even with an inline
	// program; this path needs none.
	if id := cfg.Get("importPipeId"); id != "" {
		_, err := kafkaPipe(ctx, "outsidePipe", "made-outside", "outside", "outside", cfg.RequireSecret("outsidePassword"), nil, pulumi.Import(pulumi.ID(id)))
		if err != nil {
			return err
		}
	}
	if id := cfg.Get("importSearchId"); id != "" {
		_, err := pipestack.NewStackSavedSearch(ctx, "outsideSearch", &pipestack.StackSavedSearchArgs{
			Name:     pulumi.String("outside-search"),
			SourceId: pulumi.String(sources.Items[0].Id),
			Where:    pulumi.String("level:warn"),
		}, pulumi.Import(pulumi.ID(id)))
		if err != nil {
			return err
		}
	}
	ctx.Export("pipeId", events.ID())
	ctx.Export("pipeState", events.State)
	ctx.Export("searchId", search.ID())
	names := make([]string, len(sources.Items))
	for i, s := range sources.Items {
		if s.Name != nil {
			names[i] = *s.Name
		}
	}
	ctx.Export("sources", pulumi.ToStringArray(names))
	return nil
}

// programs are the inline programs by the name PIPESTACK_E2E_PROGRAM gives ("" when unset).
var programs = map[string]pulumi.RunFunc{"": program, "stack-from-nothing": stackFromNothing}

// step is what one call prints as its result.
type step struct {
	Outputs map[string]any `json:"outputs,omitempty"`
	Summary any            `json:"summary,omitempty"`
	Steps   []previewStep  `json:"steps,omitempty"`
}

// previewStep is a step as `pulumi preview --json` prints it, taken from the engine's events.
type previewStep struct {
	Op           string                  `json:"op"`
	URN          string                  `json:"urn"`
	DetailedDiff map[string]propertyDiff `json:"detailedDiff"`
}

type propertyDiff struct {
	Kind      string `json:"kind"`
	InputDiff bool   `json:"inputDiff"`
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "go-automation: "+format+"\n", args...)
	os.Exit(1)
}

// config is the stack config PIPESTACK_E2E_CONFIG holds.
func stackConfig() auto.ConfigMap {
	var raw map[string]struct {
		Value  string `json:"value"`
		Secret bool   `json:"secret"`
	}
	if err := json.Unmarshal([]byte(os.Getenv("PIPESTACK_E2E_CONFIG")), &raw); err != nil {
		fail("PIPESTACK_E2E_CONFIG: %v", err)
	}
	out := auto.ConfigMap{}
	for k, v := range raw {
		out[k] = auto.ConfigValue{Value: v.Value, Secret: v.Secret}
	}
	return out
}

// eventLog appends every event of a channel to PIPESTACK_E2E_EVENTS and keeps the steps the
// engine announces (ResourcePreEvent), as `preview --json` does. Closed channel: done is closed.
func eventLog(ch <-chan events.EngineEvent, steps *[]previewStep, done chan<- struct{}) {
	defer close(done)
	f, err := os.OpenFile(os.Getenv("PIPESTACK_E2E_EVENTS"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		fail("PIPESTACK_E2E_EVENTS: %v", err)
	}
	defer f.Close()
	enc := json.NewEncoder(f)
	for e := range ch {
		_ = enc.Encode(e.EngineEvent)
		if pre := e.ResourcePreEvent; pre != nil && pre.Metadata.Op != "same" {
			diff := map[string]propertyDiff{}
			for path, d := range pre.Metadata.DetailedDiff {
				diff[path] = propertyDiff{Kind: string(d.Kind), InputDiff: d.InputDiff}
			}
			*steps = append(*steps, previewStep{Op: string(pre.Metadata.Op), URN: pre.Metadata.URN, DetailedDiff: diff})
		}
	}
}

func main() {
	if len(os.Args) < 2 {
		fail("usage: go-automation up [--debug] | preview | import (<type> <name> <id>)... | destroy")
	}
	ctx := context.Background()
	run, ok := programs[os.Getenv("PIPESTACK_E2E_PROGRAM")]
	if !ok {
		fail("PIPESTACK_E2E_PROGRAM: no program %q", os.Getenv("PIPESTACK_E2E_PROGRAM"))
	}
	stack, err := auto.UpsertStackInlineSource(ctx, "dev", "pipestack-go-automation", run, auto.WorkDir(os.Getenv("PIPESTACK_E2E_WORK_DIR")))
	if err != nil {
		fail("%v", err)
	}
	if err := stack.SetAllConfig(ctx, stackConfig()); err != nil {
		fail("%v", err)
	}
	var steps []previewStep
	ch := make(chan events.EngineEvent)
	done := make(chan struct{})
	go eventLog(ch, &steps, done)
	var result step
	switch args := os.Args[1:]; args[0] {
	case "up":
		opts := []optup.Option{optup.ProgressStreams(os.Stderr), optup.ErrorProgressStreams(os.Stderr), optup.EventStreams(ch)}
		if len(args) > 1 && args[1] == "--debug" {
			opts = append(opts, optup.DebugLogging(debug.LoggingOptions{Debug: true}))
		}
		res, err := stack.Up(ctx, opts...)
		if err != nil {
			fail("up: %v", err)
		}
		<-done
		result.Outputs = map[string]any{}
		for k, v := range res.Outputs {
			if v.Secret {
				result.Outputs[k] = "[secret]"
			} else {
				result.Outputs[k] = v.Value
			}
		}
		result.Summary = res.Summary.ResourceChanges
	case "preview":
		res, err := stack.Preview(ctx, optpreview.Diff(), optpreview.ProgressStreams(os.Stderr), optpreview.ErrorProgressStreams(os.Stderr), optpreview.EventStreams(ch))
		if err != nil {
			fail("preview: %v", err)
		}
		<-done
		result.Summary = res.ChangeSummary
		result.Steps = steps
	case "import":
		if len(args) < 4 || len(args)%3 != 1 {
			fail("usage: go-automation import (<type> <name> <id>)...")
		}
		close(ch)
		<-done
		var resources []*optimport.ImportResource
		for i := 1; i < len(args); i += 3 {
			resources = append(resources, &optimport.ImportResource{Type: args[i], Name: args[i+1], ID: args[i+2]})
		}
		res, err := stack.ImportResources(ctx,
			optimport.Resources(resources),
			optimport.Protect(false),
			// Code generation needs the Go language host, which an inline program does without.
			optimport.GenerateCode(false),
			optimport.ProgressStreams(os.Stderr),
			optimport.ErrorProgressStreams(os.Stderr),
		)
		if err != nil {
			fail("import: %v", err)
		}
		result.Summary = res.Summary.ResourceChanges
	case "destroy":
		res, err := stack.Destroy(ctx, optdestroy.ProgressStreams(os.Stderr), optdestroy.ErrorProgressStreams(os.Stderr), optdestroy.EventStreams(ch))
		if err != nil {
			fail("destroy: %v", err)
		}
		<-done
		result.Summary = res.Summary.ResourceChanges
	default:
		fail("unknown step %q", strings.Join(args, " "))
	}
	text, err := json.Marshal(result)
	if err != nil {
		fail("%v", err)
	}
	fmt.Printf("RESULT %s\n", text)
}

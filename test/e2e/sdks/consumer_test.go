// A Go program on the generated Go SDK, run under Pulumi's mocks (pulumi.WithMocks) by
// test/e2e/sdks.test.ts: the register requests the SDK sends carry the package's version (so the
// engine asks for that plugin, never v0.0.0), the type tokens and camelCase inputs, enums as their
// values, lists of the singular element types.
package consumer

import (
	"os"
	"sync"
	"testing"

	"github.com/pipestack/pulumi-pipestack/sdk/go/pipestack"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

type registered struct {
	version string
	inputs  resource.PropertyMap
}

type mocks struct {
	mu        sync.Mutex
	resources map[string]registered
}

func (m *mocks) NewResource(args pulumi.MockResourceArgs) (string, resource.PropertyMap, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.resources[args.TypeToken] = registered{version: args.RegisterRPC.GetVersion(), inputs: args.Inputs}
	return args.Name + "-id", args.Inputs, nil
}

func (m *mocks) Call(args pulumi.MockCallArgs) (resource.PropertyMap, error) {
	return resource.PropertyMap{}, nil
}

func TestRegistersWithThePackageVersion(t *testing.T) {
	m := &mocks{resources: map[string]registered{}}
	err := pulumi.RunErr(func(ctx *pulumi.Context) error {
		_, err := pipestack.NewPipe(ctx, "events", &pipestack.PipeArgs{
			Source: pipestack.PipeSourceArgs{Kafka: &pipestack.PipeSourceKafkaArgs{
				Brokers: pulumi.String("broker-1.example.test:9092"),
				Topics:  pulumi.String("events"),
				Format:  pipestack.PipeSourceKafkaFormatJSONEachRow,
			}},
			Destination: pipestack.PipeDestinationArgs{Table: pulumi.String("events")},
			FieldMappings: pipestack.PipeFieldMappingArray{
				pipestack.PipeFieldMappingArgs{SourceField: pulumi.String("id"), DestinationField: pulumi.String("id")},
			},
		})
		return err
	}, pulumi.WithMocks("sdks", "test", m))
	if err != nil {
		t.Fatalf("the program failed: %v", err)
	}
	pipe, ok := m.resources["pipestack:index:Pipe"]
	if !ok {
		t.Fatalf("no pipestack:index:Pipe registered: %v", m.resources)
	}
	if want := os.Getenv("WANT_VERSION"); pipe.version != want {
		t.Errorf("the pipe asks for plugin version %q, want %q", pipe.version, want)
	}
	format := pipe.inputs["source"].ObjectValue()["kafka"].ObjectValue()["format"]
	if !format.IsString() || format.StringValue() != "JSONEachRow" {
		t.Errorf("source.kafka.format = %v, want \"JSONEachRow\"", format)
	}
	mappings := pipe.inputs["fieldMappings"].ArrayValue()
	if len(mappings) != 1 || mappings[0].ObjectValue()["sourceField"].StringValue() != "id" {
		t.Errorf("fieldMappings = %v", pipe.inputs["fieldMappings"])
	}
}

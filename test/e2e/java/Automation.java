// A Java program on the native provider's Java SDK (scripts/java-sdk.js), run through the Java
// SDK's Automation API as an inline program: the program runs in this process and the CLI connects
// to it, so no Java language host is needed. test/e2e/java-automation.test.ts compiles it with
// javac against the SDK's jar and its Maven classpath, and runs one step per call:
//
//     java -cp ... Automation up | preview | destroy
//
// Where: PIPESTACK_E2E_WORK_DIR (the project folder), and the usual PULUMI_HOME,
// PULUMI_BACKEND_URL, PULUMI_CONFIG_PASSPHRASE and PATH (the `pulumi` CLI). The stack config comes
// from PIPESTACK_E2E_CONFIG (`{"key": {"value": "...", "secret": true}}`), set before each step.
// The CLI's output goes to stderr; the step's result is the last stdout line, `RESULT <json>`,
// secret outputs masked.

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.pipestack.pipestack.PipestackFunctions;
import com.pipestack.pipestack.Pipe;
import com.pipestack.pipestack.PipeArgs;
import com.pipestack.pipestack.Provider;
import com.pipestack.pipestack.ProviderArgs;
import com.pipestack.pipestack.StackConnection;
import com.pipestack.pipestack.StackConnectionArgs;
import com.pipestack.pipestack.StackWebhook;
import com.pipestack.pipestack.StackWebhookArgs;
import com.pipestack.pipestack.enums.PipeSourceKafkaAuthentication;
import com.pipestack.pipestack.enums.PipeSourceKafkaFormat;
import com.pipestack.pipestack.enums.StackWebhookService;
import com.pipestack.pipestack.inputs.PipeDestinationArgs;
import com.pipestack.pipestack.inputs.PipeDestinationColumnArgs;
import com.pipestack.pipestack.inputs.PipeFieldMappingArgs;
import com.pipestack.pipestack.inputs.PipeScalingArgs;
import com.pipestack.pipestack.inputs.PipeSourceArgs;
import com.pipestack.pipestack.inputs.PipeSourceKafkaArgs;
import com.pipestack.pipestack.inputs.PipeSourceKafkaCredentialsArgs;
import com.pulumi.Context;
import com.pulumi.automation.ConfigValue;
import com.pulumi.automation.DestroyOptions;
import com.pulumi.automation.LocalWorkspace;
import com.pulumi.automation.LocalWorkspaceOptions;
import com.pulumi.automation.OperationType;
import com.pulumi.automation.PreviewOptions;
import com.pulumi.automation.UpOptions;
import com.pulumi.resources.CustomResourceOptions;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

public class Automation {

    /** The inline program: a Kafka pipe, a connection with a secret password under a provider of its own, a webhook, and the stack's sources. */
    static void program(Context ctx) {
        var cfg = ctx.config();
        var settings = ctx.config("pipestack");
        var pipe = new Pipe("events", PipeArgs.builder()
            .name("java-events")
            .source(PipeSourceArgs.builder()
                .kafka(PipeSourceKafkaArgs.builder()
                    .format(PipeSourceKafkaFormat.JSONEachRow)
                    .brokers("broker-1.example.test:9092")
                    .topics("events")
                    .authentication(PipeSourceKafkaAuthentication.Plain)
                    .credentials(PipeSourceKafkaCredentialsArgs.builder()
                        .username("ingest")
                        .password(cfg.requireSecret("kafkaPassword"))
                        .build())
                    .build())
                .build())
            .destination(PipeDestinationArgs.builder()
                .database("default")
                .table("java_events")
                .managedTable(true)
                .columns(PipeDestinationColumnArgs.builder().name("id").type("String").build())
                .build())
            .fieldMappings(PipeFieldMappingArgs.builder().sourceField("id").destinationField("id").build())
            .scaling(PipeScalingArgs.builder().replicas(cfg.getInteger("replicas").orElse(1)).build())
            .build());
        // A provider resource of the program's own: its secrets and integer settings as the SDK sends them.
        var explicit = new Provider("explicit", ProviderArgs.builder()
            .apiUrl(settings.require("apiUrl"))
            .keyId(settings.require("keyId"))
            .keySecret(settings.requireSecret("keySecret"))
            .organizationId(settings.require("organizationId"))
            .serviceId(settings.require("serviceId"))
            .stackUrl(settings.require("stackUrl"))
            .stackToken(settings.requireSecret("stackToken"))
            .pollIntervalMs(20)
            .maxRetries(2)
            .build());
        var db = new StackConnection("db", StackConnectionArgs.builder()
            .name("java-db")
            .host("https://db.example.test:8443")
            .username("stack_reader")
            .password(cfg.requireSecret("dbPassword"))
            .build(), CustomResourceOptions.builder().provider(explicit).build());
        var hook = new StackWebhook("alerts", StackWebhookArgs.builder()
            .name("java-alerts")
            .service(StackWebhookService.Generic)
            .url("https://hooks.example.test/java")
            .build());
        // A webhook made outside Pulumi, adopted by the importId resource option when its id is set.
        cfg.get("importWebhookId").ifPresent(id -> new StackWebhook("outsideHook", StackWebhookArgs.builder()
            .name("made-outside")
            .service(StackWebhookService.Generic)
            .url("https://hooks.example.test/outside")
            .build(), CustomResourceOptions.builder().importId(id).build()));
        var sources = PipestackFunctions.getStackSources();
        ctx.export("pipeId", pipe.id());
        ctx.export("connectionId", db.id());
        ctx.export("webhookId", hook.id());
        // A string: the Java Automation API reads every stack output as one (a list fails `up()` after the update).
        ctx.export("sources", sources.applyValue(r -> r.items().stream().map(i -> i.name().orElse("")).collect(Collectors.joining(","))));
    }

    static void fail(String message) {
        System.err.println("java-automation: " + message);
        System.exit(1);
    }

    /** The stack config PIPESTACK_E2E_CONFIG holds. */
    static Map<String, ConfigValue> stackConfig() {
        var out = new TreeMap<String, ConfigValue>();
        JsonObject raw = JsonParser.parseString(System.getenv("PIPESTACK_E2E_CONFIG")).getAsJsonObject();
        for (var e : raw.entrySet()) {
            var v = e.getValue().getAsJsonObject();
            out.put(e.getKey(), new ConfigValue(v.get("value").getAsString(), v.has("secret") && v.get("secret").getAsBoolean()));
        }
        return out;
    }

    /** A change summary with the CLI's names for the operations (`create`, `same`, ...). */
    static Map<String, Integer> summary(Map<OperationType, Integer> changes) {
        var out = new TreeMap<String, Integer>();
        changes.forEach((op, n) -> out.put(op.name().toLowerCase().replace('_', '-'), n));
        return out;
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) fail("usage: Automation up | preview | destroy");
        var options = LocalWorkspaceOptions.builder().workDir(Path.of(System.getenv("PIPESTACK_E2E_WORK_DIR"))).build();
        var stack = LocalWorkspace.createOrSelectStack("pipestack-java-automation", "dev", Automation::program, options);
        stack.setAllConfig(stackConfig());
        var result = new LinkedHashMap<String, Object>();
        switch (args[0]) {
            case "up": {
                var up = stack.up(UpOptions.builder().onStandardOutput(System.err::println).onStandardError(System.err::println).build());
                var outputs = new TreeMap<String, Object>();
                up.outputs().forEach((k, v) -> outputs.put(k, v.isSecret() ? "[secret]" : v.value()));
                result.put("outputs", outputs);
                result.put("summary", summary(up.summary().resourceChanges()));
                break;
            }
            case "preview": {
                var preview = stack.preview(PreviewOptions.builder().diff(true).onStandardOutput(System.err::println).onStandardError(System.err::println).build());
                result.put("summary", summary(preview.changeSummary()));
                break;
            }
            case "destroy": {
                var destroyed = stack.destroy(DestroyOptions.builder().onStandardOutput(System.err::println).onStandardError(System.err::println).build());
                result.put("summary", summary(destroyed.summary().resourceChanges()));
                break;
            }
            default:
                fail("unknown step " + args[0]);
        }
        System.out.println("RESULT " + new Gson().toJson(result));
        System.exit(0);
    }
}

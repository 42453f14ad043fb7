import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import { exampleCode, type SchemaView } from "../../provider/native/example-code";
import { examples, type ExampleProgram, type ExampleValue } from "../../provider/native/examples";
import { packageSchema } from "../../provider/native/schema";
import { languages } from "../../provider/native/schema-language";

const schema = packageSchema({}, "1.0.0");
const view: SchemaView = {
  packageName: "pipestack",
  nodejsPackage: languages.nodejs.packageName,
  pythonPackage: languages.python.packageName,
  goImportPath: languages.go.importBasePath,
  resources: schema.resources,
  types: schema.types,
};

const program: ExampleProgram = {
  title: "t",
  config: [{ name: "pw", secret: true }],
  resources: [
    {
      name: "brokers",
      type: "ReversePrivateEndpoint",
      inputs: { type: "VPC_ENDPOINT_SERVICE", customPrivateDnsMappings: [{ privateDnsName: "*.kafka.internal" }] },
    },
    {
      name: "kafka-events",
      type: "Pipe",
      inputs: {
        source: {
          kafka: {
            brokers: "b:9092",
            topics: "events",
            reversePrivateEndpointIds: [{ $idOf: "brokers" }],
            credentials: { username: "u", password: { $config: "pw" } },
          },
        },
        destination: { table: "events", managedTable: true },
        scaling: { replicas: 2, replicaMemoryGb: 0.5 },
      },
    },
  ],
};
const code = exampleCode(program, view);

describe("an example program in each language", () => {
  it.each([
    ["typescript", 'import * as pipestack from "@pipestack/pulumi-native";'],
    ["typescript", 'const kafkaEvents = new pipestack.Pipe("kafka-events", {'],
    ["typescript", "reversePrivateEndpointIds: [brokers.id],"],
    ["typescript", 'password: config.requireSecret("pw"),'],
    ["python", "import pulumi_pipestack as pipestack"],
    ["python", 'kafka_events = pipestack.Pipe("kafka-events",'],
    ["python", '"managed_table": True,'],
    ["python", '"reverse_private_endpoint_ids": [brokers.id],'],
    ["python", '    custom_private_dns_mappings=[{\n        "private_dns_name": "*.kafka.internal",\n    }])'],
    ["go", '\t"github.com/pipestack/pulumi-pipestack/sdk/go/pipestack"'],
    ["go", 'brokers, err := pipestack.NewReversePrivateEndpoint(ctx, "brokers", &pipestack.ReversePrivateEndpointArgs{'],
    ["go", '_, err = pipestack.NewPipe(ctx, "kafka-events", &pipestack.PipeArgs{'],
    ["go", "Type: pipestack.ReversePrivateEndpointTypeVpcEndpointService,"],
    ["go", "Source: pipestack.PipeSourceArgs{"],
    ["go", "Kafka: &pipestack.PipeSourceKafkaArgs{"],
    ["go", "ReversePrivateEndpointIds: pulumi.StringArray{brokers.ID().ToStringOutput()},"],
    ["go", 'Password: cfg.RequireSecret("pw"),'],
    ["go", "Replicas: pulumi.Int(2),"],
    ["go", "ReplicaMemoryGb: pulumi.Float64(0.5),"],
    ["yaml", "configuration:\n  pw:\n    type: String\n    secret: true\n"],
    ["yaml", "  kafka-events:\n    type: pipestack:index:Pipe\n    properties:\n      source:\n        kafka:\n          brokers: b:9092\n"],
    ["yaml", "reversePrivateEndpointIds: [${brokers.id}]"],
    ["yaml", 'password: "${pw}"'],
    ["yaml", '- privateDnsName: "*.kafka.internal"'],
  ] as const)("%s has %s", (language, line) => {
    expect(code[language]).toContain(line);
  });

  it.each(Object.entries(examples))("the %s example's Python names no argument or key by a reserved word (the SDK writes `from_`)", (_name, example) => {
    const python = exampleCode(example, view).python;
    expect(python).not.toMatch(/^\s+(from|class|import|global|lambda|in|is|not|pass)=/m);
    expect(python).not.toMatch(/"(from|class|import|global|lambda|in|is|not|pass)":/);
  });

  it("writes a source's `from` as Python's `from_`", () => {
    expect(exampleCode(examples.StackSource, view).python).toContain("    from_={");
  });

  it("refuses a field the schema lacks, naming it", () => {
    const wrong: ExampleProgram = { ...program, resources: [{ name: "p", type: "Pipe", inputs: { nope: "x" } }] };
    expect(() => exampleCode(wrong, view)).toThrow("example: no field nope in the schema");
  });
});

/** What a YAML program holds for a value: a config value or another resource's id as an interpolation. */
function asYaml(v: ExampleValue): unknown {
  if (Array.isArray(v)) return v.map((x: ExampleValue) => asYaml(x));
  if (typeof v !== "object") return v;
  const ref = v as { $config?: unknown; $idOf?: unknown };
  if (typeof ref.$config === "string") return `\${${ref.$config}}`;
  if (typeof ref.$idOf === "string") return `\${${ref.$idOf}.id}`;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, asYaml(x)]));
}

describe.each(Object.entries(examples))("the %s example in YAML", (_name, program) => {
  it("reads back as the example's resources, types, values and config", () => {
    const doc = load(exampleCode(program, view).yaml) as {
      configuration?: Record<string, { type: string; secret?: boolean }>;
      resources: Record<string, unknown>;
    };
    expect(doc.resources).toEqual(
      Object.fromEntries(program.resources.map((r) => [r.name, { type: `pipestack:index:${r.type}`, properties: asYaml(r.inputs) }])),
    );
    expect(doc.configuration ?? {}).toEqual(Object.fromEntries(program.config.map((c) => [c.name, { type: "String", ...(c.secret ? { secret: true } : {}) }])));
  });
});

// End-to-end test program (test/e2e/state-size.test.ts): `count` pipes of the bench's shape
// (bench/program: a Kafka source with credentials, three columns, three mappings) on the face
// `face` names: `dynamic` (the package's `Pipe` class) or `native` (the plugin's type token).
import * as pulumi from "@pulumi/pulumi";
import { Pipe } from "pulumi-pipestack";

const config = new pulumi.Config();
const count = config.requireNumber("count");
const native = config.require("face") === "native";
const password = config.requireSecret("kafkaPassword");
const columns = [
  { name: "id", type: "String" },
  { name: "ts", type: "DateTime" },
  { name: "value", type: "Float64" },
];

/** The native provider's pipe by its type token. */
class NativePipe extends pulumi.CustomResource {
  constructor(name: string, props: pulumi.Inputs) {
    super("pipestack:index:Pipe", name, props);
  }
}

for (let i = 0; i < count; i++) {
  const args = {
    source: {
      kafka: {
        format: "JSONEachRow" as const,
        brokers: "broker-1.example.test:9092",
        topics: "events",
        consumerGroup: `bench-${i}`,
        authentication: "PLAIN" as const,
        credentials: { username: "ingest", password },
      },
    },
    destination: { database: "default", table: `bench_${i}`, managedTable: true, columns },
    fieldMappings: columns.map((c) => ({ sourceField: c.name, destinationField: c.name })),
  };
  if (native) new NativePipe(`bench-${i}`, args);
  else new Pipe(`bench-${i}`, args);
}

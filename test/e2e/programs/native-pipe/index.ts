// One pipe on the native provider, declared by its type token (no SDK is generated for Node
// programs yet): the program of test/e2e/native-interrupted-up.test.ts.
import * as pulumi from "@pulumi/pulumi";

const cfg = new pulumi.Config();

/** The native provider's pipe by its type token. */
class NativePipe extends pulumi.CustomResource {
  constructor(name: string, props: pulumi.Inputs) {
    super("pipestack:index:Pipe", name, props);
  }
}

// `extraColumn`: a pull request adding a column (test/e2e/pr-summary.test.ts).
const columns = cfg.getBoolean("extraColumn") ? ["id", "note"] : ["id"];

const pipe = new NativePipe("events", {
  source: {
    kafka: {
      brokers: "broker-1.example.test:9092",
      topics: "events",
      authentication: "PLAIN",
      credentials: { username: "ingest", password: cfg.requireSecret("kafkaPassword") },
    },
  },
  destination: { database: "default", table: "events", managedTable: true, columns: columns.map((name) => ({ name, type: "String" })) },
  fieldMappings: columns.map((name) => ({ sourceField: name, destinationField: name })),
});

export const pipeId = pipe.id;

// One pipe, on the dynamic face (`face` unset) or on the native provider (`face: native`, with
// `importId` naming the pipe to take over): the migration procedure of docs/native-provider.md.
import * as pulumi from "@pulumi/pulumi";
import { Pipe } from "pulumi-pipestack";

const cfg = new pulumi.Config();
const args = {
  name: "migrated",
  source: {
    kafka: {
      brokers: "broker-1.example.test:9092",
      topics: "migrated",
      authentication: "PLAIN" as const,
      credentials: { username: "ingest", password: cfg.requireSecret("kafkaPassword") },
    },
  },
  destination: { database: "default", table: "migrated", managedTable: true, columns: [{ name: "id", type: "String" }] },
  fieldMappings: [{ sourceField: "id", destinationField: "id" }],
};

/** The native provider's pipe by its type token: no SDK is generated for Node programs yet. */
class NativePipe extends pulumi.CustomResource {
  constructor(name: string, props: pulumi.Inputs, opts?: pulumi.CustomResourceOptions) {
    super("pipestack:index:Pipe", name, props, opts);
  }
}

export const pipeId = cfg.get("face") === "native" ? new NativePipe("events", args, { import: cfg.get("importId") }).id : new Pipe("events", args).id;

// One pipe, on the dynamic face (`face` unset) or on the native provider (`face: native`, with
// `importId` naming the pipe to take over): the migration procedure of docs/native-provider.md.
// With `wholeStack: true`, a reverse private endpoint and a dashboard beside it, for the move of
// a whole stack (the native resources then taken over by `pulumi import --file`).
import * as pulumi from "@pulumi/pulumi";
import { Pipe, ReversePrivateEndpoint, StackDashboard } from "pulumi-pipestack";

const cfg = new pulumi.Config();
const native = cfg.get("face") === "native";
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

/** A native provider's resource by its type token: no SDK is generated for Node programs yet. */
class Native extends pulumi.CustomResource {
  constructor(type: string, name: string, props: pulumi.Inputs, opts?: pulumi.CustomResourceOptions) {
    super(`pipestack:index:${type}`, name, props, opts);
  }
}

export const pipeId = native ? new Native("Pipe", "events", args, { import: cfg.get("importId") }).id : new Pipe("events", args).id;

if (cfg.getBoolean("wholeStack")) {
  const endpoint = {
    description: "migrated brokers",
    type: "VPC_ENDPOINT_SERVICE" as const,
    vpcEndpointServiceName: "com.example.vpce.region-1.vpce-svc-0123456789abcdef0",
    customPrivateDnsMappings: [{ privateDnsName: "*.kafka.internal" }],
  };
  const board = {
    name: "migrated board",
    tiles: [{ name: "Volume", x: 0, y: 0, w: 12, h: 4, series: [{ type: "time" as const, dataSource: "events", aggFn: "count" as const }] }],
  };
  if (native) {
    new Native("ReversePrivateEndpoint", "brokers", endpoint);
    new Native("StackDashboard", "board", board);
  } else {
    new ReversePrivateEndpoint("brokers", endpoint);
    new StackDashboard("board", board);
  }
}

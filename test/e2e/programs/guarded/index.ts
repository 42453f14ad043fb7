// The example policy pack's end-to-end program (test/e2e/policy-pack.test.ts). Compliant by
// default; config breaks one policy each: `replicas` over the budget, `alertTile` naming the
// table tile, `unsecret` undoing the secrecy of the pipe's stored credentials with a transform.
import * as pulumi from "@pulumi/pulumi";
import { Pipe, StackAlert, StackDashboard } from "pulumi-pipestack";

const config = new pulumi.Config();
const unsecret: pulumi.ResourceTransform = (args) => ({
  props: args.props,
  opts: { ...args.opts, additionalSecretOutputs: [] },
});

new Pipe(
  "events",
  {
    source: {
      kafka: {
        brokers: "broker-1.example.test:9092",
        topics: "events",
        authentication: "PLAIN",
        credentials: { username: "ingest", password: config.requireSecret("kafkaPassword") },
      },
    },
    destination: { database: "default", table: "events", managedTable: true, columns: [{ name: "id", type: "String" }] },
    fieldMappings: [{ sourceField: "id", destinationField: "id" }],
    scaling: { replicas: config.getNumber("replicas") ?? 2, replicaCpuMillicores: 500 },
  },
  config.getBoolean("unsecret") ? { transforms: [unsecret] } : {},
);

const board = new StackDashboard("board", {
  tiles: [
    { name: "Errors", x: 0, y: 0, w: 12, h: 4, series: [{ type: "time", dataSource: "events", aggFn: "count", where: "level:error" }] },
    { name: "Top pages", x: 12, y: 0, w: 12, h: 4, series: [{ type: "table", dataSource: "events", aggFn: "count", groupBy: ["page"] }] },
  ],
});

new StackAlert("errors", {
  source: "tile",
  dashboardId: board.id,
  tileId: board.tileIds[config.get("alertTile") ?? "Errors"],
  threshold: 10,
  thresholdType: "above",
  interval: "5m",
  channel: { type: "webhook", webhookId: "6650f0c0de0000000000abcd" },
});

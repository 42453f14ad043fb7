// State-compatibility program (test/e2e/state-compat.test.ts): a pipe with a secret, a dashboard
// and a tile alert. Its committed state (test/e2e/fixtures/state-compat/) was written by an
// earlier release; `generation` 2 changes each resource in place.
import * as pulumi from "@pulumi/pulumi";
import { Pipe, StackAlert, StackDashboard } from "pulumi-pipestack";

const config = new pulumi.Config();
const generation = config.getNumber("generation") ?? 1;
const columns = [
  { name: "id", type: "String" },
  { name: "value", type: "Float64" },
];

const pipe = new Pipe("events", {
  name: `events-v${generation}`,
  source: {
    kafka: {
      brokers: "broker-1.example.test:9092",
      topics: "events",
      authentication: "PLAIN",
      credentials: { username: "ingest", password: config.requireSecret("kafkaPassword") },
    },
  },
  destination: { database: "default", table: "events", managedTable: true, columns },
  fieldMappings: columns.map((c) => ({ sourceField: c.name, destinationField: c.name })),
});

const board = new StackDashboard("board", {
  name: `board-v${generation}`,
  tiles: [{ name: "Errors", x: 0, y: 0, w: 12, h: 4, series: [{ type: "time", dataSource: "events", aggFn: "count", where: "level:error" }] }],
});

new StackAlert("alert", {
  source: "tile",
  dashboardId: board.id,
  tileId: board.tileIds["Errors"],
  threshold: 10 * generation,
  thresholdType: "above",
  interval: "5m",
  channel: { type: "webhook", webhookId: "6a0000000000000000000001" },
});

export const pipeName = pipe.name;
export const pipeState = pipe.state;

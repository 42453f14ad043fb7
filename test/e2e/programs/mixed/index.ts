// Fault-injection program (test/e2e/faults.test.ts): `count` resources of every kind, a fifth
// each of kafka, object-storage and kinesis pipes, dashboards and tile alerts. `generation`
// changes in place the first `changed` of them (renames, new thresholds).
import * as pulumi from "@pulumi/pulumi";
import { Pipe, StackAlert, StackDashboard } from "pulumi-pipestack";

const config = new pulumi.Config();
const count = config.requireNumber("count");
const changed = config.getNumber("changed") ?? 0;
const generation = config.getNumber("generation") ?? 1;
const per = Math.floor(count / 5);

const columns = [
  { name: "id", type: "String" },
  { name: "value", type: "Float64" },
];
const fieldMappings = columns.map((c) => ({ sourceField: c.name, destinationField: c.name }));
const version = (i: number) => (i < changed ? generation : 1);
const destination = (table: string) => ({ database: "default", table, managedTable: true, columns });

const sources = [
  (i: number) => ({
    kafka: {
      brokers: "broker-1.example.test:9092",
      topics: `topic-${i}`,
      authentication: "PLAIN" as const,
      credentials: { username: "ingest", password: config.requireSecret("kafkaPassword") },
    },
  }),
  (i: number) => ({ objectStorage: { url: `https://bucket.example.test/part-${i}/**.json`, format: "JSONEachRow" as const, isContinuous: true } }),
  (i: number) => ({
    kinesis: { streamName: `stream-${i}`, region: "region-1", authentication: "IAM_ROLE" as const, iamRole: "arn:cloud:iam::000000000000:role/ingest" },
  }),
];

export const pipeNames: pulumi.Output<string>[] = [];
let made = 0;
sources.forEach((source, kind) => {
  for (let i = 0; i < per; i++, made++) {
    const pipe = new Pipe(`pipe-${kind}-${i}`, {
      name: `pipe-${kind}-${i}-v${version(made)}`,
      source: source(i),
      destination: destination(`t_${kind}_${i}`),
      fieldMappings,
    });
    pipeNames.push(pipe.name);
  }
});

for (let i = 0; i < per; i++) {
  const board = new StackDashboard(`board-${i}`, {
    name: `board-${i}`,
    tiles: [
      { name: "Errors", x: 0, y: 0, w: 12, h: 4, series: [{ type: "time", dataSource: "events", aggFn: "count", where: "level:error" }] },
      { name: "Volume", x: 12, y: 0, w: 12, h: 4, series: [{ type: "time", dataSource: "events", aggFn: "count" }] },
    ],
  });
  new StackAlert(`alert-${i}`, {
    source: "tile",
    dashboardId: board.id,
    tileId: board.tileIds["Errors"],
    threshold: 10 * version(made + i),
    thresholdType: "above",
    interval: "5m",
    channel: { type: "webhook", webhookId: i.toString(16).padStart(24, "0") },
  });
}

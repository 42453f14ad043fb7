// The type-check bench's baseline (bench/lib/type-check.js): every-kind.ts's program without the
// package, the same declarations made of the Pulumi SDK's own classes.
import * as pulumi from "@pulumi/pulumi";

const config = new pulumi.Config();
const columns = [
  { name: "id", type: "String" },
  { name: "ts", type: "DateTime" },
];

class Resource extends pulumi.CustomResource {
  declare readonly state: pulumi.Output<string>;
  constructor(type: string, name: string, args: pulumi.Inputs) {
    super(type, name, args);
  }
}

const endpoint = new Resource("bench:index:ReversePrivateEndpoint", "brokers", {
  description: "brokers",
  type: "VPC_ENDPOINT_SERVICE",
  vpcEndpointServiceName: "com.example.vpce.region-1.vpce-svc-0123456789abcdef0",
  customPrivateDnsMappings: [{ privateDnsName: "*.kafka.internal" }],
});

const pipe = new Resource("bench:index:Pipe", "events", {
  source: {
    kafka: {
      format: "JSONEachRow",
      brokers: "broker-1:9092",
      topics: "events",
      authentication: "PLAIN",
      credentials: { username: "ingest", password: config.requireSecret("kafkaPassword") },
      reversePrivateEndpointIds: [endpoint.id],
    },
  },
  destination: { database: "default", table: "events", managedTable: true, columns },
  fieldMappings: columns.map((c) => ({ sourceField: c.name, destinationField: c.name })),
  scaling: { replicas: 2 },
});

const sources = pulumi.output([{ id: "logs", kind: "log" }]);
const logs = sources.apply((list) => list.find((s) => s.kind === "log")?.id ?? "");
const webhook = new Resource("bench:index:StackWebhook", "on-call", {
  name: "on-call",
  url: "https://hooks.example.com/on-call",
  headers: { Authorization: config.requireSecret("webhookToken").apply((t) => `Bearer ${t}`) },
});
const board = new Resource("bench:index:StackDashboard", "board", {
  name: "Board",
  tiles: [
    { name: "Errors", x: 0, y: 0, w: 12, h: 4, config: { displayType: "line", sourceId: logs, select: [{ aggFn: "count", where: "level:error" }] } },
    { name: "Notes", x: 12, y: 0, w: 12, h: 4, config: { displayType: "markdown", markdown: "Runbook" } },
  ],
  tags: ["bench"],
});
const search = new Resource("bench:index:StackSavedSearch", "errors", { name: "Errors", sourceId: logs, where: "level:error", select: "Timestamp, Body" });
const tileAlert = new Resource("bench:index:StackAlert", "errors-tile", {
  name: "Errors",
  source: "tile",
  dashboardId: board.id,
  tile: "Errors",
  threshold: 10,
  thresholdType: "above",
  interval: "5m",
  channel: { type: "webhook", webhookId: webhook.id },
});
const searchAlert = new Resource("bench:index:StackAlert", "errors-search", {
  name: "Error burst",
  source: "saved_search",
  savedSearchId: search.id,
  threshold: 5,
  thresholdType: "above",
  interval: "15m",
  channels: [{ type: "webhook", webhookId: webhook.id }],
});
const ready = pulumi.output([{ id: "rpe-1", status: "Ready" }]);
const hooks = pulumi.output([{ id: "hook-1", name: "on-call" }]);

export const pipeState = pipe.state;
export const table = pipe.urn;
export const endpointStatus = endpoint.state;
export const tileIds = board.id;
export const alertStates = pulumi.all([tileAlert.state, searchAlert.state]);
export const searchWhere = search.state;
export const hookUrl = webhook.state;
export const readyIds = ready.apply((list) => list.map((e) => e.id));
export const hookNames = hooks.apply((list) => list.map((h) => h.name));

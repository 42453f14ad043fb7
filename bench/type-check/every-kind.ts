// The type-check bench's program (bench/lib/type-check.js): every resource kind and function of
// the package, declared and read as a program does. Its twin, pulumi-only.ts, is the same program
// without the package: the compiler's cost of the package is the difference.
import * as pulumi from "@pulumi/pulumi";
import {
  Pipe,
  ReversePrivateEndpoint,
  StackAlert,
  StackDashboard,
  StackSavedSearch,
  StackWebhook,
  getReversePrivateEndpointsOutput,
  getStackSourcesOutput,
  getStackWebhooksOutput,
} from "pulumi-pipestack";

const config = new pulumi.Config();
const columns = [
  { name: "id", type: "String" },
  { name: "ts", type: "DateTime" },
];

const endpoint = new ReversePrivateEndpoint("brokers", {
  description: "brokers",
  type: "VPC_ENDPOINT_SERVICE",
  vpcEndpointServiceName: "com.example.vpce.region-1.vpce-svc-0123456789abcdef0",
  customPrivateDnsMappings: [{ privateDnsName: "*.kafka.internal" }],
});

const pipe = new Pipe("events", {
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

const sources = getStackSourcesOutput();
const logs = sources.apply((list) => list.find((s) => s.kind === "log")?.id ?? "");
const webhook = new StackWebhook("on-call", {
  name: "on-call",
  url: "https://hooks.example.com/on-call",
  headers: { Authorization: config.requireSecret("webhookToken").apply((t) => `Bearer ${t}`) },
});
const board = new StackDashboard("board", {
  name: "Board",
  tiles: [
    { name: "Errors", x: 0, y: 0, w: 12, h: 4, config: { displayType: "line", sourceId: logs, select: [{ aggFn: "count", where: "level:error" }] } },
    { name: "Notes", x: 12, y: 0, w: 12, h: 4, config: { displayType: "markdown", markdown: "Runbook" } },
  ],
  tags: ["bench"],
});
const search = new StackSavedSearch("errors", { name: "Errors", sourceId: logs, where: "level:error", select: "Timestamp, Body" });
const tileAlert = new StackAlert("errors-tile", {
  name: "Errors",
  source: "tile",
  dashboardId: board.id,
  tile: "Errors",
  threshold: 10,
  thresholdType: "above",
  interval: "5m",
  channel: { type: "webhook", webhookId: webhook.id },
});
const searchAlert = new StackAlert("errors-search", {
  name: "Error burst",
  source: "saved_search",
  savedSearchId: search.id,
  threshold: 5,
  thresholdType: "above",
  interval: "15m",
  channels: [{ type: "webhook", webhookId: webhook.id }],
});
const ready = getReversePrivateEndpointsOutput({ status: "Ready" });
const hooks = getStackWebhooksOutput();

export const pipeState = pipe.state;
export const table = pipe.destination.apply((d) => d.table);
export const endpointStatus = endpoint.status;
export const tileIds = board.tileIds;
export const alertStates = pulumi.all([tileAlert.state, searchAlert.state]);
export const searchWhere = search.where;
export const hookUrl = webhook.url;
export const readyIds = ready.apply((list) => list.map((e) => e.id));
export const hookNames = hooks.apply((list) => list.map((h) => h.name));

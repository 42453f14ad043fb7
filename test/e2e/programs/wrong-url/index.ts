// End-to-end test program (test/e2e/wrong-url.test.ts): one resource of every kind, the stack
// objects on the open-source server (`pipestack:stackUrl`) and one dashboard through the cloud
// `/stack` proxy (it names its service, so it goes there). A current server (2.36.0) is assumed.
import * as pulumi from "@pulumi/pulumi";
import { Pipe, ReversePrivateEndpoint, StackAlert, StackDashboard, StackSavedSearch, getStackSourcesOutput } from "pulumi-pipestack";

const config = new pulumi.Config();
const logs = getStackSourcesOutput().apply((list) => list.find((s) => s.kind === "log")!.id);
const columns = [{ name: "id", type: "String" }];

new Pipe("files", {
  name: "wrong-url-files",
  source: { objectStorage: { url: "https://bucket.example.test/wrong-url/**.json", format: "JSONEachRow", isContinuous: true } },
  destination: { database: "default", table: "wrong_url_files", managedTable: true, columns },
  fieldMappings: [{ sourceField: "id", destinationField: "id" }],
});

new ReversePrivateEndpoint("brokers", {
  description: "wrong-url brokers",
  type: "VPC_ENDPOINT_SERVICE",
  vpcEndpointServiceName: "com.example.vpce.region-1.vpce-svc-0123456789abcdef0",
});

const tiles = [{ name: "Errors", x: 0, y: 0, w: 12, h: 4, series: [{ type: "time" as const, sourceId: logs, aggFn: "count" as const, where: "level:error" }] }];
const board = new StackDashboard("board", { tiles });
new StackAlert("alert", {
  source: "tile",
  dashboardId: board.id,
  tileId: board.tileIds["Errors"],
  threshold: 10,
  thresholdType: "above",
  interval: "5m",
  channel: { type: "webhook", webhookId: config.require("webhookId") },
});
new StackSavedSearch("search", { name: "wrong-url errors", sourceId: logs, where: "level:error" });

const cloudLogs = getStackSourcesOutput({ organizationId: config.require("organizationId"), serviceId: config.require("serviceId") }).apply(
  (list) => list.find((s) => s.kind === "log")!.id,
);
new StackDashboard("cloud-board", {
  organizationId: config.require("organizationId"),
  serviceId: config.require("serviceId"),
  tiles: [{ name: "Errors", x: 0, y: 0, w: 12, h: 4, series: [{ type: "time", sourceId: cloudLogs, aggFn: "count", where: "level:error" }] }],
});

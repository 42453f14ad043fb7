// A dashboard of the observability stack and an alert on one of its tiles.
//
// Target: the stack of your cloud service by default (through the cloud API's `/stack` proxy,
// with the same pipestack:apiUrl/keyId/keySecret/organizationId/serviceId settings as pipes).
// To use an open-source stack server instead:
//
//   pulumi config set pipestack:stackUrl https://stack.example.com
//   pulumi config set --secret pipestack:stackToken <access key>
//
// Moving between targets creates the dashboard and alert on the new one and deletes the old.
import * as pulumi from "@pulumi/pulumi";
import { StackAlert, StackDashboard, getStackSourcesOutput } from "pulumi-pipestack";

const config = new pulumi.Config();

const board = new StackDashboard("checkout", {
  name: config.get("dashboardName") ?? "Checkout",
  tiles: [
    {
      name: "Errors",
      x: 0, y: 0, w: 12, h: 4,
      series: [{ type: "time", dataSource: "events", aggFn: "count", where: config.get("errorFilter") ?? "level:error service:checkout" }],
    },
    {
      name: "Latency",
      x: 12, y: 0, w: 12, h: 4,
      series: [{ type: "time", dataSource: "events", aggFn: "avg", field: "duration", where: "service:checkout" }],
    },
  ],
  tags: ["checkout"],
});

// Alerts follow tiles by id: `tileIds` maps each tile's key (its name here) to its id, and a
// tile keeps its id when the dashboard is updated.
const errors = new StackAlert("checkout-errors", {
  name: "Checkout errors",
  source: "tile",
  dashboardId: board.id,
  tileId: board.tileIds["Errors"],
  threshold: config.getNumber("errorThreshold") ?? 10,
  thresholdType: "above",
  interval: "5m",
  channel: { type: "webhook", webhookId: config.get("webhookId") ?? "6650f0c0de0000000000abcd" },
  message: "More than the usual errors at checkout in the last 5 minutes",
});

export const target = new pulumi.Config("pipestack").get("stackUrl") ? "open-source stack server" : "cloud service stack";
export const dashboardId = board.id;
export const tileIds = board.tileIds;
export const alertId = errors.id;
export const alertState = errors.state;
export const sources = getStackSourcesOutput().apply((list) => list.map((s) => `${s.name} (${s.kind})`));

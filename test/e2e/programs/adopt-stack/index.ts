// End-to-end test program (test/e2e/stack-adopt.test.ts): a dashboard and a tile alert made
// outside Pulumi, adopted by id, with a new layout and an added tile. Its series name their source
// both ways (`dataSource` and `sourceId`), so either server generation takes it.
import * as pulumi from "@pulumi/pulumi";
import { StackAlert, StackDashboard, getStackSourcesOutput } from "pulumi-pipestack";

const config = new pulumi.Config();
const logs = getStackSourcesOutput().apply((list) => list.find((s) => s.kind === "log")!.id);

const board = new StackDashboard("adopted-board", {
  adoptId: config.require("dashboardId"),
  name: "Adopted board",
  tiles: [
    { name: "Errors", x: 0, y: 0, w: 24, h: 4, series: [{ type: "time", dataSource: "events", sourceId: logs, aggFn: "count", where: "level:error" }] },
    { name: "Volume", x: 0, y: 4, w: 24, h: 4, series: [{ type: "time", dataSource: "events", sourceId: logs, aggFn: "count" }] },
  ],
});

const alert = new StackAlert("adopted-alert", {
  adoptId: config.require("alertId"),
  source: "tile",
  dashboardId: board.id,
  tileId: board.tileIds["Errors"],
  threshold: 42,
  thresholdType: "above",
  interval: "15m",
  channel: { type: "webhook", webhookId: config.require("webhookId") },
});

export const dashboardId = board.id;
export const errorsTileId = board.tileIds["Errors"];
export const alertId = alert.id;

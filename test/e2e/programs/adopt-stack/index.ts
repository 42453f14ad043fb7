// End-to-end test program (test/e2e/stack-adopt.test.ts): a dashboard and a tile alert made
// outside Pulumi, adopted by id, with a new layout and an added tile.
import * as pulumi from "@pulumi/pulumi";
import { StackAlert, StackDashboard } from "pulumi-pipestack";

const config = new pulumi.Config();

const board = new StackDashboard("adopted-board", {
  adoptId: config.require("dashboardId"),
  name: "Adopted board",
  tiles: [
    { name: "Errors", x: 0, y: 0, w: 24, h: 4, series: [{ type: "time", dataSource: "events", aggFn: "count", where: "level:error" }] },
    { name: "Volume", x: 0, y: 4, w: 24, h: 4, series: [{ type: "time", dataSource: "events", aggFn: "count" }] },
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
  channel: { type: "webhook", webhookId: "hook-adopted" },
});

export const dashboardId = board.id;
export const errorsTileId = board.tileIds["Errors"];
export const alertId = alert.id;

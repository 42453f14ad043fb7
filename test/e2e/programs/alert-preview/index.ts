// End-to-end test program (test/e2e/alert-preview.test.ts): one dashboard whose layout comes
// from config, and two alerts on its "Errors" tile, one naming it by name, one by id. Its series
// name their source both ways (`dataSource` and `sourceId`), so either server generation takes it.
import * as pulumi from "@pulumi/pulumi";
import { StackAlert, StackDashboard, getStackSourcesOutput, type StackTileArgs } from "pulumi-pipestack";

const config = new pulumi.Config();
const errorsWidth = config.getNumber("errorsWidth") ?? 12;
// `dropErrors`: the dashboard loses its "Errors" tile while the alerts on it stay in the program;
// `byId: false` leaves out the alert by id, `byName: false` the one by name (so that the check of
// one alert fails alone: the engine stops at whichever failing check answers first).
const dropErrors = config.getBoolean("dropErrors") ?? false;
const logs = getStackSourcesOutput().apply((list) => list.find((s) => s.kind === "log")!.id);

const board = new StackDashboard("board", {
  tiles: dropErrors ? tiles().slice(1) : tiles(),
});

function tiles(): StackTileArgs[] {
  return [
    {
      name: "Errors",
      x: 0,
      y: 0,
      w: errorsWidth,
      h: 4,
      series: [{ type: "time", dataSource: "events", sourceId: logs, aggFn: "count", where: "level:error" }],
    },
    { name: "Volume", x: 0, y: 4, w: 24, h: 4, series: [{ type: "time", dataSource: "events", sourceId: logs, aggFn: "count" }] },
  ];
}

const alert = {
  source: "tile",
  threshold: 10,
  thresholdType: "above",
  interval: "5m",
  channel: { type: "webhook", webhookId: config.require("webhookId") },
} as const;
const byName = (config.getBoolean("byName") ?? true) ? new StackAlert("by-name", { ...alert, dashboardId: board.id, tile: "Errors" }) : undefined;
if (config.getBoolean("byId") ?? true) new StackAlert("by-id", { ...alert, dashboardId: board.id, tileId: board.tileIds["Errors"] });

export const errorsTileId = board.tileIds["Errors"];
export const byNameTileId = byName?.tileId;

// One dashboard of `tiles` line tiles and an alert on each tile: many requests in parallel on one
// stack server key, as a large stack sends them (test/e2e/rate-limit.test.ts, and the bench's
// rate-limited run). The source and the webhook come from the config, so the program itself
// sends no request: every request counted is the resources'.
import * as pulumi from "@pulumi/pulumi";
import { StackAlert, StackDashboard, type StackTileArgs } from "pulumi-pipestack";

const config = new pulumi.Config();
const count = config.requireNumber("tiles");
const sourceId = config.require("sourceId");
const webhookId = config.require("webhookId");

const tiles: StackTileArgs[] = Array.from({ length: count }, (_, i) => ({
  name: `Errors ${i}`,
  x: (i % 4) * 6,
  y: Math.floor(i / 4) * 4,
  w: 6,
  h: 4,
  config: { displayType: "line", sourceId, select: [{ aggFn: "count", where: `level:error service:s${i}` }] },
}));
const board = new StackDashboard("board", { name: "Tile alerts", tiles });

for (let i = 0; i < count; i++) {
  new StackAlert(`alert-${i}`, {
    name: `Errors ${i}`,
    source: "tile",
    dashboardId: board.id,
    tile: `Errors ${i}`,
    threshold: 10,
    thresholdType: "above",
    interval: "5m",
    channel: { type: "webhook", webhookId },
  });
}

export const dashboardId = board.id;

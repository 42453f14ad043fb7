// End-to-end test program (test/e2e/alert-preview.test.ts): one dashboard whose layout comes
// from config, and two alerts on its "Errors" tile, one naming it by name, one by id. Its series
// name their source both ways (`dataSource` and `sourceId`), so either server generation takes it.
// `face: native` declares the same resources on the native provider plugin, by their type tokens
// (no SDK is generated for Node programs yet), so a test runs one case list on both faces.
import * as pulumi from "@pulumi/pulumi";
import { StackAlert, StackDashboard, StackWebhook, getStackSourcesOutput, type StackSourceRecord, type StackTileArgs } from "pulumi-pipestack";

const config = new pulumi.Config();
const native = config.get("face") === "native";
const errorsWidth = config.getNumber("errorsWidth") ?? 12;
// `dropErrors`: the dashboard loses its "Errors" tile while the alerts on it stay in the program;
// `byId: false` leaves out the alert by id, `byName: false` the one by name (so that the check of
// one alert fails alone: the engine stops at whichever failing check answers first).
const dropErrors = config.getBoolean("dropErrors") ?? false;
// `errorsName`: the "Errors" tile renamed (in place with `errorsKey: Errors`; without a key, a removal and an
// addition); `byNameTile`: the tile the alert by name names.
const errorsName = config.get("errorsName");
const errorsKey = config.get("errorsKey");
const byNameTile = config.get("byNameTile") ?? "Errors";

/** A native provider's resource by its type token; its outputs read are named with `undefined`, as a generated SDK does. */
class Native extends pulumi.CustomResource {
  declare readonly tileIds: pulumi.Output<Record<string, string>>;
  declare readonly tileId: pulumi.Output<string>;
  constructor(type: string, name: string, props: pulumi.Inputs) {
    super(`pipestack:index:${type}`, name, props);
  }
}

const sources: pulumi.Output<StackSourceRecord[]> = native
  ? pulumi.runtime.invokeOutput<{ items: StackSourceRecord[] }>("pipestack:index:getStackSources", {}).apply((r) => r.items)
  : getStackSourcesOutput();
const logs = sources.apply((list) => list.find((s) => s.kind === "log")!.id);

const args = { tiles: dropErrors ? tiles().slice(1) : tiles() };
const board = native ? new Native("StackDashboard", "board", { ...args, tileIds: undefined }) : new StackDashboard("board", args);

function tiles(): StackTileArgs[] {
  return [
    {
      name: errorsName ?? "Errors",
      ...(errorsKey ? { key: errorsKey } : {}),
      x: 0,
      y: 0,
      w: errorsWidth,
      h: 4,
      series: [{ type: "time", dataSource: "events", sourceId: logs, aggFn: "count", where: "level:error" }],
    },
    { name: "Volume", x: 0, y: 4, w: 24, h: 4, series: [{ type: "time", dataSource: "events", sourceId: logs, aggFn: "count" }] },
  ];
}

// `newWebhooks`: the alerts post to two webhooks made in the same run (their ids not known at the preview).
const newWebhooks = config.getBoolean("newWebhooks") ?? false;
const webhook = (name: string): pulumi.Output<string> => {
  const props = { name: `e2e ${name}`, url: `https://hooks.example.com/${name}` };
  return (native ? new Native("StackWebhook", name, props) : new StackWebhook(name, props)).id;
};
const channels = newWebhooks ? [webhook("hook-a"), webhook("hook-b")].map((webhookId) => ({ type: "webhook" as const, webhookId })) : undefined;

const alert = {
  source: "tile",
  threshold: 10,
  thresholdType: "above",
  interval: "5m",
  ...(channels ? { channels } : { channel: { type: "webhook" as const, webhookId: config.require("webhookId") } }),
} as const;
const declareAlert = (name: string, on: { tile: string } | { tileId: pulumi.Input<string> }) => {
  const props = { ...alert, dashboardId: board.id, ...on };
  return native ? new Native("StackAlert", name, { ...props, tileId: undefined, ...on }) : new StackAlert(name, props);
};
const byName = (config.getBoolean("byName") ?? true) ? declareAlert("by-name", { tile: byNameTile }) : undefined;
if (config.getBoolean("byId") ?? true) declareAlert("by-id", { tileId: board.tileIds["Errors"] });

export const errorsTileId = board.tileIds["Errors"];
export const byNameTileId = byName?.tileId;

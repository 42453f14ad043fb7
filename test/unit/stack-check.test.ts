import { beforeEach, describe, expect, it } from "vitest";
import { alertEngine as alert, dashboardEngine as dashboard } from "../support/engines";
import { UNKNOWN } from "../../provider/schemas/unknown";
import { alertInputs, cloudConfig, configureWith, dashboardInputs, series, tile } from "../support/stack-fixtures";

type Input = Record<string, any>;
type Case = [what: string, input: Input, property: string, reason: RegExp];

const tiles = (...t: Input[]) => dashboardInputs({ tiles: t });
const many = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));

beforeEach(() => configureWith(cloudConfig));

async function failuresOf(impl: typeof dashboard, input: Input) {
  const result = await impl.check({}, input);
  return result.failures ?? [];
}

describe("StackDashboard check: refusals carry property paths", () => {
  const cases: Case[] = [
    ["name too long", dashboardInputs({ name: "n".repeat(1025) }), "name", /at most 1024/],
    ["empty name", dashboardInputs({ name: "" }), "name", /empty/],
    ["x past the grid", tiles(tile("A", { x: 24, w: 1 })), "tiles[0].x", /at most 23/],
    ["negative x", tiles(tile("A", { x: -1 })), "tiles[0].x", /at least 0/],
    ["fractional x", tiles(tile("A", { x: 1.5 })), "tiles[0].x", /integer/],
    ["negative y", tiles(tile("A", { y: -1 })), "tiles[0].y", /at least 0/],
    ["zero width", tiles(tile("A", { w: 0 })), "tiles[0].w", /at least 1/],
    ["too wide", tiles(tile("A", { x: 0, w: 25 })), "tiles[0].w", /at most 24/],
    ["x + w past 24", tiles(tile("A"), tile("B", { x: 20, w: 6 })), "tiles[1].w", /x \+ w must be at most 24/],
    ["zero height", tiles(tile("A", { h: 0 })), "tiles[0].h", /at least 1/],
    ["no series", tiles(tile("A", { series: [] })), "tiles[0].series", /at least one/],
    ["mixed series types", tiles(tile("A", { series: [series(), series({ type: "number" })] })), "tiles[0].series[1].type", /same type/],
    ["series without aggFn", tiles(tile("A", { series: [{ type: "time", dataSource: "events" }] })), "tiles[0].series[0].aggFn", /Required/],
    ["groupBy over 10", tiles(tile("A", { series: [series({ groupBy: many(11, (i) => `g${i}`) })] })), "tiles[0].series[0].groupBy", /at most 10/],
    ["duplicate names", tiles(tile("A"), tile("A", { x: 6 })), "tiles[1].name", /also identifies tiles\[0\]/],
    ["duplicate keys", tiles(tile("A", { key: "k" }), tile("B", { key: "k", x: 6 })), "tiles[1].key", /duplicates the key of tiles\[0\]/],
    ["a key equal to another tile's name", tiles(tile("A"), tile("B", { key: "A", x: 6 })), "tiles[1].key", /duplicates/],
    ["unknown tile field", tiles(tile("A", { colour: "red" })), "tiles[0].colour", /not a known field/],
    ["over 500 tiles", tiles(...many(501, (i) => tile(`t${i}`))), "tiles", /at most 500/],
    ["over 50 tags", dashboardInputs({ tags: many(51, (i) => `t${i}`) }), "tags", /at most 50/],
    ["a tag over 32 characters", dashboardInputs({ tags: ["x".repeat(33)] }), "tags[0]", /at most 32/],
    ["tiles missing", dashboardInputs({ tiles: undefined }), "tiles", /Required/],
    ["stackUrl not a URL", dashboardInputs({ stackUrl: "stack.example" }), "stackUrl", /URL/],
  ];
  it.each(cases)("%s -> %s", async (_what, input, property, reason) => {
    const failures = await failuresOf(dashboard, input);
    const hit = failures.find((f) => f.property === property);
    expect(hit, JSON.stringify(failures)).toBeDefined();
    expect(hit!.reason).toMatch(reason);
  });

  const valid: [string, Input][] = [
    ["the base dashboard", dashboardInputs()],
    ["a tile filling the last column (x 23, w 1)", tiles(tile("A", { x: 23, w: 1 }))],
    ["full width (x 0, w 24)", tiles(tile("A", { w: 24 }))],
    ["500 tiles", tiles(...many(500, (i) => tile(`t${i}`, { y: i })))],
    ["50 tags of 32 characters", dashboardInputs({ tags: many(50, (i) => `${i}`.padStart(32, "x")) })],
    ["groupBy of 10", tiles(tile("A", { series: [series({ groupBy: many(10, (i) => `g${i}`) })] }))],
    ["same name, distinct keys", tiles(tile("A", { key: "a1" }), tile("A", { key: "a2", x: 6 }))],
    ["no tiles", dashboardInputs({ tiles: [] })],
    ["unknown tiles", dashboardInputs({ tiles: UNKNOWN })],
    ["unknown name", dashboardInputs({ name: UNKNOWN })],
    ["unknown tags", dashboardInputs({ tags: UNKNOWN })],
    ["unknown x", tiles(tile("A", { x: UNKNOWN, w: 24 }))],
    ["unknown series", tiles(tile("A", { series: UNKNOWN }))],
    ["unknown series type next to a known one", tiles(tile("A", { series: [series(), series({ type: UNKNOWN })] }))],
    ["unknown keys (duplicates cannot be told yet)", tiles(tile("A", { key: UNKNOWN }), tile("A", { key: UNKNOWN, x: 6 }))],
    ["unknown stackUrl", dashboardInputs({ stackUrl: UNKNOWN })],
  ];
  it.each(valid)("passes: %s", async (_what, input) => {
    expect(await failuresOf(dashboard, input)).toEqual([]);
  });
});

describe("StackAlert check: refusals carry property paths", () => {
  const cases: Case[] = [
    ["interval not on the list", alertInputs({ interval: "2m" }), "interval", /'1m' \| '5m'/],
    ["thresholdType other than above/below", alertInputs({ thresholdType: "over" }), "thresholdType", /above/],
    ["source other than tile/search", alertInputs({ source: "log" }), "source", /tile/],
    ["tile alert without dashboardId", alertInputs({ dashboardId: undefined }), "dashboardId", /required for a tile alert/],
    ["tile alert without tileId", alertInputs({ tileId: undefined }), "tileId", /required for a tile alert/],
    ["webhook channel without webhookId", alertInputs({ channel: { type: "webhook" } }), "channel.webhookId", /required for a webhook channel/],
    ["webhook channel with an empty webhookId", alertInputs({ channel: { type: "webhook", webhookId: "" } }), "channel.webhookId", /required/],
    ["channel of another type", alertInputs({ channel: { type: "email", webhookId: "x" } }), "channel.type", /webhook/],
    ["empty name", alertInputs({ name: "" }), "name", /empty/],
    ["name over 512", alertInputs({ name: "n".repeat(513) }), "name", /at most 512/],
    ["empty message", alertInputs({ message: "" }), "message", /empty/],
    ["message over 4096", alertInputs({ message: "m".repeat(4097) }), "message", /at most 4096/],
    ["threshold as text", alertInputs({ threshold: "10" }), "threshold", /number/],
    ["threshold missing", alertInputs({ threshold: undefined }), "threshold", /Required/],
    ["search alert naming a tile", alertInputs({ source: "search", dashboardId: undefined }), "tileId", /only taken by a tile alert/],
    ["tile alert naming a saved search", alertInputs({ savedSearchId: "s1" }), "savedSearchId", /only taken by a search alert/],
    ["unknown field", alertInputs({ severity: "high" }), "severity", /not a known field/],
  ];
  it.each(cases)("%s -> %s", async (_what, input, property, reason) => {
    const failures = await failuresOf(alert, input);
    const hit = failures.find((f) => f.property === property);
    expect(hit, JSON.stringify(failures)).toBeDefined();
    expect(hit!.reason).toMatch(reason);
  });

  const valid: [string, Input][] = [
    ...(["1m", "5m", "15m", "30m", "1h", "6h", "12h", "1d"].map((interval) => [`interval ${interval}`, alertInputs({ interval })]) as [string, Input][]),
    ["below", alertInputs({ thresholdType: "below" })],
    ["a search alert", alertInputs({ source: "search", dashboardId: undefined, tileId: undefined, savedSearchId: "s1", groupBy: "service" })],
    ["name of 512, message of 4096", alertInputs({ name: "n".repeat(512), message: "m".repeat(4096) })],
    ["unknown tileId (a dashboard's tileIds in a preview)", alertInputs({ tileId: UNKNOWN })],
    ["unknown dashboardId", alertInputs({ dashboardId: UNKNOWN })],
    ["unknown interval", alertInputs({ interval: UNKNOWN })],
    ["unknown threshold", alertInputs({ threshold: UNKNOWN })],
    ["unknown channel", alertInputs({ channel: UNKNOWN })],
    ["unknown webhookId", alertInputs({ channel: { type: "webhook", webhookId: UNKNOWN } })],
    ["unknown source with a tile", alertInputs({ source: UNKNOWN })],
    ["unknown savedSearchId on a tile alert (may resolve to nothing)", alertInputs({ savedSearchId: UNKNOWN })],
  ];
  it.each(valid)("passes: %s", async (_what, input) => {
    expect(await failuresOf(alert, input)).toEqual([]);
  });
});

describe("check runs before any network call", () => {
  it("answers with every failure at once, though the configured API address refuses connections", async () => {
    configureWith({ ...cloudConfig, apiUrl: "http://127.0.0.1:1" });
    const failures = await failuresOf(dashboard, tiles(tile("A", { x: -1 }), tile("A", { h: 0 })));
    expect(failures.map((f) => f.property).sort()).toEqual(["tiles[0].x", "tiles[1].h", "tiles[1].name"]);
  });
});

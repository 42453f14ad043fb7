/**
 * A tile's config refused on the native face (the plugin's check, against the emulator): a field
 * its display type does not take, a select of the wrong kind, snake_case keys a program sent as
 * written: each a failure naming the property path in the package schema's names, and not one
 * request that writes. A good config passes, the string select back under its schema name.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import * as ops from "../../provider/native/operations";
import { resourceOf } from "../../provider/native/resources";
import { startTestEmulator } from "../support/emulator";
import { useTarget } from "../support/stack-targets";
import { storedStack } from "../support/stored";

type Obj = Record<string, unknown>;

const dashboard = resourceOf("pipestack:index:StackDashboard")!;
const URN = "urn:pulumi:s::p::pipestack:index:StackDashboard::board";
let emulator: Emulator;
let source: string;

beforeAll(async () => {
  emulator = await startTestEmulator({ stackApiVersion: "2.36.0" });
  useTarget("server", emulator);
  source = storedStack(emulator, "server").sources.find((s) => s.kind === "log")!.id;
});
afterAll(() => emulator?.close());

const board = (config: Obj): Obj => ({ name: "board", tiles: [{ name: "T", x: 0, y: 0, w: 12, h: 4, config }] });

/** Requests that write (anything but a GET) the emulator received. */
const writes = () =>
  Object.entries(emulator.control.stats().byRoute)
    .filter(([route]) => !route.startsWith("GET "))
    .reduce((n, [, count]) => n + count, 0);

describe("a tile's config on the native face", () => {
  // Issue 42: `select` and `selectText` both given got two reasons that contradicted the schema.
  it.each(["line", "search"])("select and selectText both, on a %s tile: one failure, with one true reason", async (displayType) => {
    const config = { displayType, sourceId: source, select: [{ aggFn: "count" }], selectText: "timestamp" };
    const { failures } = await ops.check(dashboard, URN, {}, board(config));
    expect(failures).toEqual([
      {
        property: "tiles[0].config.selectText",
        reason: "is the text form of `select`: give `select` (a list) or `selectText` (a string), not both (which one a display type takes is in its schema)",
      },
    ]);
  });

  it.each<[string, () => Obj, string, RegExp]>([
    [
      "a field of another display type (a table's on a line)",
      () => ({ displayType: "line", sourceId: source, select: [{ aggFn: "count" }], groupByColumnsOnLeft: true }),
      "tiles[0].config.groupByColumnsOnLeft",
      /^is not a field of a `line` tile; the display types that take it: table$/,
    ],
    ["a list select on a search tile", () => ({ displayType: "search", sourceId: source, select: [{ aggFn: "count" }] }), "tiles[0].config.select", /string/],
    [
      "a text select on a line tile, named by its schema name",
      () => ({ displayType: "line", sourceId: source, selectText: "timestamp" }),
      "tiles[0].config.selectText",
      /array/,
    ],
    // The engine prints a nested property's value as `{<nil>}`: the reason names the value given.
    ["a display type no tile has", () => ({ displayType: "bogus", sourceId: source }), "tiles[0].config.displayType", /, received "bogus"$/],
    ["snake_case keys sent as written", () => ({ display_type: "line", source_id: source }), "tiles[0].config.displayType", /./],
  ])("%s: refused at check with the path %s, nothing written", async (_what, config, property, reason) => {
    const before = writes();
    const { failures } = await ops.check(dashboard, URN, {}, board(config()));
    const at = failures.filter((f) => f.property === property);
    expect(at, JSON.stringify(failures)).toHaveLength(1);
    expect(at[0].reason).toMatch(reason);
    expect(writes()).toBe(before);
  });

  it("passes a search tile's selectText, and answers it under the same name", async () => {
    const config = { displayType: "search", sourceId: source, selectText: "timestamp, body", where: "level:error" };
    const { inputs, failures } = await ops.check(dashboard, URN, {}, board(config));
    expect(failures).toEqual([]);
    expect((inputs.tiles as Obj[])[0].config).toEqual(config);
  });
});

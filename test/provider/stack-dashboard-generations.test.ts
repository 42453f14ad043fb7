/**
 * Dashboard fields only current servers keep (`filters`, `savedQuery`, `savedQueryLanguage`,
 * `savedFilterValues`, `containers`): on a current server they round-trip with no change left;
 * on a first-generation server, which would drop them (and every later preview would show them
 * again), the `up` is refused naming them, before any write. A dashboard without them never asks
 * the server's generation. A series `field: ""` passes check, as the server takes it.
 */
import { describe, expect, it } from "vitest";
import { storedStack } from "../support/stored";
import { dashboardEngine as dashboardImpl, EXISTING } from "../support/engines";
import { filter, series, tile } from "../support/stack-fixtures";
import { TARGETS, useTarget } from "../support/stack-targets";
import { preview, up } from "../support/engine-run";
import { startGenerations } from "../support/stack-generations";

type Obj = Record<string, any>;
const both = startGenerations();

describe.each(TARGETS)("savedFilterValues on a current server, %s target", (kind) => {
  it("are sent, stored, read back with no change left (type left out), edited and cleared", async () => {
    const emulator = both.current;
    useTarget(kind, emulator);
    const source = storedStack(emulator, kind).sources[0].id;
    const stored = (id: string): Obj => storedStack(emulator, kind).dashboards.find((d) => d.id === id)!;
    const program = {
      name: "saved values",
      tiles: [tile("T", { series: [series({ sourceId: source })] })],
      filters: [filter({}, source)],
      savedFilterValues: [{ condition: "ServiceName IN ('checkout')" }],
    };
    const board = await up(dashboardImpl, program);
    expect(stored(board.id).savedFilterValues).toEqual([{ type: "sql", condition: "ServiceName IN ('checkout')" }]);
    expect((await preview(dashboardImpl, program, board)).diffs).toEqual([]);
    const edited = { ...program, savedFilterValues: [{ type: "sql", condition: "ServiceName NOT IN ('cart')" }] };
    const after = await up(dashboardImpl, edited, board);
    expect(after.diff?.diffs.map((d) => d.path)).toEqual(["savedFilterValues"]);
    expect(stored(board.id).savedFilterValues).toEqual([{ type: "sql", condition: "ServiceName NOT IN ('cart')" }]);
    const { savedFilterValues: _s, ...without } = edited;
    const cleared = await up(dashboardImpl, without, after);
    expect(cleared.diff?.diffs.map((d) => d.path)).toEqual(["savedFilterValues"]);
    expect(stored(board.id).savedFilterValues).toEqual([]);
  });
});

/** One current-only field set, each alone, as a program would write it. */
const CURRENT_ONLY: [string, Obj][] = [
  ["filters", { filters: [filter()] }],
  ["savedQuery", { savedQuery: "level:error" }],
  ["savedQueryLanguage", { savedQueryLanguage: "sql" }],
  ["savedFilterValues", { savedFilterValues: [{ condition: "ServiceName IN ('checkout')" }] }],
  ["containers", { containers: [{ id: "c1", title: "Errors", collapsed: false }] }],
];

describe.each(TARGETS)("a first-generation server, %s target", (kind) => {
  const counts = () => both.first.control.stats().byRoute;
  const writes = () => Object.entries(counts()).filter(([route]) => /^(POST|PUT) .*dashboards/.test(route)).length;
  const probes = () =>
    Object.entries(counts())
      .filter(([route]) => /^GET .*webhooks/.test(route))
      .reduce((n, [, c]) => n + c, 0);

  it.each(CURRENT_ONLY)("refuses %s by name before any write, on create and on update", async (field, extra) => {
    useTarget(kind, both.first);
    both.first.control.resetStats();
    const base = { name: `first ${field}`, tiles: [tile("T")] };
    await expect(up(dashboardImpl, { ...base, ...extra })).rejects.toThrow(new RegExp(`first generation .*has no dashboard ${field}: it would drop them`));
    expect(writes(), "no POST or PUT").toBe(0);
    const board = await up(dashboardImpl, base);
    // The create's own PUT (it takes the create-once marker off) is not the update's.
    both.first.control.resetStats();
    await expect(up(dashboardImpl, { ...base, ...extra }, board)).rejects.toThrow(new RegExp(`has no dashboard ${field}`));
    expect(counts()[Object.keys(counts()).find((r) => r.startsWith("PUT"))!] ?? 0, "no PUT").toBe(0);
  });

  it("a dashboard without them (empty lists, a null query) is applied and never asks the generation", async () => {
    useTarget(kind, both.first);
    both.first.control.resetStats();
    const board = await up(dashboardImpl, { name: "plain", tiles: [tile("T")], filters: [], containers: [], savedQuery: null });
    expect(board.id).toBeTruthy();
    expect(probes(), "no GET /webhooks").toBe(0);
  });
});

describe("check", () => {
  it('accepts a series `field: ""` (the server takes it), still refuses a non-string', async () => {
    const ok = await dashboardImpl.check(EXISTING, {
      name: "f",
      tiles: [tile("T", { series: [series({ aggFn: "count", field: "" })] })],
      stackUrl: "https://stack.example.com",
    });
    expect(ok.failures ?? []).toEqual([]);
    const bad = await dashboardImpl.check(EXISTING, {
      name: "f",
      tiles: [tile("T", { series: [series({ field: 3 })] })],
      stackUrl: "https://stack.example.com",
    });
    expect(bad.failures?.map((f) => f.property)).toEqual(["tiles[0].series[0].field"]);
  });
});

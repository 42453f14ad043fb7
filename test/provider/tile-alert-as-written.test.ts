/**
 * Issue 33, item 8: a tile alert aims at the tile as this run wrote it. When its dashboard changed
 * outside between the dashboard's write and the alert's create (a tile renamed, the names of two
 * tiles swapped), the alert refuses, naming the tile, and never lands on another tile; when
 * nothing changed, every alert on the dashboard shares one read of it made after the write.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { alertEngine as alerts, dashboardEngine as dashboards } from "../support/engines";
import { startTestEmulator } from "../support/emulator";
import { TARGETS, fixturesOn, surfaceOf, useTarget } from "../support/stack-targets";
import { rawJson } from "../support/raw-api";
import { storedStack } from "../support/stored";
import { forgetSnapshots } from "../../provider/engine/shared-list";
import { forgetGenerations } from "../../provider/engine/stack/generation";

type Obj = Record<string, any>;

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ stackApiVersion: "2.36.0" });
});
afterAll(() => emulator.close());

describe.each(TARGETS)("a tile alert on the %s target, its dashboard written in the same run", (kind) => {
  beforeEach(() => {
    forgetSnapshots();
    forgetGenerations();
    useTarget(kind, emulator);
  });
  const fx = () => fixturesOn(emulator, kind);
  const stored = (id: string): Obj => storedStack(emulator, kind).dashboards.find((d) => d.id === id)!;
  const alertPosts = () =>
    Object.entries(emulator.control.stats().byRoute)
      .filter(([route]) => route.startsWith("POST ") && route.endsWith("/alerts"))
      .reduce((n, [, count]) => n + count, 0);
  const dashboardReads = () =>
    Object.entries(emulator.control.stats().byRoute)
      .filter(([route]) => route.startsWith("GET ") && route.endsWith("/dashboards/{id}"))
      .reduce((n, [, count]) => n + count, 0);

  /** The dashboard this run writes: tiles "Errors" and "Volume". */
  async function written(): Promise<{ id: string; tileIds: Record<string, string> }> {
    const f = fx();
    const inputs = f.dashboardInputs({ name: "as-written", tiles: [f.tile("Errors"), f.tile("Volume", { y: 4 })] });
    const made = await dashboards.create((await dashboards.check({}, inputs)).inputs!);
    return { id: made.id, tileIds: made.outs.tileIds as Record<string, string> };
  }

  /** Renames tiles outside Pulumi, as another person would, by the API itself. */
  async function renameOutside(id: string, names: Record<string, string>): Promise<void> {
    const { id: _id, ...body } = stored(id);
    body.tiles = (body.tiles as Obj[]).map((t) => ({ ...t, name: names[t.name as string] ?? t.name }));
    await rawJson(emulator, surfaceOf(kind), "PUT", `/dashboards/${id}`, body);
  }

  it.each([
    ["by name, two tiles' names swapped", { tile: "Errors" }, { Errors: "Volume", Volume: "Errors" }, 'is now named "Volume"'],
    ["by name, the tile renamed", { tile: "Errors" }, { Errors: "Failures" }, 'is now named "Failures"'],
    ["by id, the tile renamed", {}, { Errors: "Failures" }, 'is now named "Failures"'],
  ])("%s: the alert refuses, naming the tile, and nothing is created", async (_what, ref, names, words) => {
    const board = await written();
    await renameOutside(board.id, names);
    emulator.control.resetStats();
    const inputs = fx().alertInputs({ dashboardId: board.id, tileId: "tile" in ref ? undefined : board.tileIds.Errors, ...ref });
    const check = await alerts.check({}, inputs);
    const reason = `dashboard ${board.id} changed outside this run after this run wrote it: tile "Errors" (${board.tileIds.Errors}) ${words}`;
    expect(check.failures?.[0]?.reason).toContain(reason);
    expect(check.failures?.[0]?.property).toBe("tile" in ref ? "tile" : "tileId");
    // The create (an `up` whose check ran before the change) refuses the same way.
    await expect(alerts.create({ ...inputs, ...(check.inputs ?? {}) })).rejects.toThrow(reason);
    expect(alertPosts(), "no alert created").toBe(0);
    expect(storedStack(emulator, kind).alerts.filter((a) => a.dashboardId === board.id || a.dashboard === board.id)).toEqual([]);
  });

  it("unchanged: the alerts aim at the tile as written, sharing one read of the dashboard made after the write", async () => {
    const board = await written();
    emulator.control.resetStats();
    const made: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const r = await alerts.check({}, fx().alertInputs({ dashboardId: board.id, tileId: undefined, tile: "Errors", message: `alert ${i}` }));
      expect(r.failures).toEqual([]);
      made.push((await alerts.create(r.inputs!)).id);
    }
    expect(dashboardReads(), "one read after the write, shared").toBe(1);
    // The write's answer tells the server's generation (the alerts' body needs it): none asked.
    const generationReads = Object.entries(emulator.control.stats().byRoute).filter(([route]) => route.startsWith("GET ") && route.endsWith("/webhooks"));
    expect(generationReads, "the generation, from the dashboard's answer").toEqual([]);
    const live = storedStack(emulator, kind).alerts.filter((a) => made.includes(a.id));
    expect(live.map((a) => a.tileId)).toEqual([board.tileIds.Errors, board.tileIds.Errors, board.tileIds.Errors]);
  });
});

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

  /**
   * Issue 42: a preview of a run that renames a tile (under its key) and names it by its new name
   * in an alert, or the old one: the dashboard's diff, then the alert's check and diff, as the
   * engine orders them; nothing written, so the name resolves on the dashboard as the run will write it.
   */
  describe("a preview that renames a tile under its key", () => {
    async function previewed(names: Record<string, string>) {
      const board = await written();
      const f = fx();
      const before = await dashboards.check({}, f.dashboardInputs({ name: "as-written", tiles: [f.tile("Errors"), f.tile("Volume", { y: 4 })] }));
      const outs = (await dashboards.read(board.id, before.inputs!)).props;
      forgetSnapshots();
      const renamed = [
        f.tile("Errors", { key: "Errors", name: names.Errors ?? "Errors" }),
        f.tile("Volume", { key: "Volume", y: 4, name: names.Volume ?? "Volume" }),
      ];
      const news = (await dashboards.check(before.inputs!, f.dashboardInputs({ name: "as-written", tiles: renamed }))).inputs!;
      expect((await dashboards.diff(board.id, outs, news)).changes).toBe(true);
      return board;
    }

    it("a new alert by the name the tile takes passes its check; by the name it leaves, fails it", async () => {
      const board = await previewed({ Errors: "Failures" });
      emulator.control.resetStats();
      expect((await alerts.check({}, fx().alertInputs({ dashboardId: board.id, tileId: undefined, tile: "Failures" }))).failures).toEqual([]);
      const gone = await alerts.check({}, fx().alertInputs({ dashboardId: board.id, tileId: undefined, tile: "Errors" }));
      expect(gone.failures?.[0]?.reason).toContain(`dashboard ${board.id} has no tile named "Errors" (its tiles: "Failures", "Volume")`);
      expect(dashboardReads(), "resolved on the plan: no read").toBe(0);
    });

    it("an alert by a name two tiles swap shows its tileId changing to the other tile", async () => {
      const f = fx();
      const board = await written();
      const made = await alerts.create((await alerts.check({}, f.alertInputs({ dashboardId: board.id, tileId: undefined, tile: "Errors" }))).inputs!);
      expect(made.outs.tileId).toBe(board.tileIds.Errors);
      forgetSnapshots();
      const before = await dashboards.check({}, f.dashboardInputs({ name: "as-written", tiles: [f.tile("Errors"), f.tile("Volume", { y: 4 })] }));
      const outs = (await dashboards.read(board.id, before.inputs!)).props;
      const swapped = [f.tile("Errors", { key: "Errors", name: "Volume" }), f.tile("Volume", { key: "Volume", y: 4, name: "Errors" })];
      await dashboards.diff(board.id, outs, (await dashboards.check(before.inputs!, f.dashboardInputs({ name: "as-written", tiles: swapped }))).inputs!);
      const news = (await alerts.check(made.outs, f.alertInputs({ dashboardId: board.id, tileId: undefined, tile: "Errors" }))).inputs!;
      const diff = await alerts.diff(made.id, made.outs, news);
      expect(diff.diffs).toContainEqual(expect.objectContaining({ path: "tileId", kind: "update" }));
    });
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

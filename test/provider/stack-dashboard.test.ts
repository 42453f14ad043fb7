import { beforeEach, describe, expect, it } from "vitest";
import { rawCall } from "../support/raw-api";
import { storedStack } from "../support/stored";
import type { Emulator } from "../../emulator/index";
import { alertEngine as alertImpl, dashboardEngine as dashboardImpl } from "../support/engines";
import { STACK_CASES, surfaceOf, useTarget } from "../support/stack-targets";
import { preview, up, type Deployed } from "../support/engine-run";
import { stackCase, startGenerations } from "../support/stack-generations";

const emulators = startGenerations();

describe.each(STACK_CASES)("StackDashboard on a %s server, %s target", (version, kind) => {
  // Programs carry `sourceId` beside `dataSource` (one program serves both generations) and
  // alerts go to the stack's seeded webhook (a current server refuses a channel naming none).
  const { emulator: current, series, tile, dashboardInputs, alertInputs } = stackCase(emulators, version, kind);
  let emulator: Emulator;
  beforeEach(() => {
    emulator = current();
    useTarget(kind, emulator);
  });
  const stored = (id: string) => storedStack(emulator, kind).dashboards.find((d) => d.id === id);
  const storedAlert = (id: string) => storedStack(emulator, kind).alerts.find((a) => a.id === id);

  it("creates, reads, updates and deletes a dashboard", async () => {
    const program = dashboardInputs({ tags: ["team-a", "team-a", "slo"] });
    const board = await up(dashboardImpl, program);
    expect(stored(board.id)?.name).toBe("checkout");
    expect(board.outs.tags).toEqual(["team-a", "slo"]);
    expect(Object.keys(board.outs.tileIds)).toEqual(["Errors", "Latency"]);
    expect(board.outs.tiles.map((t: any) => t.id)).toEqual(stored(board.id)!.tiles.map((t: any) => t.id));
    expect((await preview(dashboardImpl, program, board)).diffs).toEqual([]);

    const read = await dashboardImpl.read(board.id, board.outs);
    expect(read).toEqual({ id: board.id, props: board.outs });

    const renamed = await up(dashboardImpl, { ...program, name: "checkout v2", tags: undefined }, board);
    expect(renamed.diff?.diffs.map((d) => d.path).sort()).toEqual(["name", "tags"]);
    expect([stored(board.id)?.name, stored(board.id)?.tags]).toEqual(["checkout v2", []]);

    await dashboardImpl.delete(board.id, renamed.outs);
    expect(stored(board.id)).toBeUndefined();
    await expect(dashboardImpl.delete(board.id, renamed.outs), "a second delete finds it gone and is done").resolves.toBeUndefined();
  });

  it("keeps a tile alert through moves, resizes, reorders and an added tile", async () => {
    let program = dashboardInputs();
    let board = await up(dashboardImpl, program);
    const errorsId = board.outs.tileIds.Errors;
    const alertProgram = alertInputs({ dashboardId: board.id, tileId: errorsId });
    const alert = await up(alertImpl, alertProgram);
    expect(storedAlert(alert.id)?.tileId).toBe(errorsId);
    expect((await preview(alertImpl, alertProgram, alert)).diffs, "the alert reads back as written (dashboardId on a current server)").toEqual([]);

    const steps: [string, (p: any) => void][] = [
      ["move", (p) => Object.assign(p.tiles[0], { x: 12, y: 3 })],
      ["resize", (p) => Object.assign(p.tiles[0], { w: 12, h: 8 })],
      ["reorder", (p) => p.tiles.reverse()],
      ["add a tile", (p) => p.tiles.unshift(tile("Saturation", { y: 20, series: [series({ type: "number" })] }))],
    ];
    for (const [step, edit] of steps) {
      program = structuredClone(program);
      edit(program);
      const before: Deployed = board;
      board = await up(dashboardImpl, program, before);
      expect(board.diff?.changes, step).toBe(true);
      expect(board.outs.tileIds.Errors, `${step}: the Errors tile keeps its id`).toBe(errorsId);
      expect(storedAlert(alert.id)?.tileId, `${step}: the alert is still on the emulator`).toBe(errorsId);
      expect((await preview(dashboardImpl, program, board)).changes, `${step}: preview after up`).toBe(false);
    }
    expect(Object.keys(board.outs.tileIds).sort()).toEqual(["Errors", "Latency", "Saturation"]);
    expect(stored(board.id)!.tiles).toHaveLength(3);
    expect((await alertImpl.read(alert.id, alert.outs)).id).toBe(alert.id);
  });

  it("reports a removed tile's alert in the diff; the update keeps tile and alert, and the alert kept by the program fails its check", async () => {
    const program = dashboardInputs();
    const board = await up(dashboardImpl, program);
    const alertProgram = alertInputs({ dashboardId: board.id, tileId: board.outs.tileIds.Latency });
    const alert = await up(alertImpl, alertProgram);

    const without = { ...program, tiles: program.tiles.filter((t: any) => t.name !== "Latency") };
    const diff = await dashboardImpl.diff(board.id, board.outs, (await dashboardImpl.check({}, without)).inputs!);
    expect(diff.diffs).toContainEqual({
      path: "tiles[Latency]",
      kind: "update",
      detail: "removed; kept on the server, pending removal, while alerts watch it",
    });

    const after = await up(dashboardImpl, without, board);
    expect(after.outs.tileIds).not.toHaveProperty("Latency");
    expect(storedAlert(alert.id), "the update kept the tile, so the server kept its alert").toBeDefined();
    expect((await alertImpl.read(alert.id, alert.outs)).id).toBe(alert.id);

    // The alert's program now reads `tileId: board.tileIds["Latency"]`, which is gone.
    const next = { ...alertProgram, tileId: after.outs.tileIds.Latency };
    expect((await alertImpl.diff(alert.id, alert.outs, { ...next })).diffs).toContainEqual({ path: "tileId", kind: "update" });
    expect((await alertImpl.check({}, next)).failures).toContainEqual({ property: "tileId", reason: expect.stringMatching(/required for a tile alert/) });
  });

  it("reads a dashboard deleted behind its back as gone", async () => {
    const board = await up(dashboardImpl, dashboardInputs());
    expect((await rawCall(emulator, surfaceOf(kind), "DELETE", `/dashboards/${board.id}`)).status).toBe(200);
    expect(await dashboardImpl.read(board.id, board.outs)).toEqual({ id: "", props: {} });
    await expect(dashboardImpl.update(board.id, board.outs, board.outs)).rejects.toThrow(/no longer exists.*pulumi refresh/);
  });

  it("recovers tile keys on a read after a change behind its back", async () => {
    const program = dashboardInputs({ tiles: [tile("Latency p99", { key: "p99" }), tile("Errors", { x: 6 })] });
    const board = await up(dashboardImpl, program);
    const live = stored(board.id)!;
    const put = await rawCall(emulator, surfaceOf(kind), "PUT", `/dashboards/${board.id}`, {
      name: live.name,
      tags: live.tags,
      tiles: live.tiles.map((t: any) => ({ ...t, w: 3 })),
    });
    expect(put.status).toBe(200);
    const read = await dashboardImpl.read(board.id, board.outs);
    expect(read.props.tileIds).toEqual(board.outs.tileIds);
    const drift = await dashboardImpl.diff(board.id, read.props, (await dashboardImpl.check({}, program)).inputs!);
    expect(drift.diffs.map((d) => d.path).sort()).toEqual(["tiles[Errors].w", "tiles[p99].w"]);
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { alertEngine as alerts, dashboardEngine as dashboards } from "../support/engines";
import { storedStack } from "../support/stored";
import type { Emulator } from "../../emulator";
import { checked } from "../support/engine-run";
import { STACK_CASES, useTarget } from "../support/stack-targets";
import { stackCase, startGenerations } from "../support/stack-generations";

const emulators = startGenerations();

describe.each(STACK_CASES)("adopting existing stack objects on a %s server (%s)", (version, kind) => {
  const { emulator: current, tile, dashboardInputs, alertInputs } = stackCase(emulators, version, kind, { reset: true });
  let emulator: Emulator;
  beforeEach(() => (emulator = current()));
  /** The dashboards and alerts the target's store holds. */
  const stored = () => storedStack(emulator, kind);
  it("a dashboard is adopted in place: tiles keep their ids, so the alerts on them stay", async () => {
    useTarget(kind, emulator);
    // Made outside the program (as a user would have, by hand or by another tool).
    const existing = await dashboards.create(
      await checked(dashboards, dashboardInputs({ name: "hand-made", tiles: [tile("Errors"), tile("Volume", { x: 6 })] })),
    );
    const errorsId = (existing.outs as any).tileIds.Errors;
    const alert = await alerts.create(await checked(alerts, alertInputs({ dashboardId: existing.id, tileId: errorsId })));

    // The program describes it with a new layout, a new tile, and a new name.
    const program = dashboardInputs({
      name: "checkout",
      tiles: [tile("Errors", { w: 12 }), tile("Volume", { x: 12, w: 12 }), tile("Latency", { y: 3 })],
      adoptId: existing.id,
    });
    const adopted = await dashboards.create(await checked(dashboards, program));
    expect(adopted.id).toBe(existing.id);
    expect((adopted.outs as any).tileIds.Errors).toBe(errorsId);
    expect(stored().dashboards).toHaveLength(1);
    expect(stored().dashboards[0].name).toBe("checkout");
    expect(stored().alerts.map((a: any) => a.id)).toEqual([alert.id]);

    // No change is left to preview, and dropping adoptId later is no change either.
    const { adoptId: _a, ...withoutAdopt } = program;
    expect((await dashboards.diff(adopted.id, adopted.outs, await checked(dashboards, program))).changes).toBe(false);
    expect((await dashboards.diff(adopted.id, adopted.outs, await checked(dashboards, withoutAdopt))).changes).toBe(false);
  });

  it("an alert is adopted with one PUT of the program's body", async () => {
    useTarget(kind, emulator);
    const board = await dashboards.create(await checked(dashboards, dashboardInputs({ tiles: [tile("Errors")] })));
    const tileId = (board.outs as any).tileIds.Errors;
    const existing = await alerts.create(await checked(alerts, alertInputs({ dashboardId: board.id, tileId, threshold: 5 })));
    const program = alertInputs({ dashboardId: board.id, tileId, threshold: 50, adoptId: existing.id });
    const adopted = await alerts.create(await checked(alerts, program));
    expect(adopted.id).toBe(existing.id);
    expect(stored().alerts).toHaveLength(1);
    expect(stored().alerts[0].threshold).toBe(50);
    expect((await alerts.diff(adopted.id, adopted.outs, await checked(alerts, program))).changes).toBe(false);
  });

  it("adopting an id that does not exist fails and creates nothing", async () => {
    useTarget(kind, emulator);
    await expect(dashboards.create(await checked(dashboards, dashboardInputs({ adoptId: "000000000000000000000000" })))).rejects.toThrow(
      /adoptId: no dashboard/,
    );
    await expect(alerts.create(await checked(alerts, alertInputs({ adoptId: "000000000000000000000000" })))).rejects.toThrow(/adoptId: no alert/);
    expect(stored().dashboards).toHaveLength(0);
    expect(stored().alerts).toHaveLength(0);
  });
});

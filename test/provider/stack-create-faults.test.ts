import { beforeEach, describe, expect, it } from "vitest";
import { alertEngine as alerts, dashboardEngine as dashboards } from "../support/engines";
import { storedStack } from "../support/stored";
import type { Emulator } from "../../emulator";
import { checked } from "../support/engine-run";
import { STACK_CASES, useTarget } from "../support/stack-targets";
import { stackCase, startGenerations } from "../support/stack-generations";

const emulators = startGenerations();

describe.each(STACK_CASES)("stack creates never duplicate on a %s server (%s)", (version, kind) => {
  const { emulator: current, tile, dashboardInputs, alertInputs } = stackCase(emulators, version, kind, { reset: true });
  let emulator: Emulator;
  beforeEach(() => (emulator = current()));
  /** The dashboards and alerts the target's store holds. */
  const stored = () => storedStack(emulator, kind);
  const postPath = kind === "server" ? "^/api/v2/dashboards$" : "/stack/dashboards$";
  const alertPath = kind === "server" ? "^/api/v2/alerts$" : "/stack/alerts$";

  it("a dashboard POST applied, then answered with an HTML 504, yields one dashboard", async () => {
    useTarget(kind, emulator, { maxRetries: "3" });
    emulator.control.script({ method: "POST", path: postPath, kind: "html", status: 504, apply: true });
    const { id } = await dashboards.create(await checked(dashboards, dashboardInputs({ name: "dup-check", tiles: [tile("Errors")] })));
    expect(stored().dashboards.map((d) => d.id)).toEqual([id]);
  });

  it("an alert POST whose connection drops after it was applied yields one alert", async () => {
    useTarget(kind, emulator, { maxRetries: "3" });
    const board = await dashboards.create(await checked(dashboards, dashboardInputs({ name: "with-alert", tiles: [tile("Errors")] })));
    emulator.control.script({ method: "POST", path: alertPath, kind: "drop", apply: true });
    const inputs = alertInputs({ dashboardId: board.id, tileId: (board.outs as any).tileIds.Errors });
    const { id } = await alerts.create(await checked(alerts, inputs));
    expect(stored().alerts.map((a) => a.id)).toEqual([id]);
  });

  it("a POST refused before it was applied (503) is sent again once", async () => {
    useTarget(kind, emulator, { maxRetries: "3" });
    emulator.control.script({ method: "POST", path: postPath, status: 503 });
    await dashboards.create(await checked(dashboards, dashboardInputs({ name: "retry-once", tiles: [tile("Errors")] })));
    expect(stored().dashboards).toHaveLength(1);
  });
});

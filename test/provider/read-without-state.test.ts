/**
 * `read` with no prior state (an id and nothing else, as an import would call it) returns the
 * whole outputs: the service or stack comes from configuration, everything else from the API.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { alertEngine as alerts, dashboardEngine as dashboards, pipeEngine as pipes, EXISTING } from "../support/engines";
import { kafkaPipe } from "../support/pipe-fixtures";
import { engineInputs } from "../support/pipe-props";
import { checked } from "../support/engine-run";
import { emulatorOf, startGenerations } from "../support/stack-generations";
import { fixturesOn, STACK_CASES, useTarget } from "../support/stack-targets";
import { startTestEmulator } from "../support/emulator";

type Obj = Record<string, any>;
let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.control.reset());
/** The stack parts run on both server generations, one emulator each. */
const stackEmulators = startGenerations();

/** Outputs without what the API never returns (write-only and secret values, provider options). */
function readable(outs: Obj): Obj {
  const { sourceSecrets: _s, waitTimeoutSeconds: _w, adoptId: _a, ...rest } = outs;
  if (rest.destination) {
    const { roles: _r, ...destination } = rest.destination;
    rest.destination = destination;
  }
  if (rest.source) {
    const { validateSamples: _v, ...source } = rest.source;
    rest.source = source;
  }
  return rest;
}

describe("read with no prior state", () => {
  it("a pipe reads back whole: service, name, source, destination, state", async () => {
    useTarget("cloud", emulator);
    const inputs = engineInputs(kafkaPipe("imported"), { organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId });
    const { inputs: news } = await pipes.check(EXISTING, inputs);
    const created = await pipes.create(news!);
    const read = await pipes.read(created.id, {});
    expect(read.id).toBe(created.id);
    expect(readable(read.props)).toEqual(readable(created.outs));
    expect(read.props).toMatchObject({ organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId, state: "Running" });
  });

  it.each(STACK_CASES)("a dashboard and an alert on it read back whole (%s server, %s)", async (version, kind) => {
    const emulator = emulatorOf(stackEmulators, version);
    useTarget(kind, emulator);
    const { alertInputs, dashboardInputs, tile } = fixturesOn(emulator, kind);
    const program = await checked(dashboards, dashboardInputs({ tiles: [tile("Errors")] }));
    const board = await dashboards.create(program);
    const alert = await alerts.create(await checked(alerts, alertInputs({ dashboardId: board.id, tileId: board.outs.tileIds.Errors })));
    // With no state there is no program form to keep: tiles read back as the server answers them
    // (a 2.0.0 server drops `sourceId`, a current one answers the config form).
    const read = (await dashboards.read(board.id, {})).props;
    const { tiles: _t, ...rest } = board.outs;
    expect(read).toEqual({ ...rest, tiles: [expect.objectContaining({ id: rest.tileIds.Errors, name: "Errors", x: 0, y: 0, w: 6, h: 3 })] });
    expect((await dashboards.diff(board.id, read, program)).diffs, "an imported dashboard previews no change").toEqual([]);
    expect((await alerts.read(alert.id, {})).props).toEqual(alert.outs);
  });
});

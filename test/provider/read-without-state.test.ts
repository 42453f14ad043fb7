/**
 * `read` with no prior state (an id and nothing else, as an import would call it) returns the
 * whole outputs: the service or stack comes from configuration, everything else from the API.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { alertEngine as alerts, dashboardEngine as dashboards, pipeEngine as pipes } from "../support/engines";
import { kafkaPipe } from "../support/pipe-fixtures";
import { engineInputs } from "../support/pipe-props";
import { alertInputs, dashboardInputs, tile } from "../support/stack-fixtures";
import { checked, start, TARGETS, useTarget } from "./stack-harness";

type Obj = Record<string, any>;
let emulator: Emulator;
beforeAll(async () => {
  emulator = await start();
});
afterAll(() => emulator.close());
beforeEach(() => emulator.control.reset());

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
    const { inputs: news } = await pipes.check({}, inputs);
    const created = await pipes.create(news!);
    const read = await pipes.read(created.id, {});
    expect(read.id).toBe(created.id);
    expect(readable(read.props)).toEqual(readable(created.outs));
    expect(read.props).toMatchObject({ organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId, state: "Running" });
  });

  it.each(TARGETS)("a dashboard and an alert on it read back whole (%s)", async (kind) => {
    useTarget(kind, emulator);
    const board = await dashboards.create(await checked(dashboards, dashboardInputs({ tiles: [tile("Errors")] })));
    const alert = await alerts.create(await checked(alerts, alertInputs({ dashboardId: board.id, tileId: board.outs.tileIds.Errors })));
    expect((await dashboards.read(board.id, {})).props).toEqual(board.outs);
    expect((await alerts.read(alert.id, {})).props).toEqual(alert.outs);
  });
});

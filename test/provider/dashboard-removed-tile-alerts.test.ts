/**
 * A dashboard update that removes a tile would make the server delete the alerts on it. The
 * dashboard's preview (its diff) names each, in a warning, after one read of the alert list; a
 * preview that removes no tile reads nothing more.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storedStack } from "../support/stored";
import type { Emulator } from "../../emulator/index";
import { alertEngine as alertImpl, dashboardEngine as dashboardImpl } from "../support/engines";
import { STACK_CASES, useTarget } from "../support/stack-targets";
import { checked, up } from "../support/engine-run";
import { stackCase, startGenerations } from "../support/stack-generations";
import { setProgressSink, type Severity } from "../../provider/progress/report";

const emulators = startGenerations();

/** What the engine passes for a value not known yet (a preview). */
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

describe.each(STACK_CASES)("a %s server, %s target: tiles removed under alerts", (version, kind) => {
  const { emulator: current, dashboardInputs, alertInputs } = stackCase(emulators, version, kind, { reset: true });
  let emulator: Emulator;
  let heard: [string, Severity][] = [];
  beforeEach(() => {
    emulator = current();
    useTarget(kind, emulator);
    heard = [];
    setProgressSink((message, _urn, severity) => heard.push([message, severity]));
  });
  afterEach(() => setProgressSink(undefined));

  const alertListReads = () =>
    Object.entries(emulator.control.stats().byRoute)
      .filter(([route]) => route.startsWith("GET ") && route.endsWith("/alerts"))
      .reduce((n, [, count]) => n + count, 0);

  it("the preview warns, naming the alert on the removed tile and saying the update keeps the tile until it is deleted; one read of the alerts", async () => {
    const board = await up(dashboardImpl, dashboardInputs());
    const errorsTile = String(board.outs.tileIds.Errors);
    const onErrors = await up(alertImpl, alertInputs({ dashboardId: board.id, tileId: errorsTile, name: "errors-high" }));
    await up(alertImpl, alertInputs({ dashboardId: board.id, tileId: String(board.outs.tileIds.Latency), name: "latency-high" }));
    const program = dashboardInputs();
    const withoutErrors = { ...program, tiles: program.tiles.slice(1) };
    const news = await checked(dashboardImpl, withoutErrors);
    emulator.control.resetStats();

    const diff = await dashboardImpl.diff(board.id, board.outs, news);

    expect(diff.changes).toBe(true);
    expect(alertListReads()).toBe(1);
    expect(heard).toEqual([
      [
        `dashboard ${board.id}: this update removes tile "Errors" (${errorsTile}), which alert ${onErrors.id} ("errors-high") watches: ` +
          "a tile removed from its dashboard takes its alerts with it: the server deletes them at that dashboard update, so the update keeps the tile on the server until the alert is deleted. " +
          "Remove the alert from the program with the tile, or keep the tile",
        "warning",
      ],
    ]);
    // The warning was true: the update keeps the alert, and its tile with it (see dashboard-pending-tiles.test.ts).
    await dashboardImpl.update(board.id, board.outs, news);
    expect(storedStack(emulator, kind).alerts.map((a) => a.id)).toContain(onErrors.id);
  });

  it("a preview that keeps an alert on a removed tile stops at the alert's diff, before any write; alerts elsewhere pass", async () => {
    const board = await up(dashboardImpl, dashboardInputs());
    const onErrors = await up(alertImpl, alertInputs({ dashboardId: board.id, tileId: String(board.outs.tileIds.Errors) }));
    const onLatency = await up(alertImpl, alertInputs({ dashboardId: board.id, tileId: String(board.outs.tileIds.Latency) }));
    const program = dashboardInputs();
    // The preview, in engine order: the dashboard's diff, then the alerts' (their tileId not known yet).
    await dashboardImpl.diff(board.id, board.outs, await checked(dashboardImpl, { ...program, tiles: program.tiles.slice(1) }));
    const previewed = (alert: { id: string; outs: Record<string, unknown> }) => alertImpl.diff(alert.id, alert.outs, { ...alert.outs, tileId: UNKNOWN });
    const err = (await previewed(onErrors).catch((e: unknown) => e)) as Error;
    expect(err.message).toBe(
      `tileId: this run's update of dashboard ${board.id} removes tile ${String(board.outs.tileIds.Errors)}, which alert ${onErrors.id} watches, and ` +
        "a tile removed from its dashboard takes its alerts with it: the server deletes them at that dashboard update; the program keeps the alert: remove it from the program together with the tile, or keep the tile",
    );
    await expect(previewed(onLatency)).resolves.toMatchObject({ replaces: [] });
    // A later diff of the dashboard that removes nothing clears the record.
    await dashboardImpl.diff(board.id, board.outs, await checked(dashboardImpl, program));
    await expect(previewed(onErrors)).resolves.toMatchObject({ replaces: [] });
  });

  it("a preview that removes no tile reads no alerts and warns of nothing", async () => {
    const board = await up(dashboardImpl, dashboardInputs());
    await up(alertImpl, alertInputs({ dashboardId: board.id, tileId: String(board.outs.tileIds.Errors) }));
    const news = await checked(dashboardImpl, dashboardInputs({ name: "renamed board" }));
    emulator.control.resetStats();
    expect((await dashboardImpl.diff(board.id, board.outs, news)).changes).toBe(true);
    expect(alertListReads()).toBe(0);
    expect(heard).toEqual([]);
  });
});

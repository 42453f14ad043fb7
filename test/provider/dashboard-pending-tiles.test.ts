/**
 * Issue 33, item 7, and issue 43: a dashboard update never makes the server delete an alert, so
 * `up --skip-preview` (no preview to stop it) loses nothing. A removed tile that alerts watch is
 * kept on the server, recorded in the dashboard's own outputs as pending removal (never in `tiles`
 * nor `tileIds`), with a warning; an alert the program keeps on it is refused before any write; an
 * alert's delete writes the alert alone; the dashboard's next diff, finding no alert on the tile,
 * plans the update that removes it, and the one after shows no change. Driven in engine order (the
 * dashboard's diff and update, then the alerts' check and diff, deletes last).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storedStack } from "../support/stored";
import type { Emulator } from "../../emulator/index";
import { alertEngine as alertImpl, dashboardEngine as dashboardImpl, EXISTING } from "../support/engines";
import { STACK_CASES, useTarget } from "../support/stack-targets";
import { checked, up, type Deployed } from "../support/engine-run";
import { stackCase, startGenerations } from "../support/stack-generations";
import { setProgressSink } from "../../provider/progress/report";
import { forgetSnapshots } from "../../provider/engine/shared-list";
import { PENDING_FREED } from "../../provider/resources/stack-dashboard/pending-tiles";
import { UNKNOWN } from "../../provider/schemas/unknown";

const emulators = startGenerations();

describe.each(STACK_CASES)("a %s server, %s target: a tile removed under alerts is kept until they go", (version, kind) => {
  const { emulator: current, dashboardInputs, alertInputs } = stackCase(emulators, version, kind, { reset: true });
  let emulator: Emulator;
  let warned: string[] = [];
  beforeEach(() => {
    emulator = current();
    useTarget(kind, emulator);
    warned = [];
    setProgressSink((message, _urn, severity) => severity === "warning" && warned.push(message));
  });
  afterEach(() => setProgressSink(undefined));

  /** A new provider process: nothing an earlier run read or kept is known. */
  const newProcess = () => forgetSnapshots();
  const requests = () => emulator.control.stats().byRoute;
  const count = (method: string, tail: string) =>
    Object.entries(requests())
      .filter(([route]) => route.startsWith(`${method} `) && route.endsWith(tail))
      .reduce((n, [, c]) => n + c, 0);
  const server = () => storedStack(emulator, kind);
  const tilesOnServer = (id: string) => (server().dashboards.find((d) => d.id === id)?.tiles as { id: string }[]).map((t) => t.id);

  /** A dashboard with Errors and Latency, an alert on each; the program then drops Errors. */
  async function deployed() {
    const board = await up(dashboardImpl, dashboardInputs());
    const errorsTile = String(board.outs.tileIds.Errors);
    const onErrors = await up(alertImpl, alertInputs({ dashboardId: board.id, tileId: errorsTile }));
    const onLatency = await up(alertImpl, alertInputs({ dashboardId: board.id, tileId: String(board.outs.tileIds.Latency) }));
    const program = dashboardInputs();
    const dropped = { ...program, tiles: program.tiles.slice(1) };
    newProcess();
    return { board, errorsTile, onErrors, onLatency, dropped };
  }

  /** The `up --skip-preview` of the dashboard: its diff, then its update. */
  async function updated(board: Deployed, inputs: Record<string, unknown>): Promise<Deployed> {
    const news = await checked(dashboardImpl, inputs);
    expect((await dashboardImpl.diff(board.id, board.outs, news)).changes).toBe(true);
    return { id: board.id, outs: (await dashboardImpl.update(board.id, board.outs, news)).outs };
  }

  it("the update keeps the watched tile on the server, pending: alert and tile stay, no tileIds entry; the alert kept by the program is refused", async () => {
    const { board, errorsTile, onErrors, onLatency, dropped } = await deployed();
    emulator.control.resetStats();

    const after = await updated(board, dropped);

    expect(count("GET", "/alerts"), "the diff's read of the alert list, shared by the update").toBe(1);
    expect(count("PUT", "/dashboards/{id}")).toBe(1);
    expect(
      server()
        .alerts.map((a) => a.id)
        .sort(),
    ).toEqual([onErrors.id, onLatency.id].sort());
    expect(tilesOnServer(board.id)).toContain(errorsTile);
    expect(after.outs.tiles.map((t: { key: string }) => t.key)).toEqual(["Latency"]);
    expect(after.outs.tileIds).toEqual({ Latency: board.outs.tileIds.Latency });
    expect(after.outs.pendingTiles.map((t: { id: string; key: string }) => [t.key, t.id])).toEqual([["Errors", errorsTile]]);
    expect(warned).toEqual([
      expect.stringContaining(`removes tile "Errors" (${errorsTile}), which alert ${onErrors.id} ("errors-high") watches: `),
      `dashboard ${board.id}: tile "Errors" (${errorsTile}) stays on the server, pending removal, while alert ${onErrors.id} watches it; the next \`pulumi up\` after no alert watches it removes it`,
    ]);
    expect(warned[0]).toContain("so the update keeps the tile on the server until the alert is deleted");

    // The program keeps the alert: by `board.tileIds["Errors"]` (now undefined) its check fails...
    const byTileIds = await alertImpl.check(EXISTING, alertInputs({ dashboardId: board.id, tileId: after.outs.tileIds.Errors }));
    expect(byTileIds.failures?.map((f) => f.property)).toEqual(["tileId"]);
    // ...by the id written as it is, or by the tile's name, its diff fails; nothing is written.
    const same = await checked(alertImpl, alertInputs({ dashboardId: board.id, tileId: errorsTile }));
    await expect(alertImpl.diff(onErrors.id, onErrors.outs, same)).rejects.toThrow(`removes tile ${errorsTile}, which alert ${onErrors.id} watches`);
    const byName = await checked(alertImpl, alertInputs({ dashboardId: board.id, tileId: undefined, tile: "Errors" }));
    // By name: the tile is not there for the alert, so its `tileId` changes, and the update is refused before its PUT.
    expect((await alertImpl.diff(onErrors.id, onErrors.outs, byName)).diffs).toContainEqual({ path: "tileId", kind: "update" });
    await expect(alertImpl.update(onErrors.id, onErrors.outs, byName)).rejects.toThrow(
      /^tile: dashboard \w+ has no tile named "Errors" \(its tiles: "Latency"\)/,
    );
    expect(count("PUT", "/alerts/{id}") + count("DELETE", "/alerts/{id}")).toBe(0);
    expect(server().alerts).toHaveLength(2);

    // The next run: the alert still watches the tile, so it stays pending, no change, no warning;
    // the alert the program keeps on it is refused again.
    newProcess();
    warned = [];
    const again = await dashboardImpl.diff(board.id, after.outs, await checked(dashboardImpl, dropped));
    expect(again.changes).toBe(false);
    expect(warned).toEqual([]);
    await expect(alertImpl.diff(onErrors.id, onErrors.outs, same)).rejects.toThrow(`removes tile ${errorsTile}, which alert ${onErrors.id} watches`);
  });

  it("the alert removed with its tile: its delete writes no dashboard; the next diff plans the removal, saying why; the update removes it; then no change", async () => {
    const { board, errorsTile, onErrors, dropped } = await deployed();
    const after = await updated(board, dropped);
    emulator.control.resetStats();

    await alertImpl.delete(onErrors.id, onErrors.outs);

    expect(server().alerts.map((a) => a.id)).not.toContain(onErrors.id);
    expect(count("PUT", "/dashboards/{id}"), "an alert's delete writes the alert alone").toBe(0);
    expect(tilesOnServer(board.id)).toContain(errorsTile);

    newProcess();
    emulator.control.resetStats();
    warned = [];
    const news = await checked(dashboardImpl, dropped);
    const next = await dashboardImpl.diff(board.id, after.outs, news);
    expect(next.diffs).toEqual([{ path: "tiles[Errors]", kind: "update", detail: PENDING_FREED }]);
    expect(count("GET", "/dashboards/{id}"), "one read of the dashboard").toBe(1);
    expect(count("GET", "/alerts"), "one read of the alert list").toBe(1);
    expect(warned).toEqual([]);
    const removed = (await dashboardImpl.update(board.id, after.outs, news)).outs;
    expect(removed.pendingTiles).toBeUndefined();
    expect(tilesOnServer(board.id)).toEqual([board.outs.tileIds.Latency]);
    expect(warned).toEqual([]);

    newProcess();
    emulator.control.resetStats();
    expect((await dashboardImpl.diff(board.id, removed, news)).changes).toBe(false);
    expect(requests(), "a no-op preview sends nothing").toEqual({});
  });

  it("a pending tile removed outside: the next diff forgets it (no change), a refresh drops it", async () => {
    const { board, errorsTile, onErrors, dropped } = await deployed();
    const after = await updated(board, dropped);
    await alertImpl.delete(onErrors.id, onErrors.outs);
    // Another writer (a state without the pending record) removes the tile.
    const { pendingTiles: _held, ...elsewhere } = after.outs;
    await dashboardImpl.update(board.id, elsewhere, await checked(dashboardImpl, dropped));
    expect(tilesOnServer(board.id)).not.toContain(errorsTile);
    newProcess();
    expect((await dashboardImpl.diff(board.id, after.outs, await checked(dashboardImpl, dropped))).changes).toBe(false);
    const refreshed = await dashboardImpl.read(board.id, after.outs);
    expect(refreshed.props?.pendingTiles).toBeUndefined();
    expect(refreshed.props?.tileIds).toEqual({ Latency: board.outs.tileIds.Latency });
  });

  it("a pending tile the program names again is taken back with its id: into tiles and tileIds, the alert on it untouched", async () => {
    const { board, errorsTile, onErrors, onLatency, dropped } = await deployed();
    // `up --target` the dashboard: the alerts stay, so the tile stays pending.
    const after = await updated(board, dropped);
    expect(after.outs.pendingTiles).toHaveLength(1);
    newProcess();
    emulator.control.resetStats();

    // Back to the first program: its diff shows the tile coming back...
    const news = await checked(dashboardImpl, dashboardInputs());
    const diff = await dashboardImpl.diff(board.id, after.outs, news);
    expect(diff.changes).toBe(true);
    // (The kept tile was sent last: the program's order is a change too.)
    expect(diff.diffs).toEqual([
      expect.objectContaining({ path: "tiles[Errors]", detail: `put back while pending removal: kept with its id ${errorsTile}` }),
      expect.objectContaining({ path: "tiles", detail: "reordered" }),
    ]);
    // ...and the update takes it back, its id kept: no read of the alert list, nothing deleted.
    const back = (await dashboardImpl.update(board.id, after.outs, news)).outs;
    expect(back.tileIds).toEqual(board.outs.tileIds);
    expect(back.pendingTiles).toBeUndefined();
    expect(count("GET", "/alerts")).toBe(0);
    expect(tilesOnServer(board.id).sort()).toEqual(Object.values(board.outs.tileIds).sort());
    expect(
      server()
        .alerts.map((a) => a.id)
        .sort(),
    ).toEqual([onErrors.id, onLatency.id].sort());
    // The alert on it by `board.tileIds["Errors"]` checks and shows no change.
    const alertNews = await checked(alertImpl, alertInputs({ dashboardId: board.id, tileId: back.tileIds.Errors }));
    expect((await alertImpl.diff(onErrors.id, onErrors.outs, alertNews)).changes).toBe(false);
    newProcess();
    expect((await dashboardImpl.diff(board.id, back, news)).changes).toBe(false);
  });

  it("a refresh keeps pendingTiles true to the server: a tile still there stays pending; named again it is put back", async () => {
    const { board, errorsTile, onErrors, dropped } = await deployed();
    const after = await updated(board, dropped);
    newProcess();
    const refreshed = (await dashboardImpl.read(board.id, after.outs)).props;
    expect(refreshed.pendingTiles.map((t: { key: string; id: string }) => [t.key, t.id])).toEqual([["Errors", errorsTile]]);
    expect(refreshed.tileIds).toEqual({ Latency: board.outs.tileIds.Latency });
    newProcess();
    // Still watched: no change.
    expect((await dashboardImpl.diff(board.id, refreshed, await checked(dashboardImpl, dropped))).changes).toBe(false);
    newProcess();
    const named = await dashboardImpl.diff(board.id, refreshed, await checked(dashboardImpl, dashboardInputs()));
    expect(named.diffs).toContainEqual(
      expect.objectContaining({ path: "tiles[Errors]", detail: `put back while pending removal: kept with its id ${errorsTile}` }),
    );
    // Once its alert is deleted, the refreshed state's next diff removes it.
    await alertImpl.delete(onErrors.id, onErrors.outs);
    newProcess();
    const freed = await dashboardImpl.diff(board.id, refreshed, await checked(dashboardImpl, dropped));
    expect(freed.diffs).toEqual([{ path: "tiles[Errors]", kind: "update", detail: PENDING_FREED }]);
  });

  it("a refresh's diff of an alert on a pending tile shows and never fails; a preview's still refuses", async () => {
    const { board, errorsTile, onErrors, dropped } = await deployed();
    // The inputs the state holds: checked by the runs that wrote them, not by the refresh.
    const [boardInputs, alertInputsStored] = [
      await checked(dashboardImpl, dropped),
      await checked(alertImpl, alertInputs({ dashboardId: board.id, tileId: errorsTile })),
    ];
    const after = await updated(board, dropped);
    newProcess();
    // `pulumi refresh` (CLI 3.248): each object read, then the refreshed outputs diffed against the stored inputs; no check.
    const boardNow = (await dashboardImpl.read(board.id, after.outs)).props;
    const alertNow = (await alertImpl.read(onErrors.id, onErrors.outs)).props;
    expect((await dashboardImpl.diff(board.id, boardNow, boardInputs)).changes).toBe(false);
    expect((await alertImpl.diff(onErrors.id, alertNow, alertInputsStored)).changes).toBe(false);
    // A preview of the same program checks its inputs: the alert kept on the removed tile is refused, as before.
    newProcess();
    await dashboardImpl.diff(board.id, boardNow, await checked(dashboardImpl, dropped));
    const same = await checked(alertImpl, alertInputs({ dashboardId: board.id, tileId: errorsTile }));
    await expect(alertImpl.diff(onErrors.id, alertNow, same)).rejects.toThrow(`removes tile ${errorsTile}, which alert ${onErrors.id} watches`);
  });

  it("two alerts on the tile: the diff plans its removal only once neither watches it", async () => {
    const { board, errorsTile, onErrors, dropped } = await deployed();
    const second = await up(alertImpl, alertInputs({ dashboardId: board.id, tileId: errorsTile }));
    newProcess();
    const after = await updated(board, dropped);
    const news = await checked(dashboardImpl, dropped);
    await alertImpl.delete(onErrors.id, onErrors.outs);
    newProcess();
    expect((await dashboardImpl.diff(board.id, after.outs, news)).changes, "the second alert still watches it").toBe(false);
    expect(tilesOnServer(board.id)).toContain(errorsTile);
    await alertImpl.delete(second.id, second.outs);
    expect(tilesOnServer(board.id)).toContain(errorsTile);
    newProcess();
    expect((await dashboardImpl.diff(board.id, after.outs, news)).diffs).toEqual([{ path: "tiles[Errors]", kind: "update", detail: PENDING_FREED }]);
    await dashboardImpl.update(board.id, after.outs, news);
    expect(tilesOnServer(board.id)).toEqual([board.outs.tileIds.Latency]);
  });

  it("an alert moved by name to the tile that replaces the removed one: the next diff removes the old tile", async () => {
    const board = await up(dashboardImpl, dashboardInputs());
    const errorsTile = String(board.outs.tileIds.Errors);
    const byName = alertInputs({ dashboardId: board.id, tileId: undefined, tile: "Errors" });
    const alert = await up(alertImpl, byName);
    const program = dashboardInputs();
    // "Errors" renamed without a `key`: a removal and an addition.
    const renamed = { ...program, tiles: [{ ...program.tiles[0], name: "Errors now" }, ...program.tiles.slice(1)] };
    newProcess();
    const after = await updated(board, renamed);
    expect(tilesOnServer(board.id)).toContain(errorsTile);

    const moved = await up(alertImpl, { ...byName, tile: "Errors now" }, alert);

    expect(moved.outs.tileId).toBe(after.outs.tileIds["Errors now"]);
    expect(tilesOnServer(board.id), "the move writes the alert alone").toContain(errorsTile);
    newProcess();
    const news = await checked(dashboardImpl, renamed);
    expect((await dashboardImpl.diff(board.id, after.outs, news)).diffs).toEqual([{ path: "tiles[Errors]", kind: "update", detail: PENDING_FREED }]);
    await dashboardImpl.update(board.id, after.outs, news);
    expect(tilesOnServer(board.id)).not.toContain(errorsTile);
    expect(tilesOnServer(board.id)).toHaveLength(2);
  });

  // A preview where the stack, or its credentials, wait on another resource: nothing to ask, so the pending tile stays as it is.
  it.each([
    ["its connection", { connection: UNKNOWN }],
    ["its address", kind === "server" ? { stackUrl: UNKNOWN } : { organizationId: UNKNOWN }],
  ])("a preview with %s not known yet keeps the pending tile, sends nothing and does not fail", async (_what, unknown) => {
    const { board, dropped } = await deployed();
    const after = await updated(board, dropped);
    newProcess();
    emulator.control.resetStats();
    const news = await checked(dashboardImpl, { ...dropped, ...unknown });
    const said: string[] = [];
    setProgressSink((message) => said.push(message));
    const diff = await dashboardImpl.diff(board.id, after.outs, news);
    expect(diff.diffs.map((d) => d.path)).not.toContain("tiles[Errors]");
    expect(requests(), "no request to a stack not known yet").toEqual({});
    expect(said).toContain(
      `dashboard ${board.id}: the stack is not known yet, so whether alerts still watch its tile pending removal is not asked; they stay pending`,
    );
  });

  it("one alert list that cannot be read: one warning, one read, for the pending tile's watchers and a removed tile's alerts", async () => {
    const { board, dropped } = await deployed();
    const after = await updated(board, dropped);
    newProcess();
    emulator.control.resetStats();
    warned = [];
    emulator.control.script({ method: "GET", path: "/alerts$", status: 403, count: 10 });
    try {
      // The program now drops Latency too: its alert is doomed, and Errors is still pending.
      const diff = await dashboardImpl.diff(board.id, after.outs, await checked(dashboardImpl, { ...dropped, tiles: [] }));
      expect(diff.diffs.map((d) => d.path)).toEqual(["tiles[Latency]"]);
    } finally {
      emulator.control.clearScripts();
    }
    expect(warned).toEqual([expect.stringContaining("could not read which alerts its tile removals delete (status 403")]);
    expect(count("GET", "/alerts"), "the list is asked once").toBe(1);
  });

  it("an update that removes no watched tile sends what it did before: no alert read, one PUT", async () => {
    const { board } = await deployed();
    emulator.control.resetStats();
    const after = await updated(board, dashboardInputs({ name: "renamed board" }));
    expect(requests()).toEqual({ [Object.keys(requests()).find((r) => r.startsWith("PUT "))!]: 1 });
    expect(after.outs.pendingTiles).toBeUndefined();
  });
});

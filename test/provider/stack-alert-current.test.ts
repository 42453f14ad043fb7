/**
 * StackAlert against a current stack server (emulator `--stack-api-version 2.36.0`) on both
 * targets: every threshold type, both sources, several channels, tiles named by name, tiles
 * that cannot carry alerts refused before any write; and the first generation refusing what
 * it cannot hold. Dashboards and saved searches are made behind the provider's back (raw API).
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { alertEngine as alertImpl } from "../support/engines";
import { rawJson } from "../support/raw-api";
import { storedStack } from "../support/stored";
import { alertInputs } from "../support/stack-fixtures";
import { TARGETS, surfaceOf, useTarget } from "../support/stack-targets";
import { checked, preview, up } from "../support/engine-run";
import { startGenerations } from "../support/stack-generations";

const SEEDED_WEBHOOK = "65f0c0de00000000000000a1";
const hook = (webhookId: string) => ({ type: "webhook", webhookId });

const emulators = startGenerations();

describe.each(TARGETS)("StackAlert on a current server, %s target", (kind) => {
  beforeEach(() => useTarget(kind, emulators.current));
  const surface = surfaceOf(kind);
  const raw = (method: string, path: string, body?: unknown) => rawJson(emulators.current, surface, method, path, body);
  const stored = (id: string) => storedStack(emulators.current, kind).alerts.find((a) => a.id === id);
  const posts = () =>
    emulators.current.control.stats().byRoute[
      kind === "server" ? "POST /api/v2/alerts" : "POST /v1/organizations/{organizationId}/services/{serviceId}/stack/alerts"
    ] ?? 0;

  let board: { id: string; tiles: { id: string; name: string }[] };
  let savedSearchId: string;
  let secondHook: string;
  beforeAll(async () => {
    useTarget(kind, emulators.current);
    const sourceId = (await raw("GET", "/sources"))[0].id;
    const select = [{ aggFn: "count" }];
    board = await raw("POST", "/dashboards", {
      name: "checkout",
      tiles: [
        { name: "Errors", x: 0, y: 0, w: 6, h: 3, config: { displayType: "line", sourceId, select } },
        { name: "Count", x: 6, y: 0, w: 6, h: 3, config: { displayType: "number", sourceId, select } },
        { name: "Table", x: 12, y: 0, w: 6, h: 3, config: { displayType: "table", sourceId, select } },
      ],
    });
    savedSearchId = (await raw("POST", "/saved-searches", { name: "errors", sourceId, where: "level:error" })).id;
    secondHook = (await raw("POST", "/webhooks", { name: `second-${kind}`, service: "generic", url: "https://hooks.example.test/second" })).id;
  });
  const tileId = (name: string) => board.tiles.find((t) => t.name === name)!.id;
  const tileAlert = (over: Record<string, unknown> = {}) =>
    alertInputs({ dashboardId: board.id, tileId: tileId("Errors"), channel: hook(SEEDED_WEBHOOK), ...over });
  const searchAlert = (over: Record<string, unknown> = {}) =>
    alertInputs({
      source: "saved_search",
      dashboardId: undefined,
      tileId: undefined,
      savedSearchId,
      groupBy: "service",
      channel: hook(SEEDED_WEBHOOK),
      ...over,
    });

  const thresholds: [string, Record<string, unknown>][] = [
    ...["above", "below", "above_exclusive", "below_or_equal", "equal", "not_equal"].map((t): [string, Record<string, unknown>] => [t, { thresholdType: t }]),
    ["between", { thresholdType: "between", threshold: 5, thresholdMax: 50 }],
    ["not_between", { thresholdType: "not_between", threshold: 5, thresholdMax: 50 }],
  ];
  describe.each([
    ["tile", tileAlert],
    ["saved_search", searchAlert],
  ] as const)("%s alerts", (_source, make) => {
    it.each(thresholds)("thresholdType %s: created in the current form, read back and previewed with no change", async (_t, over) => {
      const program = make(over);
      const alert = await up(alertImpl, program);
      expect(stored(alert.id)).toMatchObject({ thresholdType: over.thresholdType, source: program.source, state: "OK" });
      expect(alert.outs).toMatchObject({ thresholdType: over.thresholdType, state: "OK", silenced: false, team: expect.any(String) });
      expect((await preview(alertImpl, program, alert)).diffs).toEqual([]);
      expect(await alertImpl.read(alert.id, alert.outs)).toEqual({ id: alert.id, props: alert.outs });
      await alertImpl.delete(alert.id, alert.outs);
      expect(stored(alert.id)).toBeUndefined();
    });
  });

  it("takes the contract's `search` as saved_search, and keeps the program's spelling", async () => {
    const program = searchAlert({ source: "search" });
    const alert = await up(alertImpl, program);
    expect(stored(alert.id)).toMatchObject({ source: "saved_search", savedSearchId, groupBy: "service" });
    expect(alert.outs.source).toBe("search");
    expect((await preview(alertImpl, program, alert)).diffs).toEqual([]);
  });

  it("sends channels, the extras and the schedule; a PUT without them clears them", async () => {
    const program = tileAlert({
      channel: undefined,
      channels: [hook(SEEDED_WEBHOOK), hook(secondHook)],
      note: "see the runbook",
      numConsecutiveWindows: 3,
      interval: "1h",
      scheduleOffsetMinutes: 10,
    });
    const alert = await up(alertImpl, program);
    expect(stored(alert.id)).toMatchObject({
      channels: [hook(SEEDED_WEBHOOK), hook(secondHook)],
      note: "see the runbook",
      numConsecutiveWindows: 3,
      scheduleOffsetMinutes: 10,
    });
    expect(alert.outs).not.toHaveProperty("channel");
    expect((await preview(alertImpl, program, alert)).diffs).toEqual([]);

    const started = { ...program, scheduleOffsetMinutes: undefined, scheduleStartAt: "2026-01-01T00:00:00Z" };
    const next = await up(alertImpl, started, alert);
    expect(stored(alert.id)).toMatchObject({ scheduleStartAt: "2026-01-01T00:00:00.000Z", scheduleOffsetMinutes: 0 });
    expect((await preview(alertImpl, started, next)).diffs).toEqual([]);

    const plain = tileAlert();
    const last = await up(alertImpl, plain, next);
    expect(last.diff?.diffs.map((d) => d.path).sort()).toEqual([
      "channel.type",
      "channel.webhookId",
      "channels",
      "interval",
      "note",
      "numConsecutiveWindows",
      "scheduleStartAt",
    ]);
    expect(stored(alert.id)).toMatchObject({ channels: [hook(SEEDED_WEBHOOK)], note: null, numConsecutiveWindows: null, scheduleStartAt: null });
    expect((await preview(alertImpl, plain, last)).diffs).toEqual([]);
  });

  it('takes `name: ""` as no name: none sent, none read back, no change; a PUT with it clears a name', async () => {
    const program = tileAlert({ name: "" });
    const alert = await up(alertImpl, program);
    expect(stored(alert.id)?.name ?? null).toBeNull();
    expect(alert.outs).not.toHaveProperty("name");
    expect((await preview(alertImpl, program, alert)).diffs).toEqual([]);
    const named = await up(alertImpl, tileAlert({ name: "errors" }), alert);
    expect(stored(alert.id)?.name).toBe("errors");
    const unnamed = await up(alertImpl, program, named);
    expect(unnamed.diff?.diffs.map((d) => d.path)).toEqual(["name"]);
    expect(stored(alert.id)?.name ?? null).toBeNull();
    expect((await preview(alertImpl, program, unnamed)).diffs).toEqual([]);
  });

  it("names its tile by name: resolved to the tile's id when applied", async () => {
    const program = tileAlert({ tileId: undefined, tile: "Count" });
    const alert = await up(alertImpl, program);
    expect(stored(alert.id)).toMatchObject({ tileId: tileId("Count") });
    expect(alert.outs).toMatchObject({ tile: "Count", tileId: tileId("Count") });
    expect((await preview(alertImpl, program, alert)).diffs).toEqual([]);
    const moved = await up(alertImpl, { ...program, tile: "Errors" }, alert);
    expect(stored(alert.id)).toMatchObject({ tileId: tileId("Errors") });
    expect(moved.outs.tileId).toBe(tileId("Errors"));
  });

  it("refuses, before any write and with the path, a tile that cannot carry alerts or a name no tile has", async () => {
    const before = posts();
    await expect(alertImpl.create(await checked(alertImpl, tileAlert({ tileId: tileId("Table") })))).rejects.toThrow(
      /^tileId: tile "Table" of dashboard \w+ is a table tile, which cannot carry alerts/,
    );
    await expect(alertImpl.create(await checked(alertImpl, tileAlert({ tileId: undefined, tile: "Table" })))).rejects.toThrow(/^tile: .*cannot carry alerts/);
    await expect(alertImpl.create(await checked(alertImpl, tileAlert({ tileId: undefined, tile: "Nope" })))).rejects.toThrow(
      /^tile: dashboard \w+ has no tile named "Nope"/,
    );
    expect(posts(), "no POST was sent").toBe(before);
  });

  it("a create's check (a preview) already refuses a tile that cannot carry alerts, with one read of the dashboard", async () => {
    const before = emulators.current.control.stats().requests;
    const byId = await alertImpl.check({}, tileAlert({ tileId: tileId("Table") }));
    expect(byId.failures).toEqual([{ property: "tileId", reason: expect.stringMatching(/is a table tile, which cannot carry alerts/) }]);
    const byName = await alertImpl.check({}, tileAlert({ tileId: undefined, tile: "Table" }));
    expect(byName.failures).toEqual([{ property: "tile", reason: expect.stringMatching(/cannot carry alerts/) }]);
    expect(emulators.current.control.stats().requests - before).toBe(2);
    // An existing alert's check reads nothing.
    await alertImpl.check(tileAlert({ tileId: tileId("Count") }), tileAlert({ tileId: tileId("Table") }));
    expect(emulators.current.control.stats().requests - before).toBe(2);
  });

  it("an alert by tile name whose tile a dashboard update removed: a change, an update that fails saying why, a refresh that warns", async () => {
    const sourceId = (await raw("GET", "/sources"))[0].id;
    const select = [{ aggFn: "count" }];
    const tiles = [
      { name: "Doomed", x: 0, y: 0, w: 6, h: 3, config: { displayType: "line", sourceId, select } },
      { name: "Kept", x: 6, y: 0, w: 6, h: 3, config: { displayType: "line", sourceId, select } },
    ];
    const own = await raw("POST", "/dashboards", { name: "doomed", tiles });
    const program = tileAlert({ dashboardId: own.id, tileId: undefined, tile: "Doomed" });
    const alert = await up(alertImpl, program);
    expect((await preview(alertImpl, program, alert)).diffs, "no change while the tile is there").toEqual([]);

    // The dashboard's update without the tile: the server deletes the alert on it.
    const kept = own.tiles.filter((t: { name: string }) => t.name === "Kept");
    await raw("PUT", `/dashboards/${own.id}`, { name: "doomed", tiles: kept });
    expect(stored(alert.id), "the server deleted the alert with its tile").toBeUndefined();

    const diff = await preview(alertImpl, program, alert);
    expect([diff.changes, diff.diffs.map((d) => d.path)]).toEqual([true, ["tileId"]]);
    const failed = await alertImpl.update(alert.id, alert.outs, await checked(alertImpl, program)).then(
      () => "resolved",
      (e: Error) => e.message,
    );
    expect(failed).toMatch(/^tile: dashboard \w+ has no tile named "Doomed" \(its tiles: "Kept"\).*a tile removed from its dashboard takes its alerts with it/);

    const warnings: string[] = [];
    const spy = vi.spyOn(console, "warn").mockImplementation((m: string) => void warnings.push(m));
    try {
      expect(await alertImpl.read(alert.id, alert.outs)).toEqual({ id: "", props: {} });
    } finally {
      spy.mockRestore();
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      new RegExp(
        `^warning: alert ${alert.id} is gone from .*: its tile "Doomed" \\(\\w+\\) is no longer on dashboard ${own.id}: a tile removed from its dashboard takes its alerts with it`,
      ),
    );
  });

  it("passes on the server's refusal of a webhook that does not exist, with status and path", async () => {
    await expect(alertImpl.create(await checked(alertImpl, tileAlert({ channel: hook("65f0c0de00000000000000ff") })))).rejects.toThrow(
      /POST \/\S*alerts -> 400 .*Webhook not found/,
    );
  });
});

describe("StackAlert on a first-generation server", () => {
  beforeEach(() => useTarget("server", emulators.first));

  it("writes a saved_search alert as the contract's search, and previews no change", async () => {
    const program = alertInputs({
      source: "saved_search",
      dashboardId: undefined,
      tileId: undefined,
      savedSearchId: "s0000000000000000000001",
      channel: undefined,
      channels: [hook("6a0000000000000000000001")],
    });
    const alert = await up(alertImpl, program);
    expect(storedStack(emulators.first, "server").alerts.find((a) => a.id === alert.id)).toMatchObject({
      source: "search",
      channel: hook("6a0000000000000000000001"),
    });
    expect((await preview(alertImpl, program, alert)).diffs).toEqual([]);
  });

  it("refuses what the first generation cannot hold, naming it, before any write", async () => {
    const program = alertInputs({
      source: "saved_search",
      dashboardId: undefined,
      tileId: undefined,
      savedSearchId: "s0000000000000000000001",
      thresholdType: "between",
      thresholdMax: 20,
      note: "n",
    });
    await expect(alertImpl.create(await checked(alertImpl, program))).rejects.toThrow(
      /first generation of the stack API, which has no note, thresholdMax, thresholdType between/,
    );
    expect(storedStack(emulators.first, "server").alerts.filter((a) => a.note !== undefined)).toEqual([]);
  });
});

/**
 * Alerts on the current stack API (2.36.0), through both ways in: both sources, eight
 * threshold types, several channels, the new fields, targets refused with 400, a PUT that
 * replaces, and a paged list.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { apiV2, cloud } from "../support/raw-api";
import { stackSurfaces } from "../support/stack-surfaces";
import { startTestEmulator } from "../support/emulator";

const WEBHOOK = "65f0c0de00000000000000a1";
const NO_SUCH = "000000000000000000000000";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ stackApiVersion: "2.36.0" });
});
afterAll(() => emulator.close());

const surfaces = stackSurfaces(() => emulator);

describe.each(surfaces)("current alerts through $label", ({ call }) => {
  let dashboardId: string;
  let lineTile: string;
  let savedSearchId: string;
  const base = () => ({ interval: "5m", threshold: 10, thresholdType: "above", channel: { type: "webhook", webhookId: WEBHOOK } });
  const onTile = (extra: Record<string, unknown> = {}) => ({ ...base(), source: "tile", dashboardId, tileId: lineTile, ...extra });
  const onSearch = (extra: Record<string, unknown> = {}) => ({ ...base(), source: "saved_search", savedSearchId, ...extra });

  beforeAll(async () => {
    const source = (await call("GET", "/sources")).data[0].id;
    const d = await call("POST", "/dashboards", {
      name: "alerts",
      tiles: [{ name: "errors", x: 0, y: 0, w: 6, h: 4, config: { displayType: "line", sourceId: source, select: [{ aggFn: "count" }] } }],
    });
    dashboardId = d.data.id;
    lineTile = d.data.tiles[0].id;
    savedSearchId = (await call("POST", "/saved-searches", { name: "errors", sourceId: source, where: "level:error" })).data.id;
  });

  it("creates a tile alert in state OK, answering teamId/dashboardId and both channel forms", async () => {
    const created = await call("POST", "/alerts", onTile({ name: "errors", message: "look" }));
    expect(created.status, created.error).toBe(200);
    expect(created.data).toEqual({
      id: expect.any(String),
      name: "errors",
      message: "look",
      note: null,
      threshold: 10,
      interval: "5m",
      numConsecutiveWindows: null,
      thresholdType: "above",
      source: "tile",
      state: "OK",
      channel: { type: "webhook", webhookId: WEBHOOK },
      channels: [{ type: "webhook", webhookId: WEBHOOK }],
      teamId: expect.any(String),
      tileId: lineTile,
      dashboardId,
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: expect.stringMatching(/Z$/),
    });
  });

  it("creates a saved-search alert with groupBy, answering savedSearchId", async () => {
    const created = await call("POST", "/alerts", onSearch({ groupBy: "service" }));
    expect(created.status, created.error).toBe(200);
    expect(created.data).toMatchObject({ source: "saved_search", savedSearchId, groupBy: "service" });
    expect(created.data).not.toHaveProperty("dashboardId");
    expect(created.data).not.toHaveProperty("tileId");
  });

  const thresholds: Array<[string, Record<string, unknown>]> = [
    ["above", {}],
    ["below", {}],
    ["above_exclusive", {}],
    ["below_or_equal", {}],
    ["equal", {}],
    ["not_equal", {}],
    ["between", { thresholdMax: 20 }],
    ["not_between", { thresholdMax: 20 }],
  ];
  it.each(thresholds)("accepts threshold type %s on both sources", async (thresholdType, extra) => {
    for (const body of [onTile({ thresholdType, ...extra }), onSearch({ thresholdType, ...extra })]) {
      const created = await call("POST", "/alerts", body);
      expect(created.status, created.error).toBe(200);
      expect(created.data).toMatchObject({ thresholdType, ...extra });
    }
  });

  it("keeps the schedule, note and consecutive windows; channels carry up to ten webhooks", async () => {
    const second = (await call("POST", "/webhooks", { name: `second ${Math.random()}`, service: "generic", url: "https://hooks.example.test/2" })).data.id;
    const channels = [
      { type: "webhook", webhookId: WEBHOOK },
      { type: "webhook", webhookId: second },
    ];
    const created = await call("POST", "/alerts", {
      ...onTile({ note: "runbook", numConsecutiveWindows: 3, scheduleOffsetMinutes: 2 }),
      channel: undefined,
      channels,
    });
    expect(created.status, created.error).toBe(200);
    expect(created.data).toMatchObject({ note: "runbook", numConsecutiveWindows: 3, scheduleOffsetMinutes: 2, channel: channels[0], channels });
    const start = new Date(Date.now() - 60_000).toISOString();
    const scheduled = await call("POST", "/alerts", onTile({ scheduleStartAt: start }));
    expect(scheduled.data).toMatchObject({ scheduleStartAt: start, scheduleOffsetMinutes: 0 });
  });

  it("replaces on PUT: name, message, note and windows cleared; thresholdMax kept when omitted", async () => {
    const made = (
      await call("POST", "/alerts", onTile({ name: "n", message: "m", note: "x", numConsecutiveWindows: 2, thresholdType: "between", thresholdMax: 50 }))
    ).data;
    const put = await call("PUT", `/alerts/${made.id}`, onTile({ threshold: 3 }));
    expect(put.status, put.error).toBe(200);
    expect(put.data).toMatchObject({
      name: null,
      message: null,
      note: null,
      numConsecutiveWindows: null,
      threshold: 3,
      thresholdType: "above",
      thresholdMax: 50,
      createdAt: made.createdAt,
    });
  });

  it("moves an alert from a tile to a saved search on PUT", async () => {
    const made = (await call("POST", "/alerts", onTile())).data;
    const put = await call("PUT", `/alerts/${made.id}`, onSearch());
    expect(put.data).toMatchObject({ source: "saved_search", savedSearchId });
    expect(put.data).not.toHaveProperty("tileId");
  });

  const refused: Array<[string, () => Record<string, unknown>, string]> = [
    ["a missing dashboard", () => onTile({ dashboardId: NO_SUCH }), "Dashboard not found"],
    ["a dashboard id that is not a document id", () => onTile({ dashboardId: "board" }), "Invalid dashboard ID"],
    ["a missing tile", () => onTile({ tileId: "no-such-tile" }), "Tile not found"],
    ["a missing saved search", () => onSearch({ savedSearchId: NO_SUCH }), "Saved search not found"],
    ["a missing webhook", () => onTile({ channel: { type: "webhook", webhookId: NO_SUCH } }), "Webhook not found"],
    ["a webhook id that is not a document id", () => onTile({ channel: { type: "webhook", webhookId: "webhook-1" } }), "Invalid webhook ID"],
    [
      "the contract's source name search",
      () => onSearch({ source: "search" }),
      "source: Invalid enum value. Expected 'saved_search' | 'tile', received 'search'",
    ],
    [
      "between without thresholdMax",
      () => onTile({ thresholdType: "between" }),
      "thresholdMax: thresholdMax is required for between/not_between threshold types",
    ],
    [
      "thresholdMax below threshold",
      () => onTile({ thresholdType: "not_between", thresholdMax: 1 }),
      "thresholdMax: thresholdMax must be greater than or equal to threshold",
    ],
    ["a threshold type the server lacks", () => onTile({ thresholdType: "outside" }), "thresholdType: Invalid enum value"],
    ["no channel at all", () => onTile({ channel: undefined }), 'channels: Provide either "channel" or "channels"'],
    [
      "eleven channels",
      () =>
        onTile({
          channel: undefined,
          channels: Array.from({ length: 11 }, (_, i) => ({ type: "webhook", webhookId: `65f0c0de0000000000000${String(i).padStart(3, "0")}` })),
        }),
      "channels: An alert supports at most 10 notification channels",
    ],
    [
      "channel differing from channels[0]",
      () => onTile({ channels: [{ type: "webhook", webhookId: NO_SUCH }] }),
      'channels: When both "channel" and "channels" are provided',
    ],
    [
      "a schedule offset not below the interval",
      () => onTile({ interval: "1m", scheduleOffsetMinutes: 1 }),
      "scheduleOffsetMinutes: scheduleOffsetMinutes must be less than 1 minute",
    ],
    ["zero consecutive windows", () => onTile({ numConsecutiveWindows: 0 }), "numConsecutiveWindows: Number must be greater than or equal to 1"],
  ];
  it.each(refused)("refuses %s with 400", async (_label, body, fragment) => {
    const answer = await call("POST", "/alerts", body());
    expect(answer.status).toBe(400);
    expect(answer.error).toContain(fragment);
  });

  it("checks a PUT body before looking the alert up", async () => {
    expect((await call("PUT", `/alerts/${NO_SUCH}`, onTile({ tileId: "gone" }))).error).toContain("Tile not found");
    const missing = await call("PUT", `/alerts/${NO_SUCH}`, onTile());
    expect(missing.status).toBe(404);
    expect(missing.error).toContain("Alert not found");
  });

  it("refuses a path id that is not a document id", async () => {
    const answer = await call("GET", "/alerts/abc");
    expect(answer.status).toBe(400);
    expect(answer.error).toContain("Params validation failed: id: Invalid ObjectId");
  });
});

describe("the alert list on api/v2", () => {
  it("pages with limit and offset, answering meta and X-Total-Count", async () => {
    const all = await apiV2(emulator).call("GET", "/alerts");
    const total = all.json.meta.total as number;
    expect(total).toBeGreaterThan(3);
    expect(all.json.meta).toEqual({ total, limit: 1000, offset: 0 });
    expect(all.headers.get("x-total-count")).toBe(String(total));
    const page = await apiV2(emulator).call("GET", "/alerts?limit=2&offset=1");
    expect(page.json.meta).toEqual({ total, limit: 2, offset: 1 });
    expect(page.json.data.map((a: { id: string }) => a.id)).toEqual(all.json.data.slice(1, 3).map((a: { id: string }) => a.id));
  });

  it("refuses a limit above 1000", async () => {
    const answer = await apiV2(emulator).call("GET", "/alerts?limit=1001");
    expect(answer.status).toBe(400);
    expect(answer.json.message).toBe("Query validation failed: limit: Number must be less than or equal to 1000");
  });

  it("answers the cloud proxy's list as the page's items", async () => {
    const answer = await cloud(emulator).call("GET", "/stack/alerts?limit=1");
    expect(answer.json.result).toHaveLength(1);
  });
});

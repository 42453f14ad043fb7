import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { apiV2, cloud } from "../support/raw-api";
import { startTestEmulator } from "../support/emulator";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ stackApiVersion: "2.0.0" });
});
afterAll(() => emulator.close());

const series = (type = "time") => ({ type, dataSource: "events", aggFn: "count" });
const tile = (name: string, extra: Record<string, unknown> = {}) => ({ name, x: 0, y: 0, w: 6, h: 4, series: [series()], ...extra });
const alertOn = (dashboardId: string, tileId: string) => ({
  threshold: 10,
  interval: "5m",
  source: "tile",
  thresholdType: "above",
  channel: { type: "webhook", webhookId: "webhook-1" },
  dashboardId,
  tileId,
});

/** Both ways in, reduced to (status, payload, error text) so one table covers both. */
const surfaces = [
  {
    label: "api/v2",
    call: async (method: string, path: string, body?: unknown) => {
      const a = await apiV2(emulator).call(method, path, body);
      return { status: a.status, data: a.json?.data, error: a.json?.message as string | undefined, raw: a.json };
    },
  },
  {
    label: "cloud proxy",
    call: async (method: string, path: string, body?: unknown) => {
      const a = await cloud(emulator).call(method, `/stack${path}`, body);
      return { status: a.status, data: a.json?.result, error: a.json?.error as string | undefined, raw: a.json };
    },
  },
];

describe.each(surfaces)("stack through $label", ({ call }) => {
  it("fills read defaults, drops duplicate tags and gives every tile a new id on create", async () => {
    const created = await call("POST", "/dashboards", { name: "svc", tags: ["a", "b", "a"], tiles: [tile("errors", { id: "mine" }), tile("latency")] });
    expect(created.status).toBe(200);
    const d = created.data;
    expect(d.tags).toEqual(["a", "b"]);
    expect(d.tiles[0].id).not.toBe("mine");
    expect(d.tiles[0].id).not.toBe(d.tiles[1].id);
    expect(d.tiles[0]).toMatchObject({ asRatio: false, series: [{ type: "time", dataSource: "events", aggFn: "count", where: "", groupBy: [] }] });
    expect(Object.keys(d).sort()).toEqual(["id", "name", "tags", "tiles"]);
  });

  it("keeps a tile id on PUT only when it exists, and deletes alerts of tiles that vanish", async () => {
    const d = (await call("POST", "/dashboards", { name: "ids", tiles: [tile("a"), tile("b")] })).data;
    const [a, b] = d.tiles;
    const onA = (await call("POST", "/alerts", alertOn(d.id, a.id))).data;
    const onB = (await call("POST", "/alerts", alertOn(d.id, b.id))).data;
    const put = await call("PUT", `/dashboards/${d.id}`, {
      tiles: [tile("a", { id: a.id, h: 8 }), tile("b") /* sent without id */, tile("c", { id: "unknown" })],
    });
    expect(put.status).toBe(200);
    const tiles = put.data.tiles;
    expect(tiles[0].id).toBe(a.id);
    expect(tiles[0].h).toBe(8);
    expect(tiles[1].id).not.toBe(b.id);
    expect(tiles[2].id).not.toBe("unknown");
    expect((await call("GET", `/alerts/${onA.id}`)).status).toBe(200);
    const gone = await call("GET", `/alerts/${onB.id}`);
    expect(gone.status).toBe(404);
    expect(gone.error).toMatch(/Alert not found/);
  });

  it("deletes a dashboard's tile alerts with the dashboard", async () => {
    const d = (await call("POST", "/dashboards", { name: "doomed", tiles: [tile("a")] })).data;
    const alert = (await call("POST", "/alerts", alertOn(d.id, d.tiles[0].id))).data;
    expect((await call("DELETE", `/dashboards/${d.id}`)).status).toBe(200);
    expect((await call("GET", `/dashboards/${d.id}`)).error).toMatch(/Dashboard not found/);
    expect((await call("GET", `/alerts/${alert.id}`)).status).toBe(404);
  });

  it("creates alerts inactive and unsilenced, with dashboard (not dashboardId) and null search fields", async () => {
    const d = (await call("POST", "/dashboards", { name: "alerts", tiles: [tile("a")] })).data;
    const created = await call("POST", "/alerts", { ...alertOn(d.id, d.tiles[0].id), name: "too many errors", message: "look" });
    expect(created.status).toBe(200);
    const a = created.data;
    expect(a).toMatchObject({
      state: "inactive",
      silenced: false,
      dashboard: d.id,
      tileId: d.tiles[0].id,
      savedSearch: null,
      groupBy: null,
      name: "too many errors",
    });
    expect(a).not.toHaveProperty("dashboardId");
    expect(typeof a.team).toBe("string");
    expect(a.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const replaced = await call("PUT", `/alerts/${a.id}`, { ...alertOn(d.id, d.tiles[0].id), threshold: 5 });
    expect(replaced.data.threshold).toBe(5);
    expect(replaced.data).not.toHaveProperty("name");
    expect(replaced.data).not.toHaveProperty("message");
    expect(replaced.data.createdAt).toBe(a.createdAt);
  });

  it("refuses a tile alert on a dashboard or tile that does not exist", async () => {
    const d = (await call("POST", "/dashboards", { name: "targets", tiles: [tile("a")] })).data;
    expect((await call("POST", "/alerts", alertOn("000000000000000000000000", d.tiles[0].id))).status).toBe(404);
    expect((await call("POST", "/alerts", alertOn(d.id, "000000000000000000000000"))).status).toBe(404);
  });

  const invalid: Array<[string, string, Record<string, unknown>, string]> = [
    ["a tile narrower than 1", "/dashboards", { name: "x", tiles: [tile("a", { w: 0 })] }, "tiles.0.w: Number must be greater than or equal to 1"],
    ["x beyond the grid", "/dashboards", { name: "x", tiles: [tile("a", { x: 24 })] }, "tiles.0.x: Number must be less than or equal to 23"],
    [
      "mixed series types",
      "/dashboards",
      { name: "x", tiles: [tile("a", { series: [series("time"), series("number")] })] },
      "tiles.0.series: All series of a tile must have the same type",
    ],
    ["a tag longer than 32", "/dashboards", { name: "x", tags: ["t".repeat(33)] }, "tags.0: String must contain at most 32 character(s)"],
    ["51 tags", "/dashboards", { name: "x", tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }, "tags: Array must contain at most 50 element(s)"],
    [
      "11 groupBy entries",
      "/dashboards",
      { name: "x", tiles: [tile("a", { series: [{ ...series(), groupBy: Array.from({ length: 11 }, (_, i) => `g${i}`) }] })] },
      "tiles.0.series.0.groupBy: Array must contain at most 10 element(s)",
    ],
    ["a name longer than 1024", "/dashboards", { name: "n".repeat(1025) }, "name: String must contain at most 1024 character(s)"],
    ["an interval not allowed", "/alerts", { ...alertOn("d", "t"), interval: "2m" }, "interval: Invalid enum value"],
    ["a tile alert without tileId", "/alerts", { ...alertOn("d", "t"), tileId: undefined }, "tileId: Required for tile alerts"],
    ["a channel without webhookId", "/alerts", { ...alertOn("d", "t"), channel: { type: "webhook" } }, "channel.webhookId: Required"],
    ["an empty alert name", "/alerts", { ...alertOn("d", "t"), name: "" }, "name: String must contain at least 1 character(s)"],
  ];
  it.each(invalid)("refuses %s with every problem in one message", async (_label, path, body, fragment) => {
    const answer = await call("POST", path, body);
    expect(answer.status).toBe(400);
    expect(answer.error).toContain("Body validation failed: ");
    expect(answer.error).toContain(fragment);
  });

  it("lists sources", async () => {
    const answer = await call("GET", "/sources");
    expect(answer.data.map((s: { name: string }) => s.name)).toEqual(["Logs", "Traces", "Metrics", "Sessions"]);
  });
});

describe("differences between the two ways in", () => {
  it("keeps separate stores", async () => {
    const made = await apiV2(emulator).call("POST", "/dashboards", { name: "only-in-v2" });
    const viaCloud = await cloud(emulator).call("GET", `/stack/dashboards/${made.json.data.id}`);
    expect(viaCloud.status).toBe(404);
    expect(viaCloud.json.error).toBe("NOT_FOUND: Dashboard not found");
  });

  it("answers DELETE with {} on api/v2 and {status, requestId} on the cloud proxy", async () => {
    const v2 = await apiV2(emulator).call("POST", "/dashboards", { name: "del" });
    expect((await apiV2(emulator).call("DELETE", `/dashboards/${v2.json.data.id}`)).json).toEqual({});
    const c = await cloud(emulator).call("POST", "/stack/dashboards", { name: "del" });
    const deleted = await cloud(emulator).call("DELETE", `/stack/dashboards/${c.json.result.id}`);
    expect(Object.keys(deleted.json).sort()).toEqual(["requestId", "status"]);
  });

  it("refuses a top-level id on the cloud proxy only", async () => {
    const viaCloud = await cloud(emulator).call("POST", "/stack/dashboards", { id: "x", name: "with-id" });
    expect(viaCloud.status).toBe(400);
    expect(viaCloud.json.error).toBe("BAD_REQUEST: id: must not be sent in a request body");
    expect((await apiV2(emulator).call("POST", "/dashboards", { id: "x", name: "with-id" })).status).toBe(200);
  });

  it("answers 404 JSON for an unknown alert on api/v2", async () => {
    const answer = await apiV2(emulator).call("GET", "/alerts/000000000000000000000000");
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ message: "Alert not found" });
  });
});

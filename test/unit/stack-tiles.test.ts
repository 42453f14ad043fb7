import { describe, expect, it } from "vitest";
import { alertOutputs, alertBody } from "../../provider/resources/stack-alert/body";
import { dashboardBody, dashboardOutputs } from "../../provider/resources/stack-dashboard/body";
import { carryTileIds, normalSeries, projectTiles, tileIdMap } from "../../provider/resources/stack-dashboard/tiles";
import { stackAlertRecord } from "../../provider/resources/stack-alert/record";
import { stackSeries } from "../../provider/resources/stack-dashboard/schema";
import { stackDashboardRecord, type StackTileRecord } from "../../provider/resources/stack-dashboard/record";
import { alertInputs, series, tile } from "../support/stack-fixtures";

/** What the last update stored: tiles with ids and keys. */
const stored = [
  { id: "id-errors", key: "Errors", ...tile("Errors") },
  { id: "id-latency", key: "Latency", ...tile("Latency", { x: 6 }) },
  { id: "id-custom", key: "p99", ...tile("Latency p99", { x: 12 }) },
];
const idOf = (body: Record<string, unknown>[], name: string) => body.find((t) => t.name === name)?.id;

describe("a series keeps every field of the schema", () => {
  it("each field set survives normalSeries", () => {
    const every = Object.fromEntries(Object.keys(stackSeries.shape).map((k) => [k, `value of ${k}`]));
    expect(Object.keys(normalSeries(every)).sort()).toEqual(Object.keys(stackSeries.shape).sort());
  });
});

describe("tile ids are carried forward by key", () => {
  it("keeps every id through a move, a resize and a reorder", () => {
    const next = [tile("Latency p99", { key: "p99", x: 0, y: 4 }), tile("Latency", { x: 12, w: 12, h: 6 }), tile("Errors", { y: 8 })];
    expect(carryTileIds(next, stored).map((t) => t.id)).toEqual(["id-custom", "id-latency", "id-errors"]);
  });

  it("sends a new tile without an id, next to the kept ones", () => {
    const body = carryTileIds([tile("Errors"), tile("Saturation", { x: 18 }), tile("Latency", { x: 6 })], stored);
    expect(body.map((t) => t.id)).toEqual(["id-errors", undefined, "id-latency"]);
    expect(body[1]).not.toHaveProperty("id");
  });

  it("drops the id of a tile left out, so the server removes that tile", () => {
    const ids = carryTileIds([tile("Errors")], stored).map((t) => t.id);
    expect(ids).toEqual(["id-errors"]);
  });

  it("keeps the id through a rename when the tile has an explicit key", () => {
    expect(idOf(carryTileIds([tile("p99 latency (ms)", { key: "p99" })], stored), "p99 latency (ms)")).toBe("id-custom");
  });

  it("treats a rename without a key as a new tile (the name is the key)", () => {
    expect(idOf(carryTileIds([tile("Error count")], stored), "Error count")).toBeUndefined();
  });

  it("never sends a tile's key, and fills the server's defaults", () => {
    const [t] = carryTileIds([tile("Errors", { key: "e" })], []);
    expect(t).not.toHaveProperty("key");
    expect(t).toMatchObject({ asRatio: false, series: [{ where: "", groupBy: [] }] });
  });

  it("has no ids to carry on create", () => {
    expect(carryTileIds([tile("Errors")], undefined)[0]).not.toHaveProperty("id");
  });
});

describe("outputs: keys and tileIds", () => {
  const api = (tiles: { id: string; name: string }[]) => tiles.map((t, i) => ({ ...tile(t.name, { x: i }), id: t.id, asRatio: false }) as StackTileRecord);

  it("takes keys from the tiles sent, in order", () => {
    const out = projectTiles(
      api([
        { id: "a", name: "Errors" },
        { id: "b", name: "Latency p99" },
      ]),
      [tile("Errors"), tile("Latency p99", { key: "p99" })],
      undefined,
    );
    expect(tileIdMap(out)).toEqual({ Errors: "a", p99: "b" });
  });

  it("recovers keys from the stored tiles by id on a read", () => {
    const out = projectTiles(
      api([
        { id: "id-custom", name: "Latency p99" },
        { id: "new", name: "Fresh" },
      ]),
      undefined,
      stored,
    );
    expect(tileIdMap(out)).toEqual({ p99: "id-custom", Fresh: "new" });
  });

  it("falls back to the id when a key would be taken twice", () => {
    const out = projectTiles(
      api([
        { id: "x1", name: "Twin" },
        { id: "x2", name: "Twin" },
      ]),
      undefined,
      [],
    );
    expect(tileIdMap(out)).toEqual({ Twin: "x1", x2: "x2" });
  });

  it("projects a dashboard without null or undefined, tags unique", () => {
    const record = stackDashboardRecord.parse({
      id: "d1",
      name: "board",
      tags: ["a", "a", "b"],
      tiles: [{ ...tile("Errors"), id: "t1", asRatio: null, series: [{ ...series(), where: null, groupBy: null }] }],
    });
    const outs = dashboardOutputs(record, { stackUrl: "http://stack.test", organizationId: undefined } as any, [tile("Errors")], undefined);
    expect(outs).toEqual({
      name: "board",
      tags: ["a", "b"],
      tiles: [
        {
          id: "t1",
          key: "Errors",
          name: "Errors",
          x: 0,
          y: 0,
          w: 6,
          h: 3,
          asRatio: false,
          series: [{ type: "time", dataSource: "events", aggFn: "count", where: "", groupBy: [] }],
        },
      ],
      tileIds: { Errors: "t1" },
      stackUrl: "http://stack.test",
    });
  });

  it("normalises a series: defaults filled, unset optionals dropped", () => {
    expect(normalSeries({ type: "time", dataSource: "events", aggFn: "count", field: null })).toEqual({
      type: "time",
      dataSource: "events",
      aggFn: "count",
      where: "",
      groupBy: [],
    });
  });
});

describe("request bodies", () => {
  it("dashboard: name, tags (deduplicated, always sent) and tiles; never a top-level id or target fields", () => {
    const body = dashboardBody({ id: "x", name: "b", tiles: [tile("Errors")], tags: ["a", "a"], stackUrl: "http://s", organizationId: "o" } as any, {
      tiles: stored,
    });
    expect(Object.keys(body).sort()).toEqual(["containers", "filters", "name", "savedFilterValues", "savedQuery", "tags", "tiles"]);
    expect(body.tags).toEqual(["a"]);
    expect(dashboardBody({ name: "b", tiles: [] }).tags).toEqual([]);
  });

  it("alert: the request fields only; no id, no target, no nulls", () => {
    const body = alertBody(
      { ...alertInputs({ message: null }), id: "x", state: "ok", stackUrl: "http://s", serviceId: "s", __provider: "..." } as any,
      "first",
    );
    expect(Object.keys(body).sort()).toEqual(["channel", "dashboardId", "interval", "name", "source", "threshold", "thresholdType", "tileId"]);
  });

  it("alert outputs: dashboard as dashboardId, nulls dropped, server fields kept", () => {
    const record = stackAlertRecord.parse({
      id: "a1",
      threshold: 1,
      interval: "5m",
      thresholdType: "above",
      source: "tile",
      state: "inactive",
      channel: { type: "webhook", webhookId: "h" },
      tileId: "t1",
      dashboard: "d1",
      team: "team",
      savedSearch: null,
      groupBy: null,
      silenced: false,
      createdAt: "2024-01-01T00:00:00.000Z",
      updatedAt: "2024-01-01T00:00:00.000Z",
    });
    const outs = alertOutputs(record, { organizationId: "o", serviceId: "s", stackUrl: undefined } as any);
    expect(outs).toMatchObject({ dashboardId: "d1", tileId: "t1", state: "inactive", silenced: false, organizationId: "o", serviceId: "s" });
    // One key per value: the answer's `dashboard` is the output `dashboardId` only.
    expect(outs).not.toHaveProperty("dashboard");
    expect(JSON.stringify(outs)).not.toMatch(/null/);
    expect(outs).not.toHaveProperty("savedSearch");
  });
});

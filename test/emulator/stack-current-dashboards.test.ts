/**
 * Dashboards on the current stack API (2.36.0), through both ways in: tiles of every kind
 * written in either form and read back in the `config` form, reads that are stable when
 * written back, and the server's refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { apiV2 } from "../support/raw-api";
import { stackSurfaces } from "../support/stack-surfaces";
import { startTestEmulator } from "../support/emulator";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ stackApiVersion: "2.36.0" });
});
afterAll(() => emulator.close());

/** The seeded sources of the surface under test (each surface has its own stack). */
let logs: string;
let traces: string;
let connection: string;

const surfaces = stackSurfaces(() => emulator);

const at = { x: 0, y: 0, w: 6, h: 4 };
const tile = (name: string, body: Record<string, unknown>) => ({ name, ...at, ...body });
const count = { aggFn: "count" };
const countRead = { aggFn: "count", valueExpression: "", where: "", whereLanguage: "lucene" };

/** [label, tile as written (sources filled in later), the config it reads back as]. */
const kinds = (): Array<[string, Record<string, unknown>, Record<string, unknown>]> => [
  [
    "series time",
    { series: [{ type: "time", sourceId: logs, aggFn: "count", where: "level:error", groupBy: ["service"] }] },
    { displayType: "line", sourceId: logs, asRatio: false, fillNulls: true, groupBy: "service", select: [{ ...countRead, where: "level:error" }] },
  ],
  [
    "series stacked bar",
    { series: [{ type: "time", displayType: "stacked_bar", sourceId: logs, aggFn: "sum", field: "bytes", where: "", groupBy: [] }] },
    {
      displayType: "stacked_bar",
      sourceId: logs,
      asRatio: false,
      fillNulls: true,
      select: [{ aggFn: "sum", valueExpression: "bytes", where: "", whereLanguage: "lucene" }],
    },
  ],
  [
    "series table",
    { series: [{ type: "table", sourceId: logs, aggFn: "avg", field: "ms", where: "", whereLanguage: "sql", groupBy: ["route"], sortOrder: "desc" }] },
    {
      displayType: "table",
      sourceId: logs,
      asRatio: false,
      groupBy: "route",
      select: [{ aggFn: "avg", valueExpression: "ms", where: "", whereLanguage: "sql" }],
    },
  ],
  [
    "series number",
    { series: [{ type: "number", sourceId: logs, aggFn: "quantile", level: 0.99, field: "ms", where: "", numberFormat: { output: "duration" } }] },
    {
      displayType: "number",
      sourceId: logs,
      numberFormat: { output: "duration" },
      select: [{ aggFn: "quantile", level: 0.99, valueExpression: "ms", where: "", whereLanguage: "lucene" }],
    },
  ],
  [
    "series search",
    { series: [{ type: "search", sourceId: logs, fields: ["ts", "body"], where: "level:error" }] },
    { displayType: "search", sourceId: logs, select: "ts, body", where: "level:error", whereLanguage: "lucene" },
  ],
  ["series markdown", { series: [{ type: "markdown", content: "# notes" }] }, { displayType: "markdown", markdown: "# notes" }],
  [
    "line",
    { config: { displayType: "line", sourceId: logs, select: [count] } },
    { displayType: "line", sourceId: logs, asRatio: false, fillNulls: true, select: [countRead] },
  ],
  [
    "line as ratio",
    {
      config: {
        displayType: "line",
        sourceId: logs,
        asRatio: true,
        fillNulls: false,
        select: [count, { aggFn: "count", where: "level:error" }],
        seriesLimit: 5,
      },
    },
    { displayType: "line", sourceId: logs, asRatio: true, fillNulls: false, seriesLimit: 5, select: [countRead, { ...countRead, where: "level:error" }] },
  ],
  [
    "stacked_bar",
    { config: { displayType: "stacked_bar", sourceId: logs, select: [count], groupBy: "service" } },
    { displayType: "stacked_bar", sourceId: logs, asRatio: false, fillNulls: true, groupBy: "service", select: [countRead] },
  ],
  [
    "table",
    { config: { displayType: "table", sourceId: logs, select: [count], having: "count() > 1", orderBy: "count() DESC" } },
    { displayType: "table", sourceId: logs, asRatio: false, having: "count() > 1", orderBy: "count() DESC", select: [countRead] },
  ],
  [
    "number",
    { config: { displayType: "number", sourceId: logs, select: [count], color: "chart-red" } },
    { displayType: "number", sourceId: logs, color: "chart-red", select: [countRead] },
  ],
  [
    "pie",
    { config: { displayType: "pie", sourceId: logs, select: [count], groupBy: "service", limit: 5 } },
    { displayType: "pie", sourceId: logs, groupBy: "service", limit: 5, select: [countRead] },
  ],
  [
    "bar",
    { config: { displayType: "bar", sourceId: logs, select: [count], groupBy: "service" } },
    { displayType: "bar", sourceId: logs, groupBy: "service", select: [countRead] },
  ],
  [
    "heatmap",
    { config: { displayType: "heatmap", sourceId: traces, select: [{ valueExpression: "Duration" }] } },
    { displayType: "heatmap", sourceId: traces, select: [{ valueExpression: "Duration" }], where: "", whereLanguage: "lucene" },
  ],
  [
    "search",
    { config: { displayType: "search", sourceId: logs, select: "ts, body" } },
    { displayType: "search", sourceId: logs, select: "ts, body", where: "", whereLanguage: "lucene" },
  ],
  ["markdown", { config: { displayType: "markdown" } }, { displayType: "markdown", markdown: "" }],
  [
    "event_patterns",
    { config: { displayType: "event_patterns", sourceId: logs } },
    { displayType: "event_patterns", sourceId: logs, select: "", where: "", whereLanguage: "lucene" },
  ],
  [
    "raw SQL line",
    { config: { configType: "sql", displayType: "line", connectionId: connection, sqlTemplate: "SELECT 1" } },
    { configType: "sql", displayType: "line", connectionId: connection, sqlTemplate: "SELECT 1", fillNulls: true },
  ],
  [
    "raw SQL number",
    { config: { configType: "sql", displayType: "number", connectionId: connection, sourceId: logs, sqlTemplate: "SELECT 1" } },
    { configType: "sql", displayType: "number", connectionId: connection, sourceId: logs, sqlTemplate: "SELECT 1" },
  ],
  [
    "raw SQL table",
    { config: { configType: "sql", displayType: "table", connectionId: connection, sqlTemplate: "SELECT 1" } },
    { configType: "sql", displayType: "table", connectionId: connection, sqlTemplate: "SELECT 1" },
  ],
];

describe.each(surfaces)("current dashboards through $label", ({ call }) => {
  beforeAll(async () => {
    const sources = (await call("GET", "/sources")).data;
    [logs, traces] = [sources[0].id, sources[1].id];
    connection = sources[0].connection;
  });

  it("reads every kind of tile back in the config form, and a read written back reads the same", async () => {
    const table = kinds();
    const created = await call("POST", "/dashboards", { name: "every kind", tiles: table.map(([label, body]) => tile(label, body)) });
    expect(created.status, created.error).toBe(200);
    table.forEach(([label, , config], i) => {
      expect(created.data.tiles[i], label).toEqual({ id: expect.any(String), ...at, name: label, config });
    });
    const again = await call("PUT", `/dashboards/${created.data.id}`, { name: "every kind", tiles: created.data.tiles });
    expect(again.status, again.error).toBe(200);
    expect(again.data.tiles).toEqual(created.data.tiles);
    expect((await call("GET", `/dashboards/${created.data.id}`)).data).toEqual(again.data);
    const { id, ...whole } = again.data;
    const wholeAgain = await call("PUT", `/dashboards/${id}`, whole);
    expect(wholeAgain.status, wholeAgain.error).toBe(200);
    expect(wholeAgain.data).toEqual(again.data);
  });

  it("answers the current dashboard fields with their read defaults", async () => {
    const d = (await call("POST", "/dashboards", { name: "defaults", tiles: [] })).data;
    expect(d).toEqual({ id: d.id, name: "defaults", tiles: [], tags: [], filters: [], savedQuery: null, savedQueryLanguage: null, savedFilterValues: [] });
  });

  it("keeps filters (with ids), the saved query and containers with tile containerId/tabId", async () => {
    const containers = [
      {
        id: "c1",
        title: "Group",
        collapsed: false,
        tabs: [
          { id: "t1", title: "One" },
          { id: "t2", title: "Two" },
        ],
      },
    ];
    const made = await call("POST", "/dashboards", {
      name: "extras",
      tiles: [tile("in a tab", { containerId: "c1", tabId: "t2", config: { displayType: "markdown", markdown: "x" } })],
      filters: [{ type: "QUERY_EXPRESSION", name: "Service", expression: "ServiceName", sourceId: logs }],
      savedQuery: "level:error",
      containers,
    });
    expect(made.status, made.error).toBe(200);
    expect(made.data).toMatchObject({ savedQuery: "level:error", savedQueryLanguage: "lucene", containers, tiles: [{ containerId: "c1", tabId: "t2" }] });
    const filter = made.data.filters[0];
    expect(filter).toEqual({ id: expect.any(String), type: "QUERY_EXPRESSION", name: "Service", expression: "ServiceName", sourceId: logs });
    const put = await call("PUT", `/dashboards/${made.data.id}`, { name: "extras", tiles: made.data.tiles, filters: [filter] });
    expect(put.data.filters[0].id).toBe(filter.id);
    expect(put.data.containers).toEqual(containers);
  });

  it("lists dashboards by name, descending", async () => {
    for (const name of ["m-list", "z-list", "a-list"]) await call("POST", "/dashboards", { name, tiles: [] });
    const names = (await call("GET", "/dashboards")).data.map((d: { name: string }) => d.name).filter((n: string) => n.endsWith("-list"));
    expect(names).toEqual(["z-list", "m-list", "a-list"]);
  });

  it("deletes alerts of tiles that vanish or become a kind that cannot carry alerts, on PUT", async () => {
    const line = { config: { displayType: "line", sourceId: logs, select: [count] } };
    const d = (await call("POST", "/dashboards", { name: "alerts go", tiles: [tile("a", line), tile("b", line), tile("c", line)] })).data;
    const [a, b, c] = d.tiles;
    const alert = (tileId: string) =>
      call("POST", "/alerts", {
        source: "tile",
        dashboardId: d.id,
        tileId,
        threshold: 1,
        thresholdType: "above",
        interval: "5m",
        channel: { type: "webhook", webhookId: "65f0c0de00000000000000a1" },
      });
    const [onA, onB, onC] = [(await alert(a.id)).data, (await alert(b.id)).data, (await alert(c.id)).data];
    const put = await call("PUT", `/dashboards/${d.id}`, {
      name: "alerts go",
      tiles: [a, { ...b, config: { displayType: "table", sourceId: logs, select: [count] } }],
    });
    expect(put.status, put.error).toBe(200);
    expect((await call("GET", `/alerts/${onA.id}`)).status).toBe(200);
    expect((await call("GET", `/alerts/${onB.id}`)).status).toBe(404);
    expect((await call("GET", `/alerts/${onC.id}`)).status).toBe(404);
  });

  it("answers DELETE of an unknown dashboard with 200", async () => {
    expect((await call("DELETE", "/dashboards/000000000000000000000000")).status).toBe(200);
  });

  const refused: Array<[string, () => Record<string, unknown>, string]> = [
    [
      "a contract-form series (dataSource, no sourceId)",
      () => ({ name: "x", tiles: [tile("a", { series: [{ type: "time", dataSource: "events", aggFn: "count", where: "", groupBy: [] }] })] }),
      "tiles.0.series.0.sourceId: Required",
    ],
    [
      "an unknown sourceId",
      () => ({ name: "x", tiles: [tile("a", { series: [{ type: "number", sourceId: "000000000000000000000000", aggFn: "count", where: "" }] })] }),
      "Could not find the following source IDs: 000000000000000000000000",
    ],
    [
      "an unknown connection",
      () => ({
        name: "x",
        tiles: [tile("a", { config: { configType: "sql", displayType: "line", connectionId: "000000000000000000000000", sqlTemplate: "SELECT 1" } })],
      }),
      "Could not find the following connection IDs: 000000000000000000000000",
    ],
    [
      "series and config at once",
      () => ({ name: "x", tiles: [tile("a", { series: [{ type: "markdown", content: "" }], config: { displayType: "markdown" } })] }),
      "tiles.0: Tile cannot have both series and config",
    ],
    ["neither series nor config", () => ({ name: "x", tiles: [tile("a", {})] }), "tiles.0: Tile must have either series or config"],
    [
      "a duplicate tile id",
      () => ({
        name: "x",
        tiles: [tile("a", { id: "same", config: { displayType: "markdown" } }), tile("b", { id: "same", config: { displayType: "markdown" } })],
      }),
      "tiles.1.id: Duplicate tile ID: same",
    ],
    [
      "a tile id longer than 36",
      () => ({ name: "x", tiles: [tile("a", { id: "i".repeat(37), config: { displayType: "markdown" } })] }),
      "tiles.0.id: String must contain at most 36 character(s)",
    ],
    [
      "a display type the server lacks",
      () => ({ name: "x", tiles: [tile("a", { config: { displayType: "gauge", sourceId: logs } })] }),
      "tiles.0.config.displayType: Invalid discriminator value",
    ],
    [
      "a count with a value expression",
      () => ({ name: "x", tiles: [tile("a", { config: { displayType: "line", sourceId: logs, select: [{ aggFn: "count", valueExpression: "x" }] } })] }),
      "Value expression cannot be used with count aggregation function",
    ],
    [
      "a ratio of one item",
      () => ({ name: "x", tiles: [tile("a", { config: { displayType: "line", sourceId: logs, asRatio: true, select: [count] } })] }),
      "asRatio can only be used with exactly two select items",
    ],
    [
      "a heatmap on a non-trace source",
      () => ({ name: "x", tiles: [tile("a", { config: { displayType: "heatmap", sourceId: logs, select: [{ valueExpression: "d" }] } })] }),
      "Heatmap tiles require a Trace source",
    ],
    [
      "a tile in an unknown container",
      () => ({ name: "x", tiles: [tile("a", { containerId: "nope", config: { displayType: "markdown" } })] }),
      'tiles.0.containerId: Tile references unknown containerId "nope"',
    ],
    ["a body without tiles", () => ({ name: "x" }), "Body validation failed: tiles: Required"],
    [
      "a filter that neither broadcasts nor is a variable",
      () => ({ name: "x", tiles: [], filters: [{ type: "QUERY_EXPRESSION", name: "S", expression: "S", sourceId: logs, isBroadcastEnabled: false }] }),
      'filters.0.isBroadcastEnabled: Filter "S" must broadcast its value, be available as a variable, or both',
    ],
    [
      "a filter with an id on create",
      () => ({ name: "x", tiles: [], filters: [{ id: "f", type: "QUERY_EXPRESSION", name: "S", expression: "S", sourceId: logs }] }),
      "Unrecognized key(s) in object: 'id'",
    ],
  ];
  it.each(refused)("refuses %s with 400", async (_label, body, fragment) => {
    const answer = await call("POST", "/dashboards", body());
    expect(answer.status).toBe(400);
    expect(answer.error).toContain(fragment);
  });

  it("refuses an id that is not a document id, naming body and params together", async () => {
    const answer = await call("PUT", "/dashboards/not-an-id", { name: "x" });
    expect(answer.status).toBe(400);
    expect(answer.error).toContain("Body validation failed: tiles: Required; Params validation failed: id: Invalid ObjectId");
  });
});

describe("missing dashboard vs missing route on api/v2", () => {
  it("answers a missing dashboard with a plain-text 404 Not Found and a missing route with an HTML page, as the current server does", async () => {
    const missing = await apiV2(emulator).call("GET", "/dashboards/000000000000000000000000");
    expect(missing.status).toBe(404);
    expect(missing.text).toBe("Not Found");
    expect(missing.headers.get("content-type")).toMatch(/^text\/plain/);
    expect((await apiV2(emulator).call("PUT", "/dashboards/000000000000000000000000", { name: "x", tiles: [] })).text).toBe("Not Found");
    const noRoute = await apiV2(emulator).call("GET", "/no-such-collection");
    expect(noRoute.status).toBe(404);
    expect(noRoute.headers.get("content-type")).toMatch(/^text\/html/);
    expect(noRoute.text).toContain("<pre>Cannot GET /api/v2/no-such-collection</pre>");
    // Neither is JSON; what tells a missing object from a missing route is that the collection still lists.
    const list = await apiV2(emulator).call("GET", "/dashboards");
    expect(list.status).toBe(200);
    expect(Array.isArray(list.json.data)).toBe(true);
  });
});

/**
 * Tiles of every display type, written in each form, applied, read back and previewed with no
 * change, against both stack API generations. The series form (with `sourceId` beside
 * `dataSource`) works on both; the config form only on current servers, which a 2.0.0 server
 * refuses with its 400.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { storedStack } from "../support/stored";
import { rawJson } from "../support/raw-api";
import { dashboardEngine as dashboardImpl } from "../support/engines";
import { cfg, filter, series, tile } from "../support/stack-fixtures";
import { STACK_VERSIONS, TARGETS, surfaceOf, useTarget } from "../support/stack-targets";
import { preview, up } from "../support/engine-run";
import { startTestEmulator } from "../support/emulator";

type Obj = Record<string, any>;
/** What a row needs from the stack: its sources (log, trace) and their connection. */
interface Refs {
  log: string;
  trace: string;
  connection: string;
}

const count = [{ aggFn: "count" }];
const p99 = { aggFn: "quantile", level: 0.99, valueExpression: "Duration" };

/** Series-form tiles: each series type, with the current series fields. */
const SERIES_ROWS: [string, (r: Refs) => Obj[]][] = [
  ["time (line)", () => [series({ groupBy: ["service"], alias: "errors", whereLanguage: "lucene", where: "level:error" })]],
  [
    "time (stacked_bar), two series",
    () => [series({ displayType: "stacked_bar", numberFormat: { output: "number", mantissa: 2 } }), series({ aggFn: "avg", field: "duration" })],
  ],
  // A sorted table: test/provider/series-sort-order.test.ts (a 2.0.0 server has no sortOrder).
  ["table", () => [series({ type: "table", aggFn: "max", field: "duration", groupBy: ["route"] })]],
  [
    "number, quantile",
    () => [series({ type: "number", aggFn: "quantile", level: 0.95, field: "duration", metricName: "latency", metricDataType: "histogram" })],
  ],
  ["search", () => [series({ type: "search", aggFn: undefined, fields: ["timestamp", "body"], where: "level:error" })]],
  // A 2.0.0 server wants `dataSource` on every series, markdown too; a current one none there.
  ["markdown", () => [{ type: "markdown", dataSource: "events", content: "# Runbook" }]],
];

/** Config-form tiles: every builder display type and every raw SQL one. */
const CONFIG_ROWS: [string, (r: Refs) => Obj][] = [
  [
    "line",
    (r) =>
      cfg(
        {
          select: [{ aggFn: "count", where: "level:error", alias: "errors" }],
          groupBy: "service",
          seriesLimit: 5,
          fillNulls: false,
          compareToPreviousPeriod: true,
        },
        r.log,
      ),
  ],
  [
    "stacked_bar, as a ratio",
    (r) =>
      cfg(
        { displayType: "stacked_bar", select: [...count, { aggFn: "sum", valueExpression: "Bytes" }], asRatio: true, numberFormat: { output: "byte" } },
        r.log,
      ),
  ],
  [
    "table",
    (r) =>
      cfg(
        { displayType: "table", select: [p99, ...count], groupBy: "route", having: "count() > 10", orderBy: "count() DESC", groupByColumnsOnLeft: true },
        r.log,
      ),
  ],
  [
    "number, with formulas",
    (r) =>
      cfg(
        {
          displayType: "number",
          select: [...count, { aggFn: "count", where: "level:error" }],
          formulas: [{ expression: "B / A", alias: "error rate" }],
          color: "chart-red",
        },
        r.log,
      ),
  ],
  ["pie", (r) => cfg({ displayType: "pie", select: count, groupBy: "service", limit: 8 }, r.log)],
  ["bar", (r) => cfg({ displayType: "bar", select: count, groupBy: "route", orderBy: "count() DESC" }, r.log)],
  ["heatmap", (r) => ({ displayType: "heatmap", sourceId: r.trace, select: [{ valueExpression: "Duration", heatmapScaleType: "log" }] })],
  ["search", (r) => ({ displayType: "search", sourceId: r.log, select: "Timestamp, Body", where: "level:error", whereLanguage: "lucene" })],
  ["markdown", () => ({ displayType: "markdown", markdown: "# Runbook" })],
  ["event_patterns", (r) => ({ displayType: "event_patterns", sourceId: r.log, where: "level:error" })],
  ...(["line", "stacked_bar", "table", "number", "pie", "bar"] as const).map((displayType): [string, (r: Refs) => Obj] => [
    `raw SQL ${displayType}`,
    (r) => ({ configType: "sql", displayType, connectionId: r.connection, sqlTemplate: "SELECT count() FROM logs WHERE $__timeFilter(Timestamp)" }),
  ]),
];

const emulators = new Map<string, Emulator>();
beforeAll(async () => {
  for (const version of STACK_VERSIONS) emulators.set(version, await startTestEmulator({ stackApiVersion: version }));
});
afterAll(() => Promise.all([...emulators.values()].map((e) => e.close())));

const CASES = STACK_VERSIONS.flatMap((version) => TARGETS.map((kind) => [version, kind] as const));

/** The emulator of `version`, configured as the target `kind`, and the references its stack has. */
function useStack(version: string, kind: (typeof TARGETS)[number]): { emulator: Emulator; refs: Refs } {
  const emulator = emulators.get(version)!;
  useTarget(kind, emulator);
  const sources = storedStack(emulator, kind).sources;
  const of = (k: string) => sources.find((s) => s.kind === k)!;
  return { emulator, refs: { log: of("log").id, trace: of("trace").id, connection: of("log").connection } };
}

describe.each(CASES)("tiles on a %s server, %s target", (version, kind) => {
  let refs: Refs;
  beforeEach(() => {
    refs = useStack(version, kind).refs;
  });

  /** Applies `program`, then checks: no change in a preview, a read gives the same outputs, a move previews and applies as the only change. */
  async function roundTrip(program: Obj): Promise<void> {
    const board = await up(dashboardImpl, program);
    expect((await preview(dashboardImpl, program, board)).diffs, "preview after up").toEqual([]);
    const read = await dashboardImpl.read(board.id, board.outs);
    expect(read.props, "a read gives what up gave").toEqual(board.outs);
    const moved = structuredClone(program);
    moved.tiles[0].y = 7;
    const after = await up(dashboardImpl, moved, { id: board.id, outs: read.props });
    expect(after.diff?.diffs.map((d) => d.path)).toEqual(["tiles[T].y"]);
    expect(after.outs.tileIds.T, "the tile keeps its id").toBe(board.outs.tileIds.T);
    expect((await preview(dashboardImpl, moved, after)).diffs, "preview after the move").toEqual([]);
    await dashboardImpl.delete(board.id, after.outs);
  }

  it.each(SERIES_ROWS)("series form: %s", async (_what, make) => {
    const withSource = make(refs).map((s) => (s.type === "markdown" ? s : { ...s, sourceId: refs.log }));
    await roundTrip({ name: "tiles", tiles: [tile("T", { series: withSource })] });
  });

  it("series form with `dataSource` only: the first generation's, refused by a current server with a hint", async () => {
    const program = { name: "tiles", tiles: [tile("T")] };
    if (version === "2.0.0") return roundTrip(program);
    await expect(up(dashboardImpl, program)).rejects.toThrow(
      /400.*sourceId.*Perhaps the server is a current one \(API 2\.14\.0 or later\): series with `dataSource` and no `sourceId`/,
    );
  });

  it("a 400 of a config-form dashboard gets the first generation's hint only from a first-generation server", async () => {
    if (version === "2.0.0") return;
    const emulator = emulators.get(version)!;
    emulator.control.script({ method: "POST", path: "/dashboards$", status: 400, body: { message: "Body validation failed: tiles.0.config: refused" } });
    const program = { name: "tiles", tiles: [tile("T", { series: undefined, config: CONFIG_ROWS[0][1](refs) })] };
    const message = await up(dashboardImpl, program).then(
      () => "created",
      (e: Error) => e.message,
    );
    emulator.control.clearScripts();
    expect(message).toMatch(/400.*tiles\.0\.config: refused/);
    expect(message, "a current server is told no first-generation hint").not.toMatch(/Perhaps|first generation/);
  });

  it.each(CONFIG_ROWS)("config form: %s", async (_what, make) => {
    const program = { name: "tiles", tiles: [tile("T", { series: undefined, config: make(refs) })] };
    if (version === "2.0.0") {
      await expect(up(dashboardImpl, program), "a 2.0.0 server knows only the series form").rejects.toThrow(
        /400.*tiles\.0\.series.*Perhaps the server is of the first generation \(API 2\.0\.0\): `config` tiles/,
      );
      return;
    }
    await roundTrip(program);
  });
});

describe.each(TARGETS)("dashboard extras on a current server, %s target", (kind) => {
  let emulator: Emulator;
  let refs: Refs;
  beforeEach(() => {
    ({ emulator, refs } = useStack("2.36.0", kind));
  });
  const stored = (id: string) => storedStack(emulator, kind).dashboards.find((d) => d.id === id)!;

  it("filters (ids carried by name), saved query and containers: applied, previewed, edited, cleared", async () => {
    const containers = [{ id: "c1", title: "Errors", collapsed: false, tabs: [{ id: "t1", title: "By service" }] }];
    const program = {
      name: "extras",
      filters: [filter({}, refs.log), filter({ name: "Route", expression: "Route" }, refs.log)],
      savedQuery: "level:error",
      containers,
      tiles: [tile("T", { series: undefined, config: cfg({}, refs.log), containerId: "c1", tabId: "t1" })],
    };
    const board = await up(dashboardImpl, program);
    const ids = stored(board.id).filters.map((f: Obj) => f.id);
    expect(ids).toHaveLength(2);
    expect((await preview(dashboardImpl, program, board)).diffs).toEqual([]);
    const edited = {
      ...program,
      filters: [program.filters[1], { ...program.filters[0], expression: "service.name" }, filter({ name: "Host", expression: "Host" }, refs.log)],
    };
    const after = await up(dashboardImpl, edited, board);
    expect(after.diff?.diffs.map((d) => d.path)).toEqual(["filters"]);
    const kept = stored(board.id).filters.map((f: Obj) => f.id);
    expect(kept.slice(0, 2), "each filter keeps its id, by name").toEqual([ids[1], ids[0]]);
    expect(kept[2], "an added filter gets one").toMatch(/^[0-9a-f]{24}$/);
    expect((await preview(dashboardImpl, edited, after)).diffs).toEqual([]);
    const cleared = await up(dashboardImpl, { name: "extras", tiles: [tile("T", { series: undefined, config: cfg({}, refs.log) })] }, after);
    expect(cleared.diff?.diffs.map((d) => d.path).sort()).toEqual(["containers", "filters", "savedQuery", "tiles[T].containerId", "tiles[T].tabId"]);
    expect([stored(board.id).filters, stored(board.id).savedQuery]).toEqual([[], null]);
  });

  it("a dashboard made elsewhere, copied into the program as the server answers it, adopts with no change left", async () => {
    const tiles = CONFIG_ROWS.slice(0, 4).map(([, make], i) => ({ name: `T${i}`, x: 0, y: i * 3, w: 6, h: 3, config: make(refs) }));
    const made = await rawJson(emulator, surfaceOf(kind), "POST", "/dashboards", { name: "made elsewhere", tiles });
    // The program copies the server's JSON: the answered configs, read defaults and all.
    const program = { name: "made elsewhere", adoptId: made.id, tiles: made.tiles.map(({ id: _id, ...t }: Obj) => t) };
    const board = await up(dashboardImpl, program);
    expect(
      board.outs.tiles.map((t: Obj) => t.id),
      "every tile kept its id",
    ).toEqual(made.tiles.map((t: Obj) => t.id));
    expect((await preview(dashboardImpl, program, board)).diffs).toEqual([]);
    // The same tiles written short (defaults left out) are no change either.
    const short = { ...program, tiles: tiles };
    expect((await preview(dashboardImpl, short, await up(dashboardImpl, short, board))).diffs).toEqual([]);
  });

  it("a create answered with a 504 after it was applied finds its config-form dashboard in the list: one dashboard", async () => {
    useTarget(kind, emulator, { maxRetries: "3" });
    emulator.control.script({
      method: "POST",
      path: kind === "server" ? "^/api/v2/dashboards$" : "/stack/dashboards$",
      kind: "html",
      status: 504,
      apply: true,
    });
    const before = storedStack(emulator, kind).dashboards.length;
    const tiles = CONFIG_ROWS.map(([, make], i) => tile(`T${i}`, { series: undefined, y: i * 3, config: make(refs) }));
    const board = await up(dashboardImpl, { name: "created once", tiles });
    expect(
      storedStack(emulator, kind)
        .dashboards.map((d) => d.id)
        .slice(before),
    ).toEqual([board.id]);
    expect((await preview(dashboardImpl, { name: "created once", tiles }, board)).diffs).toEqual([]);
  });
});

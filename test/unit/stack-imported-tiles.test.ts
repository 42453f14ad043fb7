/**
 * A dashboard imported (read with no state) holds its tiles as the server answered them; a
 * program writing the same tiles in the series form previews no change, and a real change still
 * shows. Pure: the tile diff only.
 */
import { describe, expect, it } from "vitest";
import { tileChanges } from "../../provider/resources/stack-dashboard/diff";

type Obj = Record<string, any>;
const SOURCE = "65f0c0de0000000000000001";
const layout = { id: "t1", name: "Errors", x: 0, y: 0, w: 6, h: 3 };
/** The program's tile: a time series with `sourceId` beside `dataSource`. */
const written = (over: Obj = {}): Obj => ({
  name: "Errors",
  x: 0,
  y: 0,
  w: 6,
  h: 3,
  series: [{ type: "time", dataSource: "events", sourceId: SOURCE, aggFn: "count", ...over }],
});
/** A current server's answer to it: the config form with its read defaults. */
const currentAnswer = (over: Obj = {}): Obj => ({
  ...layout,
  config: {
    displayType: "line",
    sourceId: SOURCE,
    asRatio: false,
    fillNulls: true,
    select: [{ aggFn: "count", valueExpression: "", where: "", whereLanguage: "lucene", ...over }],
  },
});
/** A 2.0.0 server's answer to it: the first-form series only (no `sourceId`). */
const firstAnswer = (over: Obj = {}): Obj => ({
  ...layout,
  asRatio: false,
  series: [{ type: "time", dataSource: "events", aggFn: "count", where: "", groupBy: [], ...over }],
});

/** A content change against an answer in the other form: every content field shows. */
const ALL_CONTENT = ["tiles[Errors].asRatio", "tiles[Errors].series", "tiles[Errors].config"];

describe("an imported dashboard's tiles against a series-form program", () => {
  it.each<[string, Obj, Obj, string[]]>([
    ["a current server's config answer, same content", currentAnswer(), written(), []],
    ["a current server's config answer, the program changed the aggregate", currentAnswer(), written({ aggFn: "sum", field: "Duration" }), ALL_CONTENT],
    ["a current server's config answer changed elsewhere", currentAnswer({ where: "level:error" }), written(), ALL_CONTENT],
    ["a 2.0.0 server's first-form answer, same content", firstAnswer(), written(), []],
    ["a 2.0.0 server's first-form answer, the program changed the filter", firstAnswer(), written({ where: "level:error" }), ["tiles[Errors].series"]],
    ["a tile moved", firstAnswer(), { ...written(), x: 6 }, ["tiles[Errors].x"]],
  ])("%s", (_what, old, program, paths) => {
    expect(tileChanges([old], [program]).map((c) => c.path)).toEqual(paths);
  });
});

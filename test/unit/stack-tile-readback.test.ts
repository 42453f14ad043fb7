import { describe, expect, it } from "vitest";
import { answersContent, keptTile, readBackMatches, seriesAsConfig } from "../../provider/resources/stack-dashboard/tile-readback";
import { carryFilterIds } from "../../provider/resources/stack-dashboard/body";

const S = "65f0c0de0000000000000001";
const layout = { id: "t1", name: "T", x: 0, y: 0, w: 6, h: 3 };

describe("readBackMatches: the answer says what was written, plus read defaults only", () => {
  const rows: [string, unknown, unknown, boolean][] = [
    ["same values", { a: 1, b: "x" }, { a: 1, b: "x" }, true],
    [
      "read defaults filled in",
      { displayType: "line", fillNulls: true, asRatio: false, select: [{ aggFn: "count", where: "", whereLanguage: "lucene", valueExpression: "" }] },
      { displayType: "line", select: [{ aggFn: "count" }] },
      true,
    ],
    ["a default written explicitly, answered the same", { fillNulls: true }, { fillNulls: true }, true],
    ["a written value the server changed", { fillNulls: true }, { fillNulls: false }, false],
    ["an extra answered field that is no default", { displayType: "line", seriesLimit: 5 }, { displayType: "line" }, false],
    ["a default value under another key", { limit: false }, {}, false],
    ["null and empty lists are nothing", { groupBy: null, tags: [] }, {}, true],
    ["an item too many", { select: [{ aggFn: "count" }, { aggFn: "count" }] }, { select: [{ aggFn: "count" }] }, false],
    ["a written field the answer lacks", {}, { alias: "a" }, false],
  ];
  it.each(rows)("%s", (_what, answer, expected, same) => {
    expect(readBackMatches(answer, expected)).toBe(same);
  });
});

describe("seriesAsConfig: a series tile as a current server reads it back", () => {
  const rows: [string, unknown[], unknown, Record<string, unknown>][] = [
    [
      "time: line, groupBy joined, items in order",
      [{ type: "time", sourceId: S, aggFn: "avg", field: "d", groupBy: ["a", "b"], alias: "x" }],
      undefined,
      { displayType: "line", groupBy: "a,b", select: [expect.objectContaining({ aggFn: "avg", valueExpression: "d", alias: "x" })] },
    ],
    [
      "time: stacked bar, ratio of two",
      [
        { type: "time", sourceId: S, aggFn: "count", displayType: "stacked_bar" },
        { type: "time", sourceId: S, aggFn: "count" },
      ],
      true,
      { displayType: "stacked_bar", asRatio: true },
    ],
    [
      "table: a table whatever display type its series name, groupBy joined",
      [
        { type: "table", sourceId: S, aggFn: "count", displayType: "stacked_bar", groupBy: ["a"] },
        { type: "table", sourceId: S, aggFn: "sum", field: "v", numberFormat: { output: "number" } },
      ],
      undefined,
      {
        displayType: "table",
        sourceId: S,
        asRatio: false,
        groupBy: "a",
        select: [expect.objectContaining({ aggFn: "count" }), expect.objectContaining({ aggFn: "sum" })],
        numberFormat: { output: "number" },
      },
    ],
    [
      "number: the first series only, metric type renamed",
      [
        { type: "number", sourceId: S, aggFn: "sum", field: "v", metricDataType: "gauge" },
        { type: "number", sourceId: S, aggFn: "count" },
      ],
      undefined,
      { select: [expect.objectContaining({ metricType: "gauge" })] },
    ],
    [
      "quantile keeps its level, others drop it",
      [{ type: "table", sourceId: S, aggFn: "quantile", level: 0.9, field: "d" }],
      undefined,
      { select: [expect.objectContaining({ level: 0.9 })] },
    ],
    [
      "search: fields as the select text",
      [{ type: "search", sourceId: S, fields: ["a", "b"], where: "x" }],
      undefined,
      { displayType: "search", select: "a, b", where: "x", whereLanguage: "lucene" },
    ],
    ["markdown: content as markdown", [{ type: "markdown", content: "# t" }], undefined, { displayType: "markdown", markdown: "# t" }],
  ];
  it.each(rows)("%s", (_what, series, asRatio, expected) => {
    expect(seriesAsConfig(series, asRatio)).toMatchObject(expected);
  });
});

describe("keptTile: the written form stands when the answer is what the server makes of it", () => {
  const series = [{ type: "time", dataSource: "events", sourceId: S, aggFn: "count", where: "", groupBy: [] }];
  const config = { displayType: "line", sourceId: S, select: [{ aggFn: "count" }] };
  const answeredConfig = {
    displayType: "line",
    sourceId: S,
    asRatio: false,
    fillNulls: true,
    select: [{ aggFn: "count", valueExpression: "", where: "", whereLanguage: "lucene" }],
  };
  const rows: [string, Record<string, unknown>, Record<string, unknown> | undefined, Record<string, unknown>][] = [
    ["series written, config answered", { ...layout, config: answeredConfig }, { ...layout, series }, { ...layout, series }],
    [
      "series written, first form answered (sourceId dropped)",
      { ...layout, asRatio: false, series: [{ type: "time", dataSource: "events", aggFn: "count", where: "", groupBy: [] }] },
      { ...layout, series },
      { ...layout, series },
    ],
    ["config written, config answered", { ...layout, config: answeredConfig }, { ...layout, config }, { ...layout, config }],
    [
      "moved elsewhere: the answer's layout, the written content",
      { ...layout, w: 3, config: answeredConfig },
      { ...layout, config },
      { ...layout, w: 3, config },
    ],
    [
      "content changed elsewhere: the answer as it is",
      { ...layout, config: { ...answeredConfig, displayType: "stacked_bar" } },
      { ...layout, config },
      { ...layout, config: { ...answeredConfig, displayType: "stacked_bar" } },
    ],
    ["nothing written: the answer as it is", { ...layout, config: answeredConfig }, undefined, { ...layout, config: answeredConfig }],
  ];
  it.each(rows)("%s", (_what, answer, written, kept) => {
    expect(keptTile(answer, written)).toEqual(kept);
  });

  it("a config answer never stands for a series written in another source", () => {
    expect(answersContent({ config: answeredConfig }, { series: [{ ...series[0], sourceId: "other" }] })).toBe(false);
  });
});

describe("carryFilterIds: a filter keeps its server id by name; a new one has none", () => {
  it.each([
    ["create: ids written in the program are dropped", [{ id: "x", name: "A" }], undefined, [{ name: "A" }]],
    [
      "update: ids by name, in the program's order",
      [{ name: "B" }, { name: "A" }, { name: "C" }],
      [
        { id: "1", name: "A" },
        { id: "2", name: "B" },
      ],
      [{ id: "2", name: "B" }, { id: "1", name: "A" }, { name: "C" }],
    ],
    ["no filters", undefined, [{ id: "1", name: "A" }], []],
  ] as const)("%s", (_what, filters, previous, body) => {
    expect(carryFilterIds(filters, previous)).toEqual(body);
  });

  it("a PUT gives an added filter a new id (the server wants one on every filter)", () => {
    expect(carryFilterIds([{ name: "A" }, { name: "B" }], [{ id: "1", name: "A" }], () => "new")).toEqual([
      { id: "1", name: "A" },
      { id: "new", name: "B" },
    ]);
  });
});

/**
 * The current server's read form of tiles, as pure functions: what a select item, a series
 * tile and a config tile read back as, and which tile kinds keep their alerts.
 */
import { describe, expect, it } from "vitest";
import { canCarryAlerts, readConfig, readSelectItem, seriesToConfig } from "../../emulator/stack/tiles-config";
import type { CurrentSeries } from "../../emulator/stack/shapes-current";
import type { ParsedTileConfig } from "../../emulator/stack/tile-config-shape";

const S = "65f0c0de0000000000000abc";

describe("readSelectItem", () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ["fills where, language and an empty value expression", { aggFn: "count" }, { aggFn: "count", valueExpression: "", where: "", whereLanguage: "lucene" }],
    ["drops a value expression left on a count", { aggFn: "count", valueExpression: "x" }, { aggFn: "count", where: "", whereLanguage: "lucene" }],
    [
      "keeps a quantile level of the allowed set",
      { aggFn: "quantile", level: 0.95, valueExpression: "d" },
      { aggFn: "quantile", level: 0.95, valueExpression: "d", where: "", whereLanguage: "lucene" },
    ],
    [
      "drops a level outside the allowed set",
      { aggFn: "quantile", level: 0.75, valueExpression: "d" },
      { aggFn: "quantile", valueExpression: "d", where: "", whereLanguage: "lucene" },
    ],
    [
      "keeps alias, metric fields and delta",
      { aggFn: "sum", valueExpression: "v", alias: "A", metricType: "sum", metricName: "m", periodAggFn: "delta", whereLanguage: "sql" },
      { aggFn: "sum", valueExpression: "v", alias: "A", metricType: "sum", metricName: "m", periodAggFn: "delta", where: "", whereLanguage: "sql" },
    ],
  ])("%s", (_label, item, read) => {
    expect(readSelectItem(item)).toEqual(read);
  });
});

describe("seriesToConfig", () => {
  const time = (extra: Record<string, unknown> = {}) => ({ type: "time", sourceId: S, aggFn: "count", where: "", groupBy: [], ...extra }) as CurrentSeries;
  it.each<[string, CurrentSeries[], boolean | undefined, Record<string, unknown>]>([
    ["a ratio needs exactly two series", [time()], true, { asRatio: false }],
    ["two series make a ratio", [time(), time({ where: "e" })], true, { asRatio: true }],
    ["group by joins with commas", [time({ groupBy: ["a", "b"] })], undefined, { groupBy: "a,b" }],
    ["the first number format found wins", [time(), time({ numberFormat: { output: "percent" } })], undefined, { numberFormat: { output: "percent" } }],
    [
      "a field and where language become the select item's",
      [time({ aggFn: "max", field: "ms", whereLanguage: "sql" })],
      undefined,
      { select: [{ aggFn: "max", valueExpression: "ms", where: "", whereLanguage: "sql" }] },
    ],
  ])("%s", (_label, series, asRatio, expected) => {
    expect(seriesToConfig(series, asRatio)).toMatchObject(expected);
  });

  it("loses a table's sort order, as the server's read does", () => {
    const read = seriesToConfig([{ type: "table", sourceId: S, aggFn: "avg", field: "ms", where: "", groupBy: [], sortOrder: "asc" }], undefined);
    expect(read).not.toHaveProperty("orderBy");
    expect(read).not.toHaveProperty("sortOrder");
  });
});

describe("readConfig", () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    [
      "line: fillNulls true unless false, ratio false",
      { displayType: "line", sourceId: S, select: [{ aggFn: "count", where: "" }] },
      { fillNulls: true, asRatio: false },
    ],
    [
      "line: formulas kept when there are some",
      { displayType: "line", sourceId: S, select: [{ aggFn: "count", where: "" }], formulas: [{ expression: "A" }], showOperandSeries: false },
      { formulas: [{ expression: "A" }], showOperandSeries: false },
    ],
    ["raw SQL stacked bar: fillNulls filled", { configType: "sql", displayType: "stacked_bar", connectionId: S, sqlTemplate: "q" }, { fillNulls: true }],
    [
      "number: only the first select item without formulas",
      { displayType: "number", sourceId: S, select: [{ aggFn: "count", where: "" }] },
      { select: [{ aggFn: "count", valueExpression: "", where: "", whereLanguage: "lucene" }] },
    ],
  ])("%s", (_label, config, expected) => {
    expect(readConfig(config as ParsedTileConfig)).toMatchObject(expected);
  });

  it("drops empty formulas", () => {
    expect(readConfig({ displayType: "line", sourceId: S, select: [{ aggFn: "count", where: "" }], formulas: [] })).not.toHaveProperty("formulas");
  });
});

describe("canCarryAlerts", () => {
  it.each([
    ["line", true],
    ["stacked_bar", true],
    ["number", true],
    ["table", false],
    ["pie", false],
    ["bar", false],
    ["heatmap", false],
    ["search", false],
    ["markdown", false],
    ["event_patterns", false],
  ])("%s -> %s", (displayType, expected) => {
    expect(canCarryAlerts({ displayType })).toBe(expected);
    expect(canCarryAlerts({ configType: "sql", displayType })).toBe(expected);
  });
});

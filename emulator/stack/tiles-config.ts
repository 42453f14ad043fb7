/**
 * Tiles in the `config` form as the current server reads them back (notes: "every read
 * returns tiles in the `config` form"). A series tile is translated on write; a config
 * tile gets the read defaults (`fillNulls: true`, `asRatio: false`, `whereLanguage:
 * "lucene"`, `valueExpression: ""`...). Pure functions: JSON in, JSON out.
 */
import type { CurrentSeries } from "./shapes-current";
import type { BuilderConfig, ParsedTileConfig, RawSqlConfig } from "./tile-config-shape";
import type { TileConfig } from "./records";

type Json = Record<string, unknown>;
const QUANTILE_LEVELS = new Set([0.5, 0.9, 0.95, 0.99]);
/** Display types whose tiles can carry alerts (builder and raw SQL alike). */
const ALERTABLE = new Set(["line", "stacked_bar", "number"]);

/** The object without its undefined members (they never reach JSON). */
function defined(value: Json): Json {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

function pick(source: Json, keys: readonly string[]): Json {
  return Object.fromEntries(keys.filter((k) => source[k] !== undefined).map((k) => [k, source[k]]));
}

/** A select item as read back: the empty `where`, `lucene` and `valueExpression` filled in. */
export function readSelectItem(item: Json): Json {
  const aggFn = item.aggFn;
  const level = aggFn === "quantile" && QUANTILE_LEVELS.has(item.level as number) ? item.level : undefined;
  const stale = aggFn === "count" && typeof item.valueExpression === "string" && item.valueExpression !== "";
  return defined({
    ...pick(item, ["alias", "metricType", "metricName", "numberFormat"]),
    ...(stale ? {} : { valueExpression: item.valueExpression ?? "" }),
    aggFn,
    where: item.where ?? "",
    whereLanguage: item.whereLanguage ?? "lucene",
    periodAggFn: item.periodAggFn === "delta" ? "delta" : undefined,
    level,
  });
}

/** A series of the query kinds as the select item it becomes. */
function seriesItem(s: Json): Json {
  return {
    ...(s.alias ? { alias: s.alias } : {}),
    ...(s.metricName ? { metricName: s.metricName } : {}),
    ...(s.metricDataType ? { metricType: s.metricDataType } : {}),
    aggFn: s.aggFn,
    level: s.level,
    valueExpression: s.field ?? "",
    where: s.where ?? "",
    whereLanguage: s.whereLanguage ?? "lucene",
  };
}

const ratio = (asRatio: unknown, items: unknown[]) => asRatio === true && items.length === 2;
const formulaFields = (c: Json): Json =>
  Array.isArray(c.formulas) && c.formulas.length > 0 ? defined({ formulas: c.formulas, showOperandSeries: c.showOperandSeries }) : {};

/** A series-form tile's series as the `config` the server stores and reads back. */
export function seriesToConfig(series: readonly CurrentSeries[], asRatio: boolean | undefined): TileConfig {
  const first = series[0];
  const all = series as unknown as Json[];
  const groupBy = "groupBy" in first && first.groupBy.length > 0 ? first.groupBy.join(",") : undefined;
  switch (first.type) {
    case "time": {
      const select = all.map((s) => readSelectItem(seriesItem(s)));
      const numberFormat = all.find((s) => s.numberFormat)?.numberFormat;
      return defined({
        displayType: first.displayType === "stacked_bar" ? "stacked_bar" : "line",
        sourceId: first.sourceId,
        asRatio: ratio(asRatio, select),
        fillNulls: true,
        groupBy,
        select,
        numberFormat,
      });
    }
    case "table": {
      const select = all.map((s) => readSelectItem(seriesItem(s)));
      const numberFormat = all.find((s) => s.numberFormat)?.numberFormat;
      return defined({ numberFormat, displayType: "table", sourceId: first.sourceId, asRatio: ratio(asRatio, select), groupBy, select });
    }
    case "number":
      return defined({ displayType: "number", sourceId: first.sourceId, select: [readSelectItem(seriesItem(first))], numberFormat: first.numberFormat });
    case "search":
      return {
        displayType: "search",
        sourceId: first.sourceId,
        select: first.fields.join(", "),
        where: first.where,
        whereLanguage: first.whereLanguage ?? "lucene",
      };
    case "markdown":
      return { displayType: "markdown", markdown: first.content };
  }
}

function readRawSql(config: RawSqlConfig): TileConfig {
  const c = config as Json;
  const kind = config.displayType;
  const base = {
    configType: "sql",
    displayType: c.displayType,
    connectionId: c.connectionId,
    sqlTemplate: c.sqlTemplate,
    sourceId: c.sourceId,
    numberFormat: c.numberFormat,
  };
  switch (kind) {
    case "line":
      return defined({
        ...base,
        alignDateRangeToGranularity: c.alignDateRangeToGranularity,
        fillNulls: c.fillNulls !== false,
        fitYAxisToData: c.fitYAxisToData,
        compareToPreviousPeriod: c.compareToPreviousPeriod,
        seriesLimit: c.seriesLimit,
      });
    case "stacked_bar":
      return defined({ ...base, alignDateRangeToGranularity: c.alignDateRangeToGranularity, fillNulls: c.fillNulls !== false, seriesLimit: c.seriesLimit });
    case "table":
      return defined({ ...base, onClick: c.onClick });
    case "number":
      return defined({ ...base, color: c.color });
    case "pie":
    case "bar":
      return defined(base);
    default:
      throw new Error(`no read-back for raw SQL display type ${String(kind satisfies never)}`);
  }
}

function readBuilder(config: BuilderConfig): TileConfig {
  const c = config as Json;
  const kind = config.displayType;
  const select = Array.isArray(c.select) ? (c.select as Json[]) : [];
  const items = () => select.map(readSelectItem);
  const firstItem = () => select.slice(0, 1).map(readSelectItem);
  const common = { displayType: c.displayType, sourceId: c.sourceId };
  switch (kind) {
    case "line":
    case "stacked_bar": {
      const line = c.displayType === "line";
      return defined({
        ...common,
        asRatio: ratio(c.asRatio, select),
        alignDateRangeToGranularity: c.alignDateRangeToGranularity,
        fillNulls: c.fillNulls !== false,
        fitYAxisToData: line ? c.fitYAxisToData : undefined,
        groupBy: c.groupBy,
        select: items(),
        compareToPreviousPeriod: line ? c.compareToPreviousPeriod : undefined,
        numberFormat: c.numberFormat,
        seriesLimit: c.seriesLimit,
        ...formulaFields(c),
      });
    }
    case "table":
      return defined({
        ...pick(c, ["having", "numberFormat", "groupByColumnsOnLeft", "onClick"]),
        ...common,
        asRatio: ratio(c.asRatio, select),
        groupBy: c.groupBy,
        select: items(),
        orderBy: c.orderBy,
        ...formulaFields(c),
      });
    case "number": {
      const hasFormulas = Array.isArray(c.formulas) && c.formulas.length > 0;
      const rules = Array.isArray(c.colorRules) && c.colorRules.length > 0 ? c.colorRules : undefined;
      return defined({
        ...common,
        select: hasFormulas ? items() : firstItem(),
        numberFormat: c.numberFormat,
        ...(hasFormulas ? { formulas: c.formulas } : {}),
        color: c.color,
        colorRules: rules,
        backgroundChart: c.backgroundChart,
      });
    }
    case "pie":
    case "bar":
      return defined({ ...common, select: firstItem(), groupBy: c.groupBy, orderBy: c.orderBy, numberFormat: c.numberFormat, limit: c.limit });
    case "heatmap":
      return defined({
        ...common,
        select: select.slice(0, 1).map((i) => pick(i, ["valueExpression", "countExpression", "heatmapScaleType"])),
        where: c.where ?? "",
        whereLanguage: c.whereLanguage ?? "lucene",
        numberFormat: c.numberFormat,
      });
    case "markdown":
      return { displayType: "markdown", markdown: c.markdown ?? "" };
    case "search":
    case "event_patterns":
      return { ...common, select: c.select ?? "", where: c.where ?? "", whereLanguage: c.whereLanguage ?? "lucene" };
    default:
      throw new Error(`no read-back for display type ${String(kind satisfies never)}`);
  }
}

/** A written `config` as the server reads it back. */
export function readConfig(config: ParsedTileConfig): TileConfig {
  return "configType" in config && config.configType === "sql" ? readRawSql(config) : readBuilder(config as BuilderConfig);
}

/** True when alerts on a tile of this config survive a dashboard update. */
export function canCarryAlerts(config: TileConfig | undefined): boolean {
  return config !== undefined && ALERTABLE.has(String(config.displayType));
}

/** Source ids a config names (checked against the seeded sources). */
export function configSourceIds(config: TileConfig): string[] {
  const onClick = config.onClick as Json | undefined;
  const target = onClick?.type === "search" ? (onClick.target as Json | undefined) : undefined;
  return [config.sourceId, target?.mode === "id" ? target.id : undefined].filter((id): id is string => typeof id === "string" && id !== "");
}

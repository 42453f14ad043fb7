import { canonical, isObj } from "../canonical";

/**
 * Whether a tile the server answers is the tile the program wrote, in either generation:
 * a 2.0.0 server answers the series it kept (only its first-form fields); a current server
 * answers every tile in the `config` form, a series tile translated, with its read defaults
 * filled in. When it is, the outputs keep the program's form, so a program in either form
 * previews no change after `up` on either generation. Pure.
 */

type Obj = Record<string, unknown>;

/** Values a current server fills in on read when a field was left out, by field name. */
export const READ_DEFAULTS: Readonly<Obj> = { fillNulls: true, asRatio: false, where: "", whereLanguage: "lucene", valueExpression: "", select: "", markdown: "" };

/** Series fields a 2.0.0 server keeps; it drops the others. */
export const FIRST_FORM_SERIES_FIELDS = ["type", "dataSource", "aggFn", "field", "where", "groupBy"] as const;

const isDefault = (key: string | undefined, v: unknown) => v === undefined || (key !== undefined && Object.hasOwn(READ_DEFAULTS, key) && READ_DEFAULTS[key] === v);

/**
 * True when `answer` says what `expected` says: the same values where `expected` has one, and
 * elsewhere only read defaults (or nothing). Arrays match item by item.
 */
export function readBackMatches(answer: unknown, expected: unknown, key?: string): boolean {
  const a = canonical(answer);
  const e = canonical(expected);
  if (e === undefined) return isDefault(key, a);
  if (a === undefined) return isDefault(key, e);
  if (Array.isArray(e)) return Array.isArray(a) && a.length === e.length && e.every((item, i) => readBackMatches(a[i], item));
  if (isObj(e)) {
    if (!isObj(a)) return false;
    return [...new Set([...Object.keys(a), ...Object.keys(e)])].every((k) => readBackMatches(a[k], e[k], k));
  }
  return a === e;
}

/** A select item from one series, as the current server translates it. */
function seriesItem(s: Obj): Obj {
  return {
    alias: s.alias || undefined,
    metricName: s.metricName || undefined,
    metricType: s.metricDataType || undefined,
    aggFn: s.aggFn,
    level: s.aggFn === "quantile" ? s.level : undefined,
    valueExpression: s.field ?? "",
    where: s.where ?? "",
    whereLanguage: s.whereLanguage ?? "lucene",
  };
}

const joined = (groupBy: unknown) => (Array.isArray(groupBy) && groupBy.length > 0 ? groupBy.join(",") : undefined);
const firstFormat = (series: Obj[]) => series.find((s) => s.numberFormat)?.numberFormat;

/** The `config` a current server stores, and reads back, for a tile written in the series form. */
export function seriesAsConfig(series: readonly unknown[], asRatio: unknown): Obj {
  const all = series.filter(isObj);
  const first = all[0] ?? {};
  const ratio = asRatio === true && all.length === 2;
  switch (first.type) {
    case "time":
      return { displayType: first.displayType === "stacked_bar" ? "stacked_bar" : "line", sourceId: first.sourceId, asRatio: ratio, groupBy: joined(first.groupBy), select: all.map(seriesItem), numberFormat: firstFormat(all) };
    case "table":
      return { displayType: "table", sourceId: first.sourceId, asRatio: ratio, groupBy: joined(first.groupBy), select: all.map(seriesItem), numberFormat: firstFormat(all) };
    case "number":
      return { displayType: "number", sourceId: first.sourceId, select: [seriesItem(first)], numberFormat: first.numberFormat };
    case "search":
      return { displayType: "search", sourceId: first.sourceId, select: Array.isArray(first.fields) ? first.fields.join(", ") : "", where: first.where ?? "", whereLanguage: first.whereLanguage ?? "lucene" };
    case "markdown":
      return { displayType: "markdown", markdown: first.content };
    default:
      return { displayType: first.type };
  }
}

const pickFirstForm = (s: unknown): Obj => {
  const o = isObj(s) ? s : {};
  return { ...Object.fromEntries(FIRST_FORM_SERIES_FIELDS.map((k) => [k, o[k]])), where: o.where ?? "", groupBy: o.groupBy ?? [] };
};

const LAYOUT = ["name", "x", "y", "w", "h", "containerId", "tabId"] as const;

/**
 * True when `answer` (a tile as the server answers it) is what the server makes of `written`
 * (a tile of the program, or of the outputs, in either form).
 */
export function answersTile(answer: Obj, written: Obj): boolean {
  if (!LAYOUT.every((k) => canonical(answer[k]) === canonical(written[k]))) return false;
  if (isObj(answer.config) && !Array.isArray(answer.series)) {
    const expected = isObj(written.config) ? written.config : seriesAsConfig(Array.isArray(written.series) ? written.series : [], written.asRatio);
    return readBackMatches(answer.config, expected);
  }
  if (!Array.isArray(answer.series) || !Array.isArray(written.series)) return false;
  return (answer.asRatio ?? false) === (written.asRatio ?? false) && readBackMatches(answer.series.map(pickFirstForm), written.series.map(pickFirstForm));
}

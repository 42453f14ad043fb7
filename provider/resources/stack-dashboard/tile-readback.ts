import { canonical } from "../../engine/canonical";
import { isObj, type Obj } from "../../schemas/plain-object";

/**
 * Whether a tile the server answers is the tile the program wrote, in either generation:
 * a 2.0.0 server answers the series it kept (only its first-form fields); a current server
 * answers every tile in the `config` form, a series tile translated, with its read defaults
 * filled in. When it is, the outputs keep the program's form, so a program in either form
 * previews no change after `up` on either generation. Pure.
 */

/** Values a current server fills in on read when a field was left out, by field name. */
const READ_DEFAULTS: Readonly<Obj> = {
  fillNulls: true,
  asRatio: false,
  where: "",
  whereLanguage: "lucene",
  valueExpression: "",
  select: "",
  markdown: "",
};

/** Series fields a 2.0.0 server keeps; it drops the others. */
export const FIRST_FORM_SERIES_FIELDS = ["type", "dataSource", "aggFn", "field", "where", "groupBy"] as const;

const isDefault = (key: string | undefined, v: unknown) =>
  v === undefined || (key !== undefined && Object.hasOwn(READ_DEFAULTS, key) && READ_DEFAULTS[key] === v);

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
/** A time chart's and a table's series form differ only in the display type it names. */
const chartDisplay = (first: Obj) => (first.type === "table" ? "table" : first.displayType === "stacked_bar" ? "stacked_bar" : "line");

/** The `config` a current server stores, and reads back, for a tile written in the series form. */
export function seriesAsConfig(series: readonly unknown[], asRatio: unknown): Obj {
  const all = series.filter(isObj);
  const first = all[0] ?? {};
  const ratio = asRatio === true && all.length === 2;
  switch (first.type) {
    case "time":
    case "table":
      return {
        displayType: chartDisplay(first),
        sourceId: first.sourceId,
        asRatio: ratio,
        groupBy: joined(first.groupBy),
        select: all.map(seriesItem),
        numberFormat: firstFormat(all),
      };
    case "number":
      return { displayType: "number", sourceId: first.sourceId, select: [seriesItem(first)], numberFormat: first.numberFormat };
    case "search":
      return {
        displayType: "search",
        sourceId: first.sourceId,
        select: Array.isArray(first.fields) ? first.fields.join(", ") : "",
        where: first.where ?? "",
        whereLanguage: first.whereLanguage ?? "lucene",
      };
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

/**
 * True when the content of `answer` (a tile as the server answers it: its series or config) is
 * what the server makes of the content of `written` (a tile of the program, or of the outputs,
 * in either form). Layout (place, size, name, container) is not content.
 */
export function answersContent(answer: Obj, written: Obj): boolean {
  if (isObj(answer.config) && !Array.isArray(answer.series)) {
    const expected = isObj(written.config) ? written.config : seriesAsConfig(Array.isArray(written.series) ? written.series : [], written.asRatio);
    return readBackMatches(answer.config, expected);
  }
  if (!Array.isArray(answer.series) || !Array.isArray(written.series)) return false;
  return (answer.asRatio ?? false) === (written.asRatio ?? false) && readBackMatches(answer.series.map(pickFirstForm), written.series.map(pickFirstForm));
}

/** The content fields of a tile in either form. */
const CONTENT = ["series", "config", "asRatio"] as const;

/**
 * The tile the outputs keep for an answered tile: its layout as answered; its content in the
 * written form when the answer's content is what the server makes of it (so the program's form
 * stands), else as answered (a change made elsewhere shows as one).
 */
export function keptTile(answer: Obj, written: Obj | undefined): Obj {
  if (written === undefined || !answersContent(answer, written)) return answer;
  const layout = Object.fromEntries(Object.entries(answer).filter(([k]) => !(CONTENT as readonly string[]).includes(k)));
  const content = Object.fromEntries(CONTENT.filter((k) => written[k] !== undefined).map((k) => [k, written[k]]));
  return { ...layout, ...content };
}

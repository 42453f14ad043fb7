import { knownRepeats } from "../../schemas/known-repeats";
import type { CheckFailure } from "../../schemas/check-failures";
import { isUnknown } from "../../schemas/unknown";
import { isObj, type Obj } from "../../schemas/plain-object";

/**
 * Rules of a tile's form that no one field's schema can say: `series` or `config` (never
 * both, never neither), what each series type needs, containers named by tiles. Over raw
 * input; values not known yet pass. Pure.
 */

const absent = (v: unknown) => v === undefined || v === null;

/** Series types that aggregate (they need `aggFn`). */
const QUERY_TYPES = new Set(["time", "table", "number"]);

function seriesFailures(series: unknown, at: (...p: (string | number)[]) => string): CheckFailure[] {
  if (!isObj(series) || isUnknown(series.type)) return [];
  const out: CheckFailure[] = [];
  const type = series.type;
  if (type !== "markdown" && absent(series.dataSource) && absent(series.sourceId)) {
    out.push({ property: at("sourceId"), reason: "is required (or `dataSource` for a 2.0.0 server): it names what the series queries" });
  }
  if (typeof type === "string" && QUERY_TYPES.has(type) && absent(series.aggFn))
    out.push({ property: at("aggFn"), reason: `is required for a "${type}" series` });
  return out;
}

/** The failures of tile `i` of a dashboard's raw input. */
export function tileFormFailures(tile: Obj, at: (...p: (string | number)[]) => string, containers: unknown): CheckFailure[] {
  const out: CheckFailure[] = [];
  const hasSeries = !absent(tile.series);
  const hasConfig = !absent(tile.config);
  if (hasSeries && hasConfig) out.push({ property: at("config"), reason: "cannot be set together with `series`: a tile is in one form" });
  if (!hasSeries && !hasConfig) out.push({ property: at("series"), reason: "is required, or `config` (a tile is in the series form or the config form)" });
  if (hasConfig && !absent(tile.asRatio)) out.push({ property: at("asRatio"), reason: "is a series-form field: with `config`, set `config.asRatio`" });
  if (Array.isArray(tile.series)) tile.series.forEach((s, j) => out.push(...seriesFailures(s, (...p) => at("series", j, ...p))));
  if (!absent(tile.tabId) && absent(tile.containerId)) out.push({ property: at("tabId"), reason: "needs `containerId`" });
  if (typeof tile.containerId === "string" && !isUnknown(tile.containerId) && Array.isArray(containers)) {
    const ids = containers.filter(isObj).map((c) => c.id);
    if (ids.every((id) => typeof id === "string" && !isUnknown(id)) && !ids.includes(tile.containerId)) {
      out.push({ property: at("containerId"), reason: `names no container of the dashboard ("${tile.containerId}")` });
    }
  }
  return out;
}

/** Filters are matched by name (their server ids are carried by it): names are unique. */
export function filterNameFailures(filters: unknown): CheckFailure[] {
  if (!Array.isArray(filters)) return [];
  const name = (f: unknown) => (isObj(f) && typeof f.name === "string" ? f.name : undefined);
  return knownRepeats(filters as unknown[], name).map(({ at, first }) => ({
    property: `filters[${at}].name`,
    reason: `duplicates the name of filters[${first}] ("${name(filters[at])}"): filter names must be unique`,
  }));
}

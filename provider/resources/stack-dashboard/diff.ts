import { containsUnknown } from "../../schemas/unknown";
import { stackTile, tileKey } from "./schema";
import { dashboardServerOutputs, stackDashboardPolicy } from "./policy";
import type { DiffSpec, FieldChange } from "../../engine/field-diff";
import { isObj, sameValue } from "../../engine/canonical";
import { normalTile } from "./tiles";
import { filtersWithoutIds, savedFilterValuesTyped } from "./body";
import { FIRST_FORM_SERIES_FIELDS, keptTile } from "./tile-readback";

/** Fields of a tile compared one by one; a tile's key is its identity, not a field. */
const TILE_FIELDS = Object.keys(stackTile.shape).filter((k) => k !== "key");

/** Tags as a set: the server drops duplicates, and their order is not the program's to keep. */
function tagSet(tags: unknown): unknown {
  if (!Array.isArray(tags)) return tags;
  return [...new Set(tags)].sort();
}

function differs(a: unknown, b: unknown): boolean {
  return containsUnknown(b) || !sameValue(a, b);
}

const FIRST_FORM: readonly string[] = FIRST_FORM_SERIES_FIELDS;
const seriesOf = (tile: Record<string, unknown>): unknown[] | undefined => (Array.isArray(tile.series) ? tile.series : undefined);
const onlyFirstForm = (series: unknown[]): boolean => series.every((s) => isObj(s) && Object.keys(s).every((k) => FIRST_FORM.includes(k)));

/**
 * True when the old tile is in a server's answered form and the program's tile in another:
 * state from an import (a read with no program to keep the form of) holds a current server's
 * `config` form, or a 2.0.0 server's first-form series, for a program that writes series (with
 * `sourceId` and the current fields). Outputs written after `up` are always in the program's form,
 * and a current server never answers series, so a first-form-only old series is such an answer.
 */
function answeredInAnotherForm(before: Record<string, unknown>, tile: Record<string, unknown>): boolean {
  const written = seriesOf(tile);
  if (!written) return false;
  const answered = seriesOf(before);
  if (!answered) return isObj(before.config);
  return onlyFirstForm(answered) && !onlyFirstForm(written);
}

/**
 * The old tile to compare with the program's: in the program's form when it is an answer in
 * another form whose content is what the server makes of the program's tile (see
 * {@link keptTile}), so an imported dashboard previews no change; else as it is.
 */
function comparable(before: Record<string, unknown>, tile: Record<string, unknown>): Record<string, unknown> {
  return answeredInAnotherForm(before, tile) ? keptTile(before, tile) : before;
}

/**
 * Tile by tile, matched by key: `tiles[<key>]` for a tile added or removed (a removed tile that
 * alerts watch stays until they are deleted: see `./pending-tiles.ts`), `tiles[<key>].<field>` for a changed field, `tiles` for a new order or a
 * list not known yet. Every one updates in place.
 */
export function tileChanges(oldTiles: unknown, newTiles: unknown): FieldChange[] {
  if (!Array.isArray(newTiles)) return differs(oldTiles, newTiles) ? [{ path: "tiles", kind: "update", detail: "not known yet" }] : [];
  const next = newTiles.map(normalTile);
  if (next.some((t) => tileKey(t) === undefined)) return [{ path: "tiles", kind: "update", detail: "tile keys not known yet" }];
  const prev = (Array.isArray(oldTiles) ? oldTiles : []).filter(isObj).map(normalTile);
  const prevByKey = new Map(prev.map((t) => [tileKey(t)!, t]));
  const nextKeys = new Set(next.map((t) => tileKey(t)!));
  const changes: FieldChange[] = [];
  for (const [key] of prevByKey) {
    if (!nextKeys.has(key))
      changes.push({ path: `tiles[${key}]`, kind: "update", detail: "removed; kept on the server, pending removal, while alerts watch it" });
  }
  for (const tile of next) {
    const key = tileKey(tile)!;
    const old = prevByKey.get(key);
    if (!old) {
      changes.push({ path: `tiles[${key}]`, kind: "update", detail: "added" });
      continue;
    }
    const before = comparable(old, tile);
    for (const f of TILE_FIELDS) if (differs(before[f], tile[f])) changes.push({ path: `tiles[${key}].${f}`, kind: "update" });
  }
  const keptBefore = [...prevByKey.keys()].filter((k) => nextKeys.has(k));
  const keptAfter = next.map((t) => tileKey(t)!).filter((k) => prevByKey.has(k));
  if (keptBefore.join("\u0000") !== keptAfter.join("\u0000")) changes.push({ path: "tiles", kind: "update", detail: "reordered" });
  return changes;
}

/**
 * How a dashboard is diffed: by the dashboard policy, tiles tile by tile (matched by key), tags
 * as a set, filters without their server ids, saved filter values with their default type. Server defaults, tile ids and timestamps never count.
 */
export const dashboardDiff: DiffSpec = {
  fields: stackDashboardPolicy,
  outputsOnly: dashboardServerOutputs,
  unlisted: "ignore",
  compare: { tiles: tileChanges },
  normalise: { tags: tagSet, filters: filtersWithoutIds, savedFilterValues: savedFilterValuesTyped },
};

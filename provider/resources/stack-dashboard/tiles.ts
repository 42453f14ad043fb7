import { stackSeries, tileKey, type StackTileOutput } from "./schema";
import type { StackTileRecord } from "./record";
import { dropUndefined } from "../../engine/canonical";
import { keptTile } from "./tile-readback";
import { isObj, type Obj } from "../../schemas/plain-object";

/**
 * Tiles between the program, the API and the state. The server knows a tile by its id; the
 * program by its key (`key`, else `name`). The ids live in the outputs, keyed, and are carried
 * forward on every PUT: a tile sent without its id is a new tile, and the server deletes the
 * alerts on the tile it replaced. Pure.
 */

/** Series fields kept first, each when set (`where` and `groupBy` with the server's defaults). */
const LEADING = ["type", "dataSource", "sourceId", "aggFn", "field", "where", "groupBy"];
/** Every other series field of the schema, in its order: a field the schema gains is kept too. */
const SERIES_EXTRAS = Object.keys(stackSeries.shape).filter((k) => !LEADING.includes(k));

/** A series with the server's defaults filled in (`where: ""`, `groupBy: []`), in a fixed key order. */
export function normalSeries(s: unknown): Obj {
  const o = isObj(s) ? s : {};
  const out: Obj = { type: o.type };
  for (const k of ["dataSource", "sourceId", "aggFn", "field"]) if (o[k] !== undefined && o[k] !== null) out[k] = o[k];
  out.where = o.where ?? "";
  out.groupBy = o.groupBy ?? [];
  for (const k of SERIES_EXTRAS) if (o[k] !== undefined && o[k] !== null) out[k] = o[k];
  return out;
}

/**
 * A tile as compared and stored: key resolved, defaults filled in, no id. A series tile has
 * `asRatio` (default false) and `series`; a config tile has `config` as written.
 */
export function normalTile(t: unknown): Obj {
  const o = isObj(t) ? t : {};
  const place = { key: o.key ?? o.name, name: o.name, x: o.x, y: o.y, w: o.w, h: o.h };
  const where = dropUndefined({ containerId: o.containerId ?? undefined, tabId: o.tabId ?? undefined });
  if (o.config !== undefined && o.config !== null && (o.series === undefined || o.series === null)) return { ...place, config: o.config, ...where };
  return { ...place, asRatio: o.asRatio ?? false, series: Array.isArray(o.series) ? o.series.map(normalSeries) : (o.series ?? []), ...where };
}

/** Key -> id of the tiles last stored (the old outputs' `tiles`). */
function storedIds(previous: unknown): Map<string, string> {
  const ids = new Map<string, string>();
  for (const t of Array.isArray(previous) ? previous : []) {
    if (!isObj(t) || typeof t.id !== "string") continue;
    const key = tileKey(t);
    if (key !== undefined && !ids.has(key)) ids.set(key, t.id);
  }
  return ids;
}

/**
 * The `tiles` of a PUT: every tile of the program, in its order, each with the id its key had
 * in the last stored state (none for a new key). Moving, resizing, reordering or adding tiles
 * thus keeps every existing tile, and the alerts on it.
 */
export function carryTileIds(tiles: readonly unknown[], previous: unknown): Obj[] {
  const ids = storedIds(previous);
  return tiles.map((t) => {
    const { key, ...body } = normalTile(t);
    const id = typeof key === "string" ? ids.get(key) : undefined;
    return id === undefined ? body : { id, ...body };
  });
}

/**
 * The outputs' tiles from the API's answer: each with its id and its key, in the form written
 * when the answer is what the server makes of it (see {@link keptTile}). A tile's key comes
 * from the tile sent at the same place (`sent`, when the answer has as many tiles), else from
 * the stored tile with the same id, else its name; a key taken twice falls back to the id.
 */
export function projectTiles(api: readonly StackTileRecord[], sent: readonly unknown[] | undefined, previous: unknown): StackTileOutput[] {
  const byId = new Map<string, string>();
  for (const [key, id] of storedIds(previous)) byId.set(id, key);
  const byIdTile = new Map<string, Obj>();
  for (const p of Array.isArray(previous) ? previous : []) if (isObj(p) && typeof p.id === "string") byIdTile.set(p.id, p);
  const aligned = sent !== undefined && sent.length === api.length;
  const used = new Set<string>();
  return api.map((t, i) => {
    const sentTile = aligned && isObj(sent[i]) ? sent[i] : undefined;
    const fromSent = sentTile ? tileKey(sentTile) : undefined;
    let key = fromSent ?? byId.get(t.id) ?? t.name;
    if (used.has(key)) key = t.id;
    used.add(key);
    const { key: _k, ...rest } = normalTile(keptTile(t, sentTile ?? byIdTile.get(t.id)));
    return { id: t.id, key, ...rest } as StackTileOutput;
  });
}

/** `{key: id}` of projected tiles: what `tileIds` outputs. */
export function tileIdMap(tiles: readonly StackTileOutput[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of tiles) out[t.key] = t.id;
  return out;
}

/** Tags as the server keeps them: duplicates dropped, first occurrence first. */
export function uniqueTags(tags: unknown): string[] {
  return Array.isArray(tags) ? [...new Set(tags.filter((t): t is string => typeof t === "string"))] : [];
}

import { tileKey, type StackTileOutput, type StackTileRecord } from "../../schemas/stack-dashboard";
import { isObj } from "../canonical";

/**
 * Tiles between the program, the API and the state. The server knows a tile by its id; the
 * program by its key (`key`, else `name`). The ids live in the outputs, keyed, and are carried
 * forward on every PUT: a tile sent without its id is a new tile, and the server deletes the
 * alerts on the tile it replaced. Pure.
 */

type Obj = Record<string, unknown>;

/** A series with the server's defaults filled in, in a fixed key order. */
export function normalSeries(s: unknown): Obj {
  const o = isObj(s) ? s : {};
  const out: Obj = { type: o.type, dataSource: o.dataSource };
  if (o.aggFn !== undefined && o.aggFn !== null) out.aggFn = o.aggFn;
  if (o.field !== undefined && o.field !== null) out.field = o.field;
  out.where = o.where ?? "";
  out.groupBy = o.groupBy ?? [];
  return out;
}

/** A tile as compared and stored: key resolved, defaults filled in, no id. */
export function normalTile(t: unknown): Obj {
  const o = isObj(t) ? t : {};
  return {
    key: o.key ?? o.name,
    name: o.name,
    x: o.x,
    y: o.y,
    w: o.w,
    h: o.h,
    asRatio: o.asRatio ?? false,
    series: Array.isArray(o.series) ? o.series.map(normalSeries) : (o.series ?? []),
  };
}

/** Key -> id of the tiles last stored (the old outputs' `tiles`). */
export function storedIds(previous: unknown): Map<string, string> {
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
 * The outputs' tiles from the API's answer: each with its id and its key. A tile's key comes
 * from the tile sent at the same place (`sent`, when the answer has as many tiles), else from
 * the stored tile with the same id, else its name; a key taken twice falls back to the id.
 */
export function projectTiles(api: readonly StackTileRecord[], sent: readonly unknown[] | undefined, previous: unknown): StackTileOutput[] {
  const byId = new Map<string, string>();
  for (const [key, id] of storedIds(previous)) byId.set(id, key);
  const aligned = sent !== undefined && sent.length === api.length;
  const used = new Set<string>();
  return api.map((t, i) => {
    const fromSent = aligned ? tileKey(isObj(sent[i]) ? (sent[i]) : {}) : undefined;
    let key = fromSent ?? byId.get(t.id) ?? t.name;
    if (used.has(key)) key = t.id;
    used.add(key);
    const { key: _k, ...rest } = normalTile(t);
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

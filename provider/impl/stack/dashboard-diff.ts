import { containsUnknown } from "../../schemas/unknown";
import { tileKey } from "../../schemas/stack-dashboard";
import type { ChangeKind } from "../field-diff";
import { isObj, sameValue } from "../canonical";
import { TARGET_KEYS } from "./target";
import { normalTile } from "./tiles";

type Obj = Record<string, unknown>;

/** One changed field of a dashboard or alert: its path, update or replace, and what happens. */
export interface StackChange {
  path: string;
  kind: ChangeKind;
  detail?: string;
}

/**
 * What a change of each dashboard field means. The PUT takes the name, the tags and the whole
 * tile list, so all of them update in place; only a move to another stack (another server, or
 * another cloud service) needs a new dashboard.
 */
export const dashboardRules: Readonly<Record<string, ChangeKind>> = {
  name: "update",
  tags: "update",
  tiles: "update",
  stackUrl: "replace",
  organizationId: "replace",
  serviceId: "replace",
};

/** Fields of a tile compared one by one; a tile's key is its identity, not a field. */
export const TILE_FIELDS = ["name", "x", "y", "w", "h", "asRatio", "series"] as const;

/** Tags as a set: the server drops duplicates, and their order is not the program's to keep. */
export function tagSet(tags: unknown): unknown {
  if (!Array.isArray(tags)) return tags;
  return [...new Set(tags)].sort();
}

function differs(a: unknown, b: unknown): boolean {
  return containsUnknown(b) || !sameValue(a, b);
}

/**
 * Tile by tile, matched by key: `tiles[<key>]` for a tile added or removed (a removed tile takes
 * the alerts on it), `tiles[<key>].<field>` for a changed field, `tiles` for a new order or a
 * list not known yet. Every one updates in place.
 */
export function tileChanges(oldTiles: unknown, newTiles: unknown): StackChange[] {
  if (!Array.isArray(newTiles)) return differs(oldTiles, newTiles) ? [{ path: "tiles", kind: "update", detail: "not known yet" }] : [];
  const next = newTiles.map(normalTile);
  if (next.some((t) => tileKey(t) === undefined)) return [{ path: "tiles", kind: "update", detail: "tile keys not known yet" }];
  const prev = (Array.isArray(oldTiles) ? oldTiles : []).filter(isObj).map(normalTile);
  const prevByKey = new Map(prev.map((t) => [tileKey(t)!, t]));
  const nextKeys = new Set(next.map((t) => tileKey(t)!));
  const changes: StackChange[] = [];
  for (const [key] of prevByKey) {
    if (!nextKeys.has(key)) changes.push({ path: `tiles[${key}]`, kind: "update", detail: "removed; the server deletes the alerts on it" });
  }
  for (const tile of next) {
    const key = tileKey(tile)!;
    const before = prevByKey.get(key);
    if (!before) {
      changes.push({ path: `tiles[${key}]`, kind: "update", detail: "added" });
      continue;
    }
    for (const f of TILE_FIELDS) if (differs(before[f], tile[f])) changes.push({ path: `tiles[${key}].${f}`, kind: "update" });
  }
  const keptBefore = [...prevByKey.keys()].filter((k) => nextKeys.has(k));
  const keptAfter = next.map((t) => tileKey(t)!).filter((k) => prevByKey.has(k));
  if (keptBefore.join("\u0000") !== keptAfter.join("\u0000")) changes.push({ path: "tiles", kind: "update", detail: "reordered" });
  return changes;
}

/**
 * Field-by-field changes between a dashboard's old outputs and its new (checked) inputs, after
 * normalising both: server defaults, tag duplicates and order, tile ids and timestamps never
 * count. Pure.
 */
export function dashboardChanges(olds: Obj, news: Obj): StackChange[] {
  const changes: StackChange[] = [];
  for (const k of TARGET_KEYS) if (differs(olds[k], news[k])) changes.push({ path: k, kind: dashboardRules[k]! });
  if (differs(olds.name, news.name)) changes.push({ path: "name", kind: dashboardRules.name! });
  if (differs(tagSet(olds.tags), tagSet(news.tags))) changes.push({ path: "tags", kind: dashboardRules.tags! });
  changes.push(...tileChanges(olds.tiles, news.tiles));
  return changes;
}

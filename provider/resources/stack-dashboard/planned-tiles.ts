import { tileKey } from "./schema";
import { isObj } from "../../schemas/plain-object";
import { UNKNOWN } from "../../schemas/unknown";
import { onForget } from "../../engine/shared-list";

/**
 * What this run's diff of a dashboard plans, noted for the tile alerts on it: the tiles it writes
 * and the tiles it takes out. The engine diffs a dashboard before any alert that reads its outputs
 * registers, and the update runs in the same provider process as its diff (the engine starts the
 * provider again for each preview and update), so an alert's check and diff in the same run read it.
 * The notes are the dashboard's to write and the alert's to read; they carry no write of the
 * dashboard (its tiles pending removal live in its own outputs: `pending-tiles.ts`).
 *
 * The tiles a dashboard will hold once this run writes it, as its diff planned them. A preview
 * writes nothing, so a tile alert that names its tile (`tile`) resolved the name on the dashboard
 * as it is before the run: an alert on the name a tile is renamed to in the same run failed its
 * preview, and one on the name the run takes away passed it, then failed the `up` after the
 * dashboard's write. The dashboard's diff records the plan when it changes the dashboard; a
 * tile alert's check and diff resolve on it until the write's answer is there (`alert-tile.ts`).
 */

/** A tile as planned: the program's tile, with the id its key holds now, or unknown (a new tile). */
export type PlannedTile = Record<string, unknown> & { id: string };

/**
 * The program's tiles (`newTiles`) with the ids their keys hold in `stored` (a new key's id is
 * not known until the write); unknown while a tile's name or key is. Pure.
 */
export function plannedTiles(stored: readonly unknown[], newTiles: unknown): PlannedTile[] | typeof UNKNOWN {
  if (!Array.isArray(newTiles)) return UNKNOWN;
  const ids = new Map(stored.filter(isObj).flatMap((t) => (typeof t.id === "string" ? [[tileKey(t), t.id] as const] : [])));
  const planned: PlannedTile[] = [];
  for (const t of newTiles) {
    if (!isObj(t) || typeof t.name !== "string" || !(t.key === undefined || typeof t.key === "string")) return UNKNOWN;
    planned.push({ ...t, id: ids.get(tileKey(t)) ?? UNKNOWN });
  }
  return planned;
}

const PLANNED: unique symbol = Symbol.for("pulumi-pipestack.tiles-planned");
// Kept on the process, not the module: a host may load the package twice (through a link and
// its real path), one copy diffing the dashboard and the other the alert.
const holder = globalThis as typeof globalThis & { [PLANNED]?: Map<string, PlannedTile[] | typeof UNKNOWN> };
const planned = (holder[PLANNED] ??= new Map<string, PlannedTile[] | typeof UNKNOWN>());

/**
 * The tiles this run's diff of a dashboard takes out (ids, by dashboard id): removed by the program,
 * or kept pending removal from an earlier run (`pending-tiles.ts`). An alert may not aim at them.
 */
const REMOVING: unique symbol = Symbol.for("pulumi-pipestack.tiles-being-removed");
const removingHolder = globalThis as typeof globalThis & { [REMOVING]?: Map<string, Set<string>> };
const removing = (removingHolder[REMOVING] ??= new Map<string, Set<string>>());

/** Records the tile ids the diff of dashboard `dashboardId` takes out (none clears it). */
export function noteRemovals(dashboardId: string, ids: readonly string[]): void {
  if (ids.length === 0) removing.delete(dashboardId);
  else removing.set(dashboardId, new Set(ids));
}

/** The tile ids this run's diff of dashboard `dashboardId` takes out. */
export function removalsOf(dashboardId: string): ReadonlySet<string> {
  return removing.get(dashboardId) ?? new Set();
}

/** Records what the diff of dashboard `dashboardId` plans to write; `undefined` (no change) forgets it. */
export function notePlanned(dashboardId: string, tiles: PlannedTile[] | typeof UNKNOWN | undefined): void {
  if (tiles === undefined) planned.delete(dashboardId);
  else planned.set(dashboardId, tiles);
}

/** The tiles this run's diff of dashboard `dashboardId` plans to write, if it changes the dashboard. */
export function plannedFor(dashboardId: string): PlannedTile[] | typeof UNKNOWN | undefined {
  return planned.get(dashboardId);
}

// Forgotten with the run's snapshots, as a new provider process would start (tests run many "processes" in one).
onForget(() => {
  planned.clear();
  removing.clear();
});

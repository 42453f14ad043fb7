import { tileKey, type StackTileOutput } from "./schema";
import type { FieldChange } from "../../engine/field-diff";
import type { DashboardInputs, DashboardOutputs } from "./policy";
import { tileIdMap } from "./tiles";
import { isObj } from "../../schemas/plain-object";
import { namesKnownStack, targetOf } from "../../engine/stack/target";
import { liveDashboard } from "./alert-tile";
import { shownId } from "../../errors/printable";

/**
 * A dashboard update never makes the server delete an alert. The server deletes the alerts of a
 * tile a PUT leaves out, and with `up --skip-preview` nothing stops the update before the alerts
 * that watch a removed tile are diffed (they register after the dashboard's outputs resolve). So
 * an update keeps on the server each removed tile that alerts watch, in its stored form and id,
 * and records it in the dashboard's own outputs as `pendingTiles` (never in `tiles` nor `tileIds`:
 * an alert that the program keeps on it then finds no such tile and is refused before any write),
 * warning that the next `up` removes it. The alerts the program removed are deleted later in the
 * same run; their deletes write nothing else. The dashboard's next diff reads who still watches
 * each pending tile (the alert list) and, when none does, plans an update that removes it; a
 * watched one stays pending, no change. So a tile leaves the server at the `up` after the one that
 * deleted its last alert.
 */

/** The detail of the change that removes a pending tile no alert watches any longer. */
export const PENDING_FREED = "pending removal; no alert watches it now";

/** The tiles of outputs as the server holds them: the program's, then those pending removal. Pure. */
export function storedTiles(outs: { tiles?: unknown; pendingTiles?: unknown }): unknown[] {
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : []);
  return [...list(outs.tiles), ...list(outs.pendingTiles)];
}

/** `outs` with the tiles of ids `pending` moved from `tiles` to `pendingTiles`, `tileIds` of the rest; none pending: no field. Pure. */
export function withPending(outs: DashboardOutputs, pending: ReadonlySet<string>): DashboardOutputs {
  const { pendingTiles: _old, ...rest } = outs;
  const tiles = outs.tiles.filter((t) => !pending.has(t.id));
  const held = outs.tiles.filter((t) => pending.has(t.id));
  return { ...rest, tiles, tileIds: tileIdMap(tiles), ...(held.length > 0 ? { pendingTiles: held } : {}) };
}

/**
 * A tile pending removal that the program names again (by its key) is a change: the update takes
 * it back, with its id (so the alerts on it stay), into `tiles` and `tileIds`. Without it the diff
 * would match it to the stored tile and see nothing to do, and `tileIds` would never hold it. Pure.
 */
export function putBack(pending: readonly StackTileOutput[], newTiles: unknown): FieldChange[] {
  if (!Array.isArray(newTiles)) return [];
  const named = new Set(newTiles.flatMap((t) => (isObj(t) ? [tileKey(t)] : [])));
  return pending
    .filter((t) => named.has(t.key))
    .map((t) => ({ path: `tiles[${t.key}]`, kind: "update" as const, detail: `put back while pending removal: kept with its id ${shownId(t.id)}` }));
}

/** The line a preview shows for a pending tile its update removes now; the server's ids shown as {@link shownId} does. Pure. */
export function freedTileNote(dashboardId: string, tile: { key: string; id: string }): string {
  return `dashboard ${shownId(dashboardId)}: tile ${JSON.stringify(tile.key)} (${shownId(tile.id)}): ${PENDING_FREED}, so this update removes it`;
}

/** The line of a diff that had no stack to ask (a preview where it waits on another resource): its pending tiles stay as they are. Pure. */
export function unaskedPendingNote(dashboardId: string, pending: number): string {
  return `dashboard ${shownId(dashboardId)}: the stack is not known yet, so whether alerts still watch its ${pending === 1 ? "tile" : `${pending} tiles`} pending removal is not asked; they stay pending`;
}

/** The warning of an update that keeps a removed tile on the server while alerts watch it; the server's ids shown as {@link shownId} does. Pure. */
export function heldTileWarning(dashboardId: string, tile: { key: string; id: string }, alertIds: readonly string[]): string {
  return (
    `dashboard ${shownId(dashboardId)}: tile ${JSON.stringify(tile.key)} (${shownId(tile.id)}) stays on the server, pending removal, while ${alertIds.length === 1 ? "alert" : "alerts"} ${alertIds.map(shownId).join(", ")} ${alertIds.length === 1 ? "watches" : "watch"} it; ` +
    "the next `pulumi up` after no alert watches it removes it"
  );
}

/**
 * The tiles the old outputs hold pending removal that the dashboard still has: one read of it
 * (the run's, shared with its tile alerts), made only when there are such tiles and the stack is
 * known. One gone since (removed outside) is forgotten.
 */
export async function pendingOnServer(olds: DashboardOutputs, news: DashboardInputs, id: string): Promise<StackTileOutput[]> {
  const pending = olds.pendingTiles ?? [];
  // No stack known to ask (never checked, or a preview where it waits on another resource): kept as they are.
  if (pending.length === 0 || !namesKnownStack(news)) return pending;
  const live = await liveDashboard(targetOf(news), id);
  const there = new Set((isObj(live) && Array.isArray(live.tiles) ? live.tiles : []).flatMap((t) => (isObj(t) && typeof t.id === "string" ? [t.id] : [])));
  return pending.filter((t) => there.has(t.id));
}

/** The pending tiles (`held`) the program does not name again: each a removal, or still pending while alerts watch it. Pure. */
export function notNamedAgain(held: readonly StackTileOutput[], newTiles: unknown): StackTileOutput[] {
  const named = new Set(Array.isArray(newTiles) ? newTiles.flatMap((t) => (isObj(t) ? [tileKey(t)] : [])) : []);
  return held.filter((t) => !named.has(t.key));
}

/**
 * The pending tiles still on the server (`held`) split by what the dashboard's diff does with
 * them: `kept`, not named again and still watched (ids in `watched`): stays pending, no change;
 * `freed`, every other: a removal when the program does not name it again, a put back when it
 * does (see {@link putBack}). Pure.
 */
export function settlePending(
  held: readonly StackTileOutput[],
  newTiles: unknown,
  watched: ReadonlySet<string>,
): { kept: StackTileOutput[]; freed: StackTileOutput[] } {
  const kept = notNamedAgain(held, newTiles).filter((t) => watched.has(t.id));
  return { kept, freed: held.filter((t) => !kept.includes(t)) };
}

/** `changes` with the removal of each freed pending tile saying why. Pure. */
export function withFreedDetail(changes: readonly FieldChange[], freed: readonly StackTileOutput[]): FieldChange[] {
  const removals = new Set(freed.map((t) => `tiles[${t.key}]`));
  return changes.map((c) => (removals.has(c.path) ? { ...c, detail: PENDING_FREED } : c));
}

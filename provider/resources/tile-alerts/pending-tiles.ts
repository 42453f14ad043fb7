import type { StackTarget } from "../../client/stack-target";
import { tileKey, type StackTileOutput } from "../stack-dashboard/schema";
import type { FieldChange } from "../../engine/field-diff";
import type { DashboardInputs, DashboardOutputs } from "../stack-dashboard/policy";
import { putDashboard } from "../stack-dashboard/api";
import { dashboardBody, dashboardOutputs } from "../stack-dashboard/body";
import { tileIdMap } from "../stack-dashboard/tiles";
import { isObj } from "../../schemas/plain-object";
import { reportWarning } from "../../progress/report";

/**
 * A dashboard update never makes the server delete an alert. The server deletes the alerts of a
 * tile a PUT leaves out, and with `up --skip-preview` nothing stops the update before the alerts
 * that watch a removed tile are diffed (they register after the dashboard's outputs resolve). So
 * an update keeps on the server each removed tile that alerts watch, in its stored form and id,
 * and records it in the outputs as `pendingTiles` (never in `tiles` nor `tileIds`: an alert that
 * the program keeps on it then finds no such tile and is refused before any write). An alert the
 * program removed is deleted later in the same run, in this process; when the last alert this run
 * saw on a pending tile is deleted, one more PUT removes the tile.
 */

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

/** What this process kept pending on one dashboard: enough to write it again without a tile. */
interface Kept {
  target: StackTarget;
  inputs: DashboardInputs;
  /** The outputs of the last write, pending tiles apart. */
  outs: DashboardOutputs;
  /** Alert ids watching each pending tile, as the update read them. */
  watchers: Map<string, Set<string>>;
  /** The writes of this dashboard, one after the other (two releases must not cross). */
  chain: Promise<unknown>;
}

// Kept on the process, not the module: a host may load the package twice (through a link and
// its real path), one copy updating the dashboard and the other deleting its alerts.
const KEPT: unique symbol = Symbol.for("pulumi-pipestack.tiles-pending-removal");
const holder = globalThis as typeof globalThis & { [KEPT]?: Map<string, Kept> };
const kept = (holder[KEPT] ??= new Map<string, Kept>());

/** Forgets every record, as a new provider process would start (tests run many "processes" in one). */
export function forgetPending(): void {
  kept.clear();
}

/** Records what the update of dashboard `id` kept pending (`watchers`: alert ids by tile id); none forgets it. */
export function notePending(
  id: string,
  entry: { target: StackTarget; inputs: DashboardInputs; outs: DashboardOutputs; watchers: Map<string, Set<string>> },
): void {
  if (entry.watchers.size === 0) kept.delete(id);
  else kept.set(id, { ...entry, chain: kept.get(id)?.chain ?? Promise.resolve() });
}

/** The ids of the tiles this process keeps pending removal on dashboard `id`: no alert may aim at them. */
export function pendingHere(id: string): ReadonlySet<string> {
  return new Set(kept.get(id)?.watchers.keys() ?? []);
}

/** `dashboard` (an answer) without the tiles this process keeps pending removal on it. */
export function withoutPendingTiles(id: string, dashboard: unknown): unknown {
  const pending = pendingHere(id);
  if (pending.size === 0 || !isObj(dashboard) || !Array.isArray(dashboard.tiles)) return dashboard;
  return { ...dashboard, tiles: dashboard.tiles.filter((t) => !(isObj(t) && typeof t.id === "string" && pending.has(t.id))) };
}

/**
 * After alert `alertId` on tile `tileId` of dashboard `dashboardId` is deleted: when it was the
 * last alert this process saw on a tile it keeps pending, one PUT removes the tile. The alert is
 * gone either way: a failed write warns (the dashboard's next preview shows the removal again).
 */
export async function releaseTile(dashboardId: unknown, tileId: unknown, alertId: string): Promise<void> {
  if (typeof dashboardId !== "string" || typeof tileId !== "string") return;
  const entry = kept.get(dashboardId);
  const watching = entry?.watchers.get(tileId);
  if (!entry || !watching?.delete(alertId) || watching.size > 0) return;
  entry.watchers.delete(tileId);
  const write = async () => {
    const still = entry.watchers;
    const pendingTiles: StackTileOutput[] = (entry.outs.pendingTiles ?? []).filter((t) => still.has(t.id));
    const sent = [...(Array.isArray(entry.inputs.tiles) ? entry.inputs.tiles : []), ...pendingTiles];
    const previous = { tiles: storedTiles(entry.outs), filters: entry.outs.filters };
    const answer = await putDashboard(entry.target, dashboardId, dashboardBody({ ...entry.inputs, tiles: sent }, previous));
    entry.outs = withPending(dashboardOutputs(answer, entry.inputs, sent, previous.tiles), new Set(still.keys()));
  };
  const done = entry.chain.then(write).catch((err: unknown) => {
    reportWarning(
      `dashboard ${dashboardId}: could not remove tile ${tileId} after deleting alert ${alertId} on it (${err instanceof Error ? err.message : String(err)}); ` +
        "the dashboard's next preview shows its removal again",
    );
  });
  entry.chain = done;
  await done;
  if (entry.watchers.size === 0 && kept.get(dashboardId) === entry) kept.delete(dashboardId);
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
    .map((t) => ({ path: `tiles[${t.key}]`, kind: "update" as const, detail: `put back while pending removal: kept with its id ${t.id}` }));
}

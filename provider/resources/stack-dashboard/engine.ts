import type { StackTarget } from "../../client/stack-target";
import { dashboardRuleFailures, stackDashboardSpec } from "./schema";
import type { StackDashboardRecord } from "./record";
import type { StackTileOutput } from "./schema";
import type { DashboardInputs, DashboardOutputs } from "./policy";
import { createMarker } from "../../engine/create-once";
import { defineEngine } from "../../engine/define-engine";
import { NO_UNIQUE_NAME } from "../../engine/name-holder";
import { recorded } from "../../engine/init-error";
import { createDashboard, dashboards, putDashboard } from "./api";
import { collectionProbe } from "../../engine/stack/create-probes";
import { dashboardBody, dashboardOutputs } from "./body";
import { dashboardDiff } from "./diff";
import { refuseOnFirstGeneration } from "./generation";
import { stackGeneration } from "../../engine/stack/generation";
import { stackObject } from "../../engine/stack/stack-object";
import { checkStackObject, namesKnownStack, targetOf, withTarget } from "../../engine/stack/target";
import { doomedAlerts, doomedAlertWarning, removedTiles, unreadAlertsDetail, unreadAlertsWarning, type DoomedAlert } from "./removed-tiles";
import { refuseDroppedSortOrder, sortOrderUses, sortOrderWarnings } from "./series-sort-order";
import { fieldChanges, type FieldChange } from "../../engine/field-diff";
import { reportProgress, reportWarning } from "../../progress/report";
import { withFormHint } from "./tile-form-hint";
import { unmarked } from "../../engine/stack/unmark";
import {
  freedTileNote,
  heldTileWarning,
  notNamedAgain,
  pendingOnServer,
  putBack,
  settlePending,
  storedTiles,
  unaskedPendingNote,
  withFreedDetail,
  withPending,
} from "./pending-tiles";
import { notePlanned, noteRemovals, plannedTiles } from "./planned-tiles";
import { isObj } from "../../schemas/plain-object";
import { shownId } from "../../errors/printable";

async function create(target: StackTarget, inputs: DashboardInputs): Promise<{ id: string; outs: DashboardOutputs }> {
  // The create's marker rides in `tags`; the PUT right after gives the dashboard the program's tags.
  const created = await createDashboard(target, dashboardBody(inputs), { field: "tags", value: createMarker() }).catch(async (err) => {
    throw await withFormHint(err, inputs, () => stackGeneration(target));
  });
  const made = dashboardOutputs(created, inputs, inputs.tiles, undefined);
  const put = () => putDashboard(target, created.id, dashboardBody(inputs, made));
  const updated = await unmarked("dashboard", created.id, put, () => recorded(made, inputs));
  return { id: created.id, outs: dashboardOutputs(updated, inputs, inputs.tiles, made.tiles) };
}

/**
 * Brings an existing dashboard under management: one PUT makes it the program's, each live tile
 * keeping its id when a program tile has its name (so the alerts on it stay).
 */
async function adopt(target: StackTarget, id: string, inputs: DashboardInputs, live: StackDashboardRecord): Promise<DashboardOutputs> {
  const liveTiles = dashboardOutputs(live, inputs, undefined, undefined).tiles;
  const updated = await putDashboard(target, id, dashboardBody(inputs, { tiles: liveTiles, filters: live.filters }));
  return dashboardOutputs(updated, inputs, inputs.tiles, liveTiles);
}

/**
 * One PUT with the whole tile list; each tile carries the id its key had in the old outputs, so
 * the server keeps it (and the alerts on it). A tile whose key is gone is removed, unless alerts
 * watch it: that one is sent as stored and kept pending removal, with a warning, until a later
 * diff finds no alert on it (see `pending-tiles.ts`; the run's read of the alert list, made only
 * when tiles are removed).
 */
async function update(target: StackTarget, id: string, olds: DashboardOutputs, news: DashboardInputs): Promise<DashboardOutputs> {
  await refuseOnGeneration(target, news);
  // A pending tile the program names again is sent with its id (kept, with the alerts on it); one gone since is not.
  const stored = storedTiles({ tiles: olds.tiles, pendingTiles: await pendingOnServer(olds, news, id) });
  const watchers = byTile(await doomedAlerts(target, id, removedTiles(stored, news.tiles)));
  const held = stored.filter((t) => isObj(t) && typeof t.id === "string" && watchers.has(t.id));
  const sent = [...news.tiles, ...held];
  const updated = await putDashboard(target, id, dashboardBody({ ...news, tiles: sent as DashboardInputs["tiles"] }, { tiles: stored, filters: olds.filters }));
  const outs = withPending(dashboardOutputs(updated, news, sent, stored), new Set(watchers.keys()));
  for (const tile of outs.pendingTiles ?? []) reportWarning(heldTileWarning(id, tile, [...(watchers.get(tile.id) ?? [])]));
  return outs;
}

/** The ids of the alerts on each tile, by tile id. Pure. */
function byTile(alerts: readonly DoomedAlert[]): Map<string, Set<string>> {
  const watchers = new Map<string, Set<string>>();
  for (const alert of alerts) watchers.set(alert.tile.id, (watchers.get(alert.tile.id) ?? new Set()).add(alert.id));
  return watchers;
}

/** Refuses, before any write, what the target's generation would drop (see each). */
async function refuseOnGeneration(target: StackTarget, inputs: DashboardInputs): Promise<void> {
  await refuseOnFirstGeneration(target, inputs);
  await refuseDroppedSortOrder(target, inputs);
}

/**
 * The changes, and before them, when the update removes tiles, one warning per alert the server
 * deletes with them (one read of the alert list; none otherwise): a loss the preview names. A
 * tile pending removal that no alert watches any longer is a removal, saying so; one still watched
 * stays pending, no change. A `sortOrder` a current server never answers is said to be write-only.
 */
async function changes(olds: DashboardOutputs, news: DashboardInputs, id: string): Promise<FieldChange[]> {
  const held = await pendingOnServer(olds, news, id);
  // No stack known to ask (never checked, or a preview where it waits on another resource): no read.
  // Resolved only where a read is made: a diff that reads nothing needs no credentials.
  const target = namesKnownStack(news) ? () => targetOf(news) : undefined;
  if (target === undefined && held.length > 0) reportProgress(unaskedPendingNote(id, held.length));
  const { watched, unread } = await pendingWatched(target, id, notNamedAgain(held, news.tiles));
  const { kept, freed } = settlePending(held, news.tiles, watched);
  const stored = { ...olds, tiles: [...olds.tiles, ...freed] };
  const found = [...putBack(held, news.tiles), ...withFreedDetail(fieldChanges(stored, news, dashboardDiff), freed)];
  const removed = removedTiles(stored.tiles, news.tiles);
  for (const tile of notNamedAgain(freed, news.tiles)) reportProgress(freedTileNote(id, tile));
  // What the run takes out and writes, for the tile alerts on it to resolve their tile on.
  noteRemovals(id, [...removed.map((t) => t.id), ...kept.map((t) => t.id)]);
  notePlanned(id, found.length > 0 ? plannedTiles(stored.tiles, news.tiles) : undefined);
  // Nothing to ask the server about: no read (a no-op preview sends nothing).
  if (target === undefined || (removed.length === 0 && sortOrderUses(news.tiles).length === 0)) return found;
  // The warnings inform a reviewer; a read that fails must not fail the diff, but must not pass
  // silently either: the warning then says what could not be told.
  // A list that could not be read is said once and not asked again in this diff.
  try {
    const stack = target();
    if (!unread) for (const alert of await doomedAlerts(stack, id, removed)) reportWarning(doomedAlertWarning(id, alert));
    for (const line of await sortOrderWarnings(stack, news)) reportWarning(`dashboard ${shownId(id)}: ${line}`);
  } catch (err) {
    if (!unread) saidUnread(id, err);
  }
  return found;
}

/**
 * The ids of the pending tiles (`held`, those the program does not name again) that alerts still
 * watch: the run's read of the alert list, made only when there are such tiles. A list that cannot be read (or no stack to ask) keeps them
 * all watched: a removal is planned only on a read that shows no alert on the tile. `unread`: the list could not be read, and was said so.
 */
async function pendingWatched(
  target: (() => StackTarget) | undefined,
  id: string,
  held: readonly StackTileOutput[],
): Promise<{ watched: ReadonlySet<string>; unread: boolean }> {
  const all = new Set(held.map((t) => t.id));
  if (target === undefined || held.length === 0) return { watched: all, unread: false };
  try {
    return { watched: new Set((await doomedAlerts(target(), id, held)).map((a) => a.tile.id)), unread: false };
  } catch (err) {
    saidUnread(id, err);
    return { watched: all, unread: true };
  }
}

/** An alert list the diff could not read: its reason in the log, and a warning in the provider's words. */
function saidUnread(id: string, err: unknown): void {
  reportProgress(unreadAlertsDetail(id, err));
  reportWarning(unreadAlertsWarning(id, err));
}

/** The provider the serialized shim delegates to (`pulumi-pipestack/engine/stack-dashboard`). */
export const provider = defineEngine<DashboardInputs, DashboardOutputs, StackTarget, StackDashboardRecord>({
  ...stackObject(dashboards),
  // Failures carry property paths (`tiles[2].w`); values not known yet pass.
  validate: (news) => checkStackObject(news, stackDashboardSpec, dashboardRuleFailures),
  // The stack server keeps no dashboard name unique: a create proves itself by its marker.
  names: NO_UNIQUE_NAME,
  probe: collectionProbe(dashboards),
  rules: dashboardDiff,
  changes,
  refuseCreate: refuseOnGeneration,
  create,
  adopt,
  update,
  // Tile keys recovered from the stored tiles by id. A refresh records what the server holds: a
  // tile pending removal that is still there stays pending (the next diff removes it once no alert
  // watches it), one gone is forgotten.
  refreshed: (live, props) =>
    withPending(dashboardOutputs(live, withTarget(props), undefined, storedTiles(props)), new Set((props.pendingTiles ?? []).map((t) => t.id))),
});

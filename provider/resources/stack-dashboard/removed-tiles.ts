import type { StackTarget } from "../../client/stack-target";
import { tileKey } from "./schema";
import { isObj } from "../../schemas/plain-object";
import { REMOVED_TILE_RULE } from "./alert-tile";
import { alertList, tileWatchers } from "./alert-watchers";
import { literal } from "../../schemas/whole-text";
import { ApiError } from "../../errors/api-error";
import { SHOWN_ID_FORM, TOKEN_FORM, shownId } from "../../errors/printable";

/**
 * A dashboard update that drops a tile would make the server delete the alerts on it, and an
 * alert given by `tileId` previews only `tileId => [unknown]`: the dashboard's preview names them,
 * and its update keeps such a tile on the server until its alerts are deleted (see
 * `pending-tiles.ts`). One read of the alert list, made only when the update removes tiles (a
 * preview of anything else reads nothing), shared by the diff and the update; then one warning on
 * the dashboard per alert.
 */

/** A tile the update removes: its key and its server id. */
export interface RemovedTile {
  key: string;
  id: string;
}

/** The old tiles (with ids) whose keys the program's tiles no longer have; none while the new list or a key is not known yet. Pure. */
export function removedTiles(oldTiles: unknown, newTiles: unknown): RemovedTile[] {
  if (!Array.isArray(newTiles) || !Array.isArray(oldTiles)) return [];
  const keys = newTiles.map((t) => (isObj(t) ? tileKey(t) : undefined));
  if (keys.some((k) => k === undefined)) return [];
  const kept = new Set(keys);
  return oldTiles.filter(isObj).flatMap((t) => {
    const key = tileKey(t);
    return key !== undefined && !kept.has(key) && typeof t.id === "string" ? [{ key, id: t.id }] : [];
  });
}

/** An alert on a removed tile, as the list answered it. */
export interface DoomedAlert {
  id: string;
  name?: string;
  tile: RemovedTile;
}

/** The alerts of `list` (an alert list answer) on dashboard `dashboardId` whose tile is removed. Items not shaped like tile alerts are skipped. Pure. */
export function alertsOnRemoved(list: readonly unknown[], dashboardId: string, removed: readonly RemovedTile[]): DoomedAlert[] {
  const byId = new Map(removed.map((t) => [t.id, t]));
  return tileWatchers(list).flatMap((a) => {
    const tile = byId.get(a.tileId);
    if (!tile || (a.dashboardId !== undefined && a.dashboardId !== dashboardId)) return [];
    return [{ id: a.id, ...(a.name ? { name: a.name } : {}), tile }];
  });
}

const DOOMED_TAIL = `${REMOVED_TILE_RULE}, so the update keeps the tile on the server until the alert is deleted. Remove the alert from the program with the tile, or keep the tile`;
const UNREAD_HEAD = "could not read which alerts its tile removals delete";
const UNREAD_TAIL = ": the reason is in the preview's log";

/** The warning for one alert on a tile the update removes. Pure. */
export function doomedAlertWarning(dashboardId: string, alert: DoomedAlert): string {
  const name = alert.name === undefined ? "" : ` (${JSON.stringify(alert.name)})`;
  return `dashboard ${shownId(dashboardId)}: this update removes tile ${JSON.stringify(alert.tile.key)} (${shownId(alert.tile.id)}), which alert ${shownId(alert.id)}${name} watches: ${DOOMED_TAIL}`;
}

/** A request id as the warning carries it: a token, never text that could read as words. */
const REQUEST_ID = TOKEN_FORM;

/**
 * The warning when the alert list could not be read: the preview cannot tell what the update
 * deletes. It ends in the answer's status and request id only, never in an error's text (a server's
 * or a program's words must not end a line the pull-request summary marks as this provider's):
 * `unreadAlertsDetail` is that text, said apart. Pure.
 */
export function unreadAlertsWarning(dashboardId: string, err: unknown): string {
  const requestId = err instanceof ApiError && err.requestId !== undefined && new RegExp(`^${REQUEST_ID}$`).test(err.requestId) ? err.requestId : undefined;
  const why = err instanceof ApiError ? `status ${err.status}${requestId ? `, requestId ${requestId}` : ""}` : "no answer";
  return `dashboard ${shownId(dashboardId)}: ${UNREAD_HEAD} (${why}${UNREAD_TAIL})`;
}

/** The reason the alert list could not be read, for the log (not a warning: not in the provider's words). Pure. */
export function unreadAlertsDetail(dashboardId: string, err: unknown): string {
  return `dashboard ${shownId(dashboardId)}: reading the alert list failed: ${err instanceof Error ? err.message : String(err)}`;
}

const QUOTED = '"(?:[^"\\\\]|\\\\.)*"';
const ID = SHOWN_ID_FORM;

/** The forms of the two warnings above, whole: what the pull-request summary takes for this provider's own words. */
export const REMOVED_TILE_WARNING_FORMS: readonly RegExp[] = [
  new RegExp(`^dashboard ${ID}: this update removes tile ${QUOTED} \\(${ID}\\), which alert ${ID}(?: \\(${QUOTED}\\))? watches: ${literal(DOOMED_TAIL)}$`),
  new RegExp(`^dashboard ${ID}: ${literal(UNREAD_HEAD)} \\((?:status \\d{3}(?:, requestId ${REQUEST_ID})?|no answer)${literal(UNREAD_TAIL)}\\)$`),
];

/** The alerts on dashboard `dashboardId` that removing `removed` deletes: none, and no request, when nothing is removed. */
export async function doomedAlerts(t: StackTarget, dashboardId: string, removed: readonly RemovedTile[]): Promise<DoomedAlert[]> {
  if (removed.length === 0) return [];
  return alertsOnRemoved(await alertList(t), dashboardId, removed);
}

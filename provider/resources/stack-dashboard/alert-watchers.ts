import { z } from "zod";
import type { StackTarget } from "../../client/stack-target";
import { stackCollection, type StackCollection } from "../../engine/stack/api";
import { snapshot } from "../../engine/shared-list";
import { isObj } from "../../schemas/plain-object";

/**
 * Which alerts watch a dashboard's tiles, read from the alert list as the server answers it. The
 * dashboard reads the wire fields a tile alert has in both generations (`id`, `name`, `tileId`,
 * `dashboardId`, or `dashboard` as an id or `{ id | _id }` in the first), never the alert kind's
 * schema: the dashboard owns the link, and nothing of it imports the alert kind back.
 */

/**
 * The alert list's route as the alert kind reads it (`stack-alert/api.ts`; a unit test holds the
 * two equal), so both kinds share the run's one read of it (see `../../engine/shared-list`).
 */
export const ALERT_LIST: StackCollection = { path: "alerts", paged: true, noun: "alert", schema: z.unknown() };

/** An alert on a tile, as the list answers it. */
export interface TileWatcher {
  id: string;
  name?: string;
  tileId: string;
  /** Absent when the answer does not say (then the tile id alone ties it to the dashboard). */
  dashboardId?: string;
}

/** A dashboard id as an alert answers it: a string, or an object with `id` / `_id` (first generation). */
function idOf(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (isObj(v)) return typeof v.id === "string" ? v.id : typeof v._id === "string" ? v._id : undefined;
  return undefined;
}

/** The tile alerts of a list answer; items not shaped like one are skipped. Pure. */
export function tileWatchers(list: readonly unknown[]): TileWatcher[] {
  return list.flatMap((item) => {
    if (!isObj(item) || typeof item.id !== "string" || item.id === "" || typeof item.tileId !== "string") return [];
    const dashboardId = idOf(item.dashboardId) ?? idOf(item.dashboard);
    const name = typeof item.name === "string" && item.name !== "" ? item.name : undefined;
    return [{ id: item.id, tileId: item.tileId, ...(name ? { name } : {}), ...(dashboardId ? { dashboardId } : {}) }];
  });
}

/** The alert list of the target as answered: the run's shared read of it (the alerts' create gates read the same one). */
export function alertList(t: StackTarget): Promise<unknown[]> {
  return snapshot(stackCollection(t, ALERT_LIST));
}

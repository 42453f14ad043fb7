import { createStackObject, putStackObject, type Marker, type StackCollection } from "../../engine/stack/api";
import type { StackTarget } from "../../client/stack-target";
import type { Obj } from "../../schemas/plain-object";
import { stackDashboardRecord, type StackDashboardRecord } from "./record";

/** The stack collection dashboards live in: one answer, sorted by name (the server does not page it). */
export const dashboards: StackCollection<typeof stackDashboardRecord> = { path: "dashboards", paged: false, noun: "dashboard", schema: stackDashboardRecord };

/** Creates a dashboard; `marker` recognises it in the list after an ambiguous failure. */
export function createDashboard(t: StackTarget, body: Obj, marker: Marker): Promise<StackDashboardRecord> {
  return createStackObject(t, dashboards, body, marker);
}

/**
 * PUT of the whole dashboard: `tiles` is the complete list, each kept tile with its id. The
 * answer is what this process's later reads of it see: what its tile alerts read (see
 * `./alert-tile.ts`).
 */
export function putDashboard(t: StackTarget, id: string, body: Obj): Promise<StackDashboardRecord> {
  return putStackObject(t, dashboards, id, body, { remember: true });
}

/**
 * Alert operations. A tile alert must name a dashboard and a tile that exist; PUT replaces
 * the whole alert (omitted optional fields are cleared) and keeps state and creation time.
 */
import { notFound } from "../http/errors";
import type { AlertInput } from "./shapes";
import { getDashboard } from "./dashboards";
import { TEAM_ID, documentId, type StackStore } from "./store";
import type { StoredAlert } from "./records";

/** The alert as responses show it: `dashboard` (not `dashboardId`), null search fields. */
export function alertView(a: StoredAlert): Record<string, unknown> {
  const view: Record<string, unknown> = { id: a.id };
  if (a.name !== null) view.name = a.name;
  if (a.message !== null) view.message = a.message;
  Object.assign(view, {
    threshold: a.threshold,
    interval: a.interval,
    thresholdType: a.thresholdType,
    source: a.source,
    state: a.state,
    channel: { ...a.channel },
    team: a.team,
  });
  if (a.tileId !== null) view.tileId = a.tileId;
  if (a.dashboardId !== null) view.dashboard = a.dashboardId;
  return { ...view, savedSearch: a.savedSearchId, groupBy: a.groupBy, silenced: a.silenced, createdAt: a.createdAt, updatedAt: a.updatedAt };
}

/** Finds an alert or throws the server's 404. */
export function getAlert(store: StackStore, id: string): StoredAlert {
  const found = store.alerts.get(id);
  if (!found) throw notFound("Alert not found");
  return found;
}

function checkTarget(store: StackStore, input: AlertInput): void {
  if (input.source !== "tile" || !input.dashboardId || !input.tileId) return;
  const dashboard = getDashboard(store, input.dashboardId);
  if (!dashboard.tiles.some((t) => t.id === input.tileId)) throw notFound("Tile not found");
}

function fields(input: AlertInput): Omit<StoredAlert, "id" | "state" | "team" | "silenced" | "createdAt" | "updatedAt"> {
  const tile = input.source === "tile";
  return {
    threshold: input.threshold,
    interval: input.interval,
    source: input.source,
    thresholdType: input.thresholdType,
    channel: { type: input.channel.type, webhookId: input.channel.webhookId },
    dashboardId: tile ? (input.dashboardId ?? null) : null,
    tileId: tile ? (input.tileId ?? null) : null,
    savedSearchId: input.savedSearchId ?? null,
    groupBy: input.groupBy ?? null,
    name: input.name ?? null,
    message: input.message ?? null,
  };
}

/** Creates an alert: `inactive`, not silenced. */
export function createAlert(store: StackStore, input: AlertInput, now: string): StoredAlert {
  checkTarget(store, input);
  const alert: StoredAlert = { id: documentId(), ...fields(input), state: "inactive", team: TEAM_ID, silenced: false, createdAt: now, updatedAt: now };
  store.alerts.set(alert.id, alert);
  return alert;
}

/** Replaces an alert's fields. */
export function replaceAlert(store: StackStore, id: string, input: AlertInput, now: string): StoredAlert {
  const current = getAlert(store, id);
  checkTarget(store, input);
  const next: StoredAlert = { ...current, ...fields(input), updatedAt: now };
  store.alerts.set(id, next);
  return next;
}

/** Deletes an alert. */
export function deleteAlert(store: StackStore, id: string): void {
  getAlert(store, id);
  store.alerts.delete(id);
}

/**
 * Alerts on the current server (notes: "Current shapes (2.36)"): `tile` or `saved_search`
 * sources whose targets must exist (400, not 404), webhook channels that must exist, eight
 * threshold types, answers naming `teamId` / `dashboardId` / `savedSearchId`, state `OK`
 * when new, a paged list. PUT replaces: omitted name, message, note and
 * numConsecutiveWindows become null; an omitted thresholdMax or schedule keeps its value.
 */
import { badRequest } from "../http/errors";
import type { CurrentAlertInput } from "./shapes-current";
import type { PageQuery } from "./request-check";
import { isObjectId } from "./tile-config-shape";
import { Page } from "./answer";
import { getAlert } from "./alerts";
import { TEAM_ID, documentId, type StackStore } from "./store";
import type { StoredAlert, StoredChannel } from "./records";

type Json = Record<string, unknown>;

/** The alert as the current server answers it. */
export function currentAlertView(a: StoredAlert): Json {
  const channels = a.channels ?? [a.channel];
  const view: Json = {
    id: a.id,
    name: a.name,
    message: a.message,
    note: a.note ?? null,
    threshold: a.threshold,
    thresholdMax: a.thresholdMax,
    interval: a.interval,
    scheduleOffsetMinutes: a.scheduleOffsetMinutes,
    scheduleStartAt: a.scheduleStartAt,
    numConsecutiveWindows: a.numConsecutiveWindows ?? null,
    thresholdType: a.thresholdType,
    source: a.source,
    state: a.state,
    channel: { ...channels[0] },
    channels: channels.map((c) => ({ ...c })),
    teamId: a.team,
    tileId: a.tileId ?? undefined,
    dashboardId: a.dashboardId ?? undefined,
    savedSearchId: a.savedSearchId ?? undefined,
    groupBy: a.groupBy ?? undefined,
    silenced: typeof a.silenced === "object" && a.silenced !== null ? { ...a.silenced } : undefined,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
  return Object.fromEntries(Object.entries(view).filter(([, v]) => v !== undefined));
}

/** One page of alerts, oldest first. */
export function listCurrentAlerts(store: StackStore, page: PageQuery): Page {
  const all = [...store.alerts.values()];
  return new Page(all.slice(page.offset, page.offset + page.limit).map(currentAlertView), { total: all.length, limit: page.limit, offset: page.offset });
}

function channelsOf(input: CurrentAlertInput): StoredChannel[] {
  if (input.channels && input.channels.length > 0) return input.channels.map((c) => ({ type: c.type, webhookId: c.webhookId }));
  return input.channel ? [{ type: input.channel.type, webhookId: input.channel.webhookId }] : [];
}

/** The server's checks after the schema: target and webhooks exist in this stack (each 400). */
function checkTargets(store: StackStore, input: CurrentAlertInput): void {
  if (input.source === "tile") {
    if (!isObjectId(input.dashboardId)) throw badRequest("Invalid dashboard ID");
    const dashboard = store.dashboards.get(input.dashboardId);
    if (!dashboard) throw badRequest("Dashboard not found");
    const tile = dashboard.tiles.find((t) => t.id === input.tileId);
    if (!tile) throw badRequest("Tile not found");
    const kind = String(tile.config?.displayType);
    if (tile.config?.configType === "sql" && !["line", "stacked_bar", "number"].includes(kind)) {
      throw badRequest("Alerts on Raw SQL tiles are only supported for Line, Stacked Bar, or Number display types");
    }
  } else {
    if (!isObjectId(input.savedSearchId)) throw badRequest("Invalid saved search ID");
    if (!store.savedSearches.has(input.savedSearchId)) throw badRequest("Saved search not found");
  }
  const ids = channelsOf(input).map((c) => c.webhookId);
  if (ids.some((id) => !isObjectId(id))) throw badRequest("Invalid webhook ID");
  if (ids.some((id) => !store.webhooks.has(id))) throw badRequest("Webhook not found");
}

/** The stored fields an alert body sets; `undefined` members leave the stored value alone. */
function fields(input: CurrentAlertInput): Partial<StoredAlert> {
  const channels = channelsOf(input);
  const hasStart = input.scheduleStartAt !== undefined;
  const offset = hasStart && input.scheduleStartAt != null ? 0 : hasStart && input.scheduleOffsetMinutes == null ? 0 : input.scheduleOffsetMinutes;
  const tile = input.source === "tile";
  const picked: Partial<StoredAlert> = {
    channel: channels[0],
    channels,
    interval: input.interval,
    scheduleOffsetMinutes: offset,
    scheduleStartAt: hasStart ? (input.scheduleStartAt == null ? null : new Date(input.scheduleStartAt).toISOString()) : undefined,
    source: input.source,
    threshold: input.threshold,
    thresholdMax: input.thresholdMax,
    thresholdType: input.thresholdType,
    name: input.name ?? null,
    message: input.message ?? null,
    note: input.note ?? null,
    savedSearchId: tile ? null : input.savedSearchId,
    groupBy: tile ? null : (input.groupBy ?? null),
    dashboardId: tile ? input.dashboardId : null,
    tileId: tile ? input.tileId : null,
    numConsecutiveWindows: input.numConsecutiveWindows ?? null,
  };
  return Object.fromEntries(Object.entries(picked).filter(([, v]) => v !== undefined));
}

/** Creates an alert: state `OK`, not silenced. */
export function createCurrentAlert(store: StackStore, input: CurrentAlertInput, now: string): StoredAlert {
  checkTargets(store, input);
  const alert = { id: documentId(), ...fields(input), state: "OK", team: TEAM_ID, silenced: null, createdAt: now, updatedAt: now } as StoredAlert;
  store.alerts.set(alert.id, alert);
  return alert;
}

/** Replaces an alert's fields; the body is checked before the alert is looked up, as the server does. */
export function replaceCurrentAlert(store: StackStore, id: string, input: CurrentAlertInput, now: string): StoredAlert {
  checkTargets(store, input);
  const next: StoredAlert = { ...getAlert(store, id), ...fields(input), updatedAt: now };
  store.alerts.set(id, next);
  return next;
}

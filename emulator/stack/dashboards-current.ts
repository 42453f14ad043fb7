/**
 * Dashboards on the current server (notes: "Current shapes (2.36)"): tiles read back in
 * the `config` form; source, connection and container references checked (400); a PUT
 * replaces name and tiles, keeps a tile id only if it exists, and deletes the alerts of
 * tiles that vanish or whose kind cannot carry alerts; a missing dashboard is a plain-text
 * 404; DELETE answers 200 even for an unknown id.
 */
import { ApiFailure, badRequest } from "../http/errors";
import { currentDashboardCreateSchema, type CurrentDashboardBody, type CurrentTile } from "./shapes-current";
import { plainNotFound } from "./answer";
import { documentId, type StackStore } from "./store";
import type { StoredDashboard, StoredTile } from "./records";
import { canCarryAlerts, configSourceIds, readConfig, seriesToConfig } from "./tiles-config";

type Json = Record<string, unknown>;

/** The dashboard as the current server answers it. */
export function currentDashboardView(d: StoredDashboard): Json {
  const tiles = d.tiles.map((t) => ({
    id: t.id,
    x: t.x,
    y: t.y,
    w: t.w,
    h: t.h,
    name: t.name,
    config: t.config ?? {},
    ...(t.containerId ? { containerId: t.containerId } : {}),
    ...(t.tabId ? { tabId: t.tabId } : {}),
  }));
  const containers = d.containers ?? [];
  return structuredClone({
    id: d.id,
    name: d.name,
    tiles,
    tags: d.tags,
    filters: d.filters ?? [],
    savedQuery: d.savedQuery ?? null,
    savedQueryLanguage: d.savedQueryLanguage ?? null,
    savedFilterValues: d.savedFilterValues ?? [],
    ...(containers.length > 0 ? { containers } : {}),
  });
}

/** Every dashboard, by name descending (the server sorts, never pages). */
export function listCurrentDashboards(store: StackStore): Json[] {
  return [...store.dashboards.values()].sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0)).map(currentDashboardView);
}

/** A dashboard, or the plain-text 404. */
export function findCurrentDashboard(store: StackStore, id: string): StoredDashboard {
  const found = store.dashboards.get(id);
  if (!found) throw plainNotFound();
  return found;
}

function containerProblems(containers: readonly Json[], tiles: readonly CurrentTile[]): string[] {
  const byId = new Map(containers.map((c) => [String(c.id), c]));
  const problems: string[] = [];
  tiles.forEach((tile, i) => {
    if (tile.containerId !== undefined && !byId.has(tile.containerId))
      problems.push(`tiles.${i}.containerId: Tile references unknown containerId "${tile.containerId}"`);
    if (tile.tabId === undefined) return;
    if (tile.containerId === undefined) return void problems.push(`tiles.${i}.tabId: tabId requires containerId to be set`);
    const tabs = byId.get(tile.containerId)?.tabs as Json[] | undefined;
    if (byId.has(tile.containerId) && !tabs?.some((t) => t.id === tile.tabId))
      problems.push(`tiles.${i}.tabId: Tile references unknown tabId "${tile.tabId}" in container "${tile.containerId}"`);
  });
  return problems;
}

/** Refuses references to what the stack does not have, one problem kind at a time, as the server does. */
function checkReferences(store: StackStore, body: CurrentDashboardBody, containers: readonly Json[]): void {
  const layout = containerProblems(containers, body.tiles);
  if (layout.length > 0) throw badRequest(layout.join("; "));
  const known = new Set(store.sources.keys());
  const named = new Set<string>();
  for (const tile of body.tiles) {
    for (const s of tile.series ?? []) if ("sourceId" in s) named.add(s.sourceId);
    if (tile.config) configSourceIds(tile.config).forEach((id) => named.add(id));
  }
  for (const filter of body.filters ?? []) named.add((filter as { sourceId: string }).sourceId);
  const missing = [...named].filter((id) => !known.has(id));
  if (missing.length > 0) throw badRequest(`Could not find the following source IDs: ${missing.join(", ")}`);
  const connections = store.connectionIds();
  const raw = body.tiles.map((t) => t.config as Json | undefined).filter((c): c is Json => c?.configType === "sql");
  const missingConnections = [...new Set(raw.map((c) => String(c.connectionId)))].filter((id) => !connections.has(id));
  if (missingConnections.length > 0) throw badRequest(`Could not find the following connection IDs: ${missingConnections.join(", ")}`);
  const mismatched = raw
    .filter((c) => c.sourceId !== undefined && store.sources.get(c.sourceId as string)?.connection !== c.connectionId)
    .map((c) => String(c.sourceId));
  if (mismatched.length > 0) throw badRequest(`The following source IDs do not match the specified connections: ${mismatched.join(", ")}`);
  const traces = new Set([...store.sources.values()].filter((s) => s.kind === "trace").map((s) => s.id));
  const heatmaps = body.tiles
    .map((t) => t.config as Json | undefined)
    .filter((c) => c?.displayType === "heatmap" && c.configType === undefined && !traces.has(String(c.sourceId)));
  if (heatmaps.length > 0)
    throw badRequest(
      `Heatmap tiles require a Trace source. The following source IDs are not Trace sources: ${[...new Set(heatmaps.map((c) => String(c?.sourceId)))].join(", ")}`,
    );
}

function storeTile(tile: CurrentTile, id: string): StoredTile {
  const config = tile.series ? seriesToConfig(tile.series, tile.asRatio) : readConfig(tile.config as NonNullable<CurrentTile["config"]>);
  return {
    id,
    name: tile.name,
    x: tile.x,
    y: tile.y,
    w: tile.w,
    h: tile.h,
    config,
    ...(tile.containerId ? { containerId: tile.containerId } : {}),
    ...(tile.tabId ? { tabId: tile.tabId } : {}),
  };
}

/** Filters with their ids: kept when they exist on the dashboard, new otherwise; `sourceId` as sent. */
function storeFilters(filters: readonly Json[], existing: ReadonlySet<string> = new Set()): Json[] {
  return filters.map((f) => ({ ...f, id: typeof f.id === "string" && existing.has(f.id) ? f.id : documentId() }));
}

function savedQueryLanguage(body: CurrentDashboardBody): string | null | undefined {
  if (body.savedQueryLanguage !== undefined) return body.savedQueryLanguage;
  if (body.savedQuery === null) return null;
  return body.savedQuery ? "lucene" : undefined;
}

/** What `POST /dashboards/validate` answers: the verdict, each problem by path, the parsed body when valid. */
export interface DashboardVerdict {
  valid: boolean;
  errors: Array<{ path: string; message: string }>;
  normalized: CurrentDashboardBody | null;
}

/**
 * Checks a dashboard body as a create would (its schema, then the references to sources,
 * connections and containers) and saves nothing. A body the create would refuse is still a 200,
 * `valid: false`: schema problems one by one with their paths, a reference problem with path `""`.
 */
export function validateCurrentDashboard(store: StackStore, raw: unknown): DashboardVerdict {
  const parsed = currentDashboardCreateSchema.safeParse(raw);
  if (!parsed.success) {
    return { valid: false, errors: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })), normalized: null };
  }
  try {
    checkReferences(store, parsed.data, parsed.data.containers ?? []);
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    return { valid: false, errors: [{ path: "", message: error.message }], normalized: null };
  }
  return { valid: true, errors: [], normalized: parsed.data };
}

/** Creates a dashboard; tile ids sent are replaced. */
export function createCurrentDashboard(store: StackStore, body: CurrentDashboardBody, now: string): StoredDashboard {
  checkReferences(store, body, body.containers ?? []);
  const dashboard: StoredDashboard = {
    id: documentId(),
    name: body.name,
    tiles: body.tiles.map((t) => storeTile(t, documentId())),
    tags: [...new Set(body.tags ?? [])],
    filters: storeFilters(body.filters ?? []),
    savedQuery: body.savedQuery,
    savedQueryLanguage: savedQueryLanguage(body),
    savedFilterValues: body.savedFilterValues,
    containers: body.containers,
    createdAt: now,
    updatedAt: now,
  };
  store.dashboards.set(dashboard.id, dashboard);
  return dashboard;
}

/** Replaces a dashboard's name and tiles (other fields when given); deletes the alerts that lose their tile. */
export function updateCurrentDashboard(store: StackStore, id: string, body: CurrentDashboardBody, now: string): StoredDashboard {
  const dashboard = findCurrentDashboard(store, id);
  checkReferences(store, body, (body.containers ?? dashboard.containers ?? []) as Json[]);
  const existing = new Set(dashboard.tiles.map((t) => t.id));
  dashboard.name = body.name;
  dashboard.tiles = body.tiles.map((t) => storeTile(t, t.id !== undefined && existing.has(t.id) ? t.id : documentId()));
  if (body.tags !== undefined) dashboard.tags = [...new Set(body.tags)];
  if (body.filters !== undefined) dashboard.filters = storeFilters(body.filters, new Set((dashboard.filters ?? []).map((f) => String(f.id))));
  if (body.savedQuery !== undefined) dashboard.savedQuery = body.savedQuery;
  const language = savedQueryLanguage(body);
  if (language !== undefined) dashboard.savedQueryLanguage = language;
  if (body.savedFilterValues !== undefined) dashboard.savedFilterValues = body.savedFilterValues;
  if (body.containers !== undefined) dashboard.containers = body.containers;
  dashboard.updatedAt = now;
  const kept = new Set(dashboard.tiles.map((t) => t.id));
  const doomed = new Set([...dashboard.tiles.filter((t) => !canCarryAlerts(t.config)).map((t) => t.id), ...[...existing].filter((t) => !kept.has(t))]);
  for (const [alertId, alert] of store.alerts) {
    if (alert.source === "tile" && alert.dashboardId === id && alert.tileId !== null && doomed.has(alert.tileId)) store.alerts.delete(alertId);
  }
  return dashboard;
}

/** Deletes a dashboard (if there is one) and its tile alerts. */
export function deleteCurrentDashboard(store: StackStore, id: string): void {
  store.dashboards.delete(id);
  for (const [alertId, alert] of store.alerts) if (alert.source === "tile" && alert.dashboardId === id) store.alerts.delete(alertId);
}

/**
 * Dashboard operations with the server's tile-id rules: every tile gets a new id on create;
 * on update a tile keeps its id only if that id exists on the stored dashboard. Alerts on
 * tiles that vanish (or on a deleted dashboard) are deleted with them.
 */
import { notFound } from "../http/errors";
import type { DashboardCreate, DashboardUpdate, SeriesInput, TileInput } from "./shapes";
import { documentId, type StackStore } from "./store";
import type { StoredDashboard, StoredSeries, StoredTile } from "./records";

/** The dashboard as responses show it. */
export function dashboardView(d: StoredDashboard): { id: string; name: string; tiles: StoredTile[]; tags: string[] } {
  return structuredClone({ id: d.id, name: d.name, tiles: d.tiles, tags: d.tags });
}

function storeSeries(s: SeriesInput): StoredSeries {
  const out: StoredSeries = { type: s.type, dataSource: s.dataSource, where: s.where ?? "", groupBy: s.groupBy ?? [] };
  if (s.aggFn !== undefined) out.aggFn = s.aggFn;
  if (s.field !== undefined) out.field = s.field;
  return out;
}

function storeTile(tile: TileInput, id: string): StoredTile {
  return { id, name: tile.name, x: tile.x, y: tile.y, w: tile.w, h: tile.h, asRatio: tile.asRatio ?? false, series: tile.series.map(storeSeries) };
}

/** Tags with duplicates dropped, first occurrence kept. */
function uniqueTags(tags: readonly string[] | undefined): string[] {
  return [...new Set(tags ?? [])];
}

/** Finds a dashboard or throws the server's 404. */
export function getDashboard(store: StackStore, id: string): StoredDashboard {
  const found = store.dashboards.get(id);
  if (!found) throw notFound("Dashboard not found");
  return found;
}

/** Creates a dashboard; tile ids sent are ignored. */
export function createDashboard(store: StackStore, input: DashboardCreate, now: string): StoredDashboard {
  const dashboard: StoredDashboard = {
    id: documentId(),
    name: input.name,
    tiles: (input.tiles ?? []).map((tile) => storeTile(tile, documentId())),
    tags: uniqueTags(input.tags),
    createdAt: now,
    updatedAt: now,
  };
  store.dashboards.set(dashboard.id, dashboard);
  return dashboard;
}

/** Deletes alerts on the given tiles of a dashboard (or all of its alerts). */
function deleteTileAlerts(store: StackStore, dashboardId: string, tileIds?: ReadonlySet<string>): void {
  for (const [id, alert] of store.alerts) {
    if (alert.dashboardId !== dashboardId) continue;
    if (!tileIds || (alert.tileId !== null && tileIds.has(alert.tileId))) store.alerts.delete(id);
  }
}

/** Updates a dashboard; `tiles`, when given, is the whole new tile list. */
export function updateDashboard(store: StackStore, id: string, input: DashboardUpdate, now: string): StoredDashboard {
  const dashboard = getDashboard(store, id);
  if (input.name !== undefined) dashboard.name = input.name;
  if (input.tags !== undefined) dashboard.tags = uniqueTags(input.tags);
  if (input.tiles !== undefined) {
    const existing = new Set(dashboard.tiles.map((t) => t.id));
    const kept = new Set<string>();
    dashboard.tiles = input.tiles.map((tile) => {
      // An id is kept only once: a second tile sent with the same id is a new tile.
      const keep = tile.id !== undefined && existing.has(tile.id) && !kept.has(tile.id);
      if (keep) kept.add(tile.id as string);
      return storeTile(tile, keep ? (tile.id as string) : documentId());
    });
    const vanished = new Set([...existing].filter((tileId) => !kept.has(tileId)));
    deleteTileAlerts(store, id, vanished);
  }
  dashboard.updatedAt = now;
  return dashboard;
}

/** Deletes a dashboard and the alerts on its tiles. */
export function deleteDashboard(store: StackStore, id: string): void {
  getDashboard(store, id);
  store.dashboards.delete(id);
  deleteTileAlerts(store, id);
}

/**
 * Saved searches (current server): full CRUD, PUT replaces (omitted fields fall back to
 * their defaults), the source must exist (400), a missing one is 404 `Saved search not
 * found`, and deleting one deletes the alerts on it. Whether a filter renders in the
 * sidebar (the server refuses some filter shapes on create) is not modelled.
 */
import { badRequest, notFound } from "../http/errors";
import type { PageQuery } from "./request-check";
import { isSidebarFilter, nonRenderableFilterMessage } from "./pinned-filter";
import type { SavedSearchInput } from "./saved-search-shape";
import { Page } from "./answer";
import { TEAM_ID, documentId, type StackStore } from "./store";
import type { StoredSavedSearch } from "./records";

/** The saved search as the server answers it. */
export function savedSearchView(s: StoredSavedSearch): Record<string, unknown> {
  return structuredClone({
    id: s.id,
    name: s.name,
    select: s.select,
    where: s.where,
    whereLanguage: s.whereLanguage,
    orderBy: s.orderBy,
    sourceId: s.sourceId,
    tags: s.tags,
    filters: s.filters,
    teamId: TEAM_ID,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  });
}

/** One page of saved searches, oldest first. */
export function listSavedSearches(store: StackStore, page: PageQuery): Page {
  const all = [...store.savedSearches.values()];
  return new Page(all.slice(page.offset, page.offset + page.limit).map(savedSearchView), { total: all.length, limit: page.limit, offset: page.offset });
}

/** A saved search, or the server's 404. */
export function getSavedSearch(store: StackStore, id: string): StoredSavedSearch {
  const found = store.savedSearches.get(id);
  if (!found) throw notFound("Saved search not found");
  return found;
}

function checkSource(store: StackStore, input: SavedSearchInput): void {
  if (!store.sources.has(input.sourceId)) throw badRequest("sourceId must be an existing source id");
}

/** A filter's identity, as the server compares a PUT's filters with the stored ones. */
function filterKey(f: Record<string, unknown>): string {
  return JSON.stringify(f.type === "sql_ast" ? ["sql_ast", f.operator, f.left, f.right] : [f.type, f.condition]);
}

/** The server's 400 for the first filter that neither renders in the sidebar nor is kept unchanged from `stored`. */
function checkFilters(input: SavedSearchInput, stored: readonly Record<string, unknown>[] = []): void {
  const kept = new Set(stored.map(filterKey));
  const bad = input.filters.findIndex((f) => !isSidebarFilter(f) && !kept.has(filterKey(f)));
  if (bad >= 0) throw badRequest(nonRenderableFilterMessage(bad));
}

function fields(input: SavedSearchInput): Omit<StoredSavedSearch, "id" | "createdAt" | "updatedAt"> {
  return {
    name: input.name,
    sourceId: input.sourceId,
    select: input.select,
    where: input.where,
    whereLanguage: input.whereLanguage,
    orderBy: input.orderBy,
    tags: input.tags,
    filters: input.filters,
  };
}

/** Creates a saved search. */
export function createSavedSearch(store: StackStore, input: SavedSearchInput, now: string): StoredSavedSearch {
  checkSource(store, input);
  checkFilters(input);
  const saved: StoredSavedSearch = { id: documentId(), ...fields(input), createdAt: now, updatedAt: now };
  store.savedSearches.set(saved.id, saved);
  return saved;
}

/** Replaces a saved search. */
export function replaceSavedSearch(store: StackStore, id: string, input: SavedSearchInput, now: string): StoredSavedSearch {
  checkSource(store, input);
  const current = getSavedSearch(store, id);
  checkFilters(input, current.filters);
  const next: StoredSavedSearch = { ...current, ...fields(input), updatedAt: now };
  store.savedSearches.set(id, next);
  return next;
}

/** Deletes a saved search and the alerts on it. */
export function deleteSavedSearch(store: StackStore, id: string): void {
  getSavedSearch(store, id);
  for (const [alertId, alert] of store.alerts) if (alert.savedSearchId === id) store.alerts.delete(alertId);
  store.savedSearches.delete(id);
}

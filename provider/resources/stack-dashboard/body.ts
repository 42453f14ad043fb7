import type { StackDashboardRecord } from "./record";
import { stackDashboardPolicy, type DashboardInputs, type DashboardOutputs } from "./policy";
import { randomBytes } from "node:crypto";
import { dropUndefined } from "../../engine/canonical";
import { readBackFields } from "../../engine/read-back";
import { carryTileIds, projectTiles, tileIdMap, uniqueTags } from "./tiles";
import { isObj, type Obj } from "../../schemas/plain-object";

/**
 * The body of a POST or PUT: name, tags (always sent, so removing the last tag clears them) and
 * the whole tile list, each tile with the id its key had in `previousTiles` (none on create).
 * Never a top-level `id`, never a tile `key` (the server does not know keys). Pure.
 */
export function dashboardBody(inputs: DashboardInputs, previous?: { tiles?: unknown; filters?: unknown }): Obj {
  const tiles = Array.isArray(inputs.tiles) ? inputs.tiles : [];
  const body: Record<BodyField, unknown> = {
    name: inputs.name,
    tiles: carryTileIds(tiles, previous?.tiles),
    tags: uniqueTags(inputs.tags),
    filters: carryFilterIds(inputs.filters, previous?.filters, previous ? freshFilterId : undefined),
    savedQuery: inputs.savedQuery ?? null,
    savedQueryLanguage: inputs.savedQueryLanguage,
    savedFilterValues: inputs.savedFilterValues ?? [],
    containers: inputs.containers ?? [],
  };
  return dropUndefined(body);
}

/**
 * The `filters` of a body. The server gives each filter an id; a POST must not carry one and a
 * PUT must carry one on every filter: each filter gets the id its name had in the last stored
 * state, else `newId()` (a PUT) or none (a POST). A 2.0.0 server ignores filters.
 */
export function carryFilterIds(filters: unknown, previous: unknown, newId?: () => string): Obj[] {
  const ids = new Map<string, string>();
  for (const f of Array.isArray(previous) ? previous : []) if (isObj(f) && typeof f.name === "string" && typeof f.id === "string") ids.set(f.name, f.id);
  return (Array.isArray(filters) ? filters : []).filter(isObj).map(({ id: _id, ...f }) => {
    const id = (typeof f.name === "string" ? ids.get(f.name) : undefined) ?? newId?.();
    return id === undefined ? f : { id, ...f };
  });
}

/** A fresh filter id, for a filter a PUT adds (the server keeps it, or gives its own). */
const freshFilterId = (): string => randomBytes(12).toString("hex");

/** Filters without the server's ids, for comparing with the program's. */
export function filtersWithoutIds(filters: unknown): unknown {
  return Array.isArray(filters) ? (filters as unknown[]).map((f) => (isObj(f) ? { ...f, id: undefined } : f)) : filters;
}

/** Saved filter values as the server keeps them: `type` filled in (`sql`), for comparing with the program's. */
export function savedFilterValuesTyped(values: unknown): unknown {
  return Array.isArray(values) ? (values as unknown[]).map((v) => (isObj(v) ? { type: "sql", ...v } : v)) : values;
}

/** The fields the dashboard policy sends in a body; a new one does not compile above until it is sent. */
type BodyField = {
  [K in keyof typeof stackDashboardPolicy]: (typeof stackDashboardPolicy)[K] extends { sent: string } ? never : K;
}[keyof typeof stackDashboardPolicy];

/**
 * The outputs of a dashboard: the API's answer read back by the policy, each tile with its key
 * (from `sentTiles`, the program's tiles in the order sent, or from `previousTiles` by id),
 * `tileIds` (key -> id), and the target carried from `carried`. Pure.
 */
export function dashboardOutputs(
  api: StackDashboardRecord,
  carried: DashboardInputs | DashboardOutputs,
  sentTiles: readonly unknown[] | undefined,
  previousTiles: unknown,
): DashboardOutputs {
  const tiles = projectTiles(api.tiles ?? [], sentTiles, previousTiles);
  return dropUndefined({
    ...readBackFields(stackDashboardPolicy, api, carried),
    tiles,
    tileIds: tileIdMap(tiles),
    tags: uniqueTags(api.tags),
  }) as DashboardOutputs;
}

import type { FieldPolicy } from "./field-policy";
import type { StackDashboardInput } from "./stack-dashboard";
import { stackObjectPolicy, type StackPatch } from "./stack-target";

const put = { change: "update", patch: "put" } as const;

/**
 * Every field of a dashboard and its life cycle. The PUT takes the name, the tags, the whole
 * tile list and (current servers) the filters, saved query, saved filter values and containers,
 * so all of them change in place; the server picks `savedQueryLanguage` when left out (tiles
 * are compared tile by tile, by key); only a move to another stack needs a new dashboard.
 */
export const stackDashboardPolicy = {
  name: put,
  tiles: put,
  tags: { ...put, empty: [] },
  filters: put,
  savedQuery: put,
  savedQueryLanguage: { ...put, serverDefault: true },
  savedFilterValues: put,
  containers: put,
  ...stackObjectPolicy,
} as const satisfies FieldPolicy<StackDashboardInput, StackPatch>;

/** Outputs of the provider's own: tile ids by key, worked out from the tiles. */
export const dashboardServerOutputs = ["tileIds"] as const;

/**
 * Fields only the current servers take (notes: "Server generations"); a first-generation
 * server drops them silently, so the provider refuses them there instead.
 */
export const currentOnlyDashboardFields = ["filters", "savedQuery", "savedQueryLanguage", "savedFilterValues", "containers"] as const;

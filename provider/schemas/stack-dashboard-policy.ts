import type { FieldPolicy } from "./field-policy";
import type { StackDashboardInput } from "./stack-dashboard";
import { stackObjectPolicy, type StackPatch } from "./stack-target";

const put = { change: "update", patch: "put" } as const;

/**
 * Every field of a dashboard and its life cycle. The PUT takes the name, the tags and the whole
 * tile list, so all of them change in place (tiles are compared tile by tile, by key); only a
 * move to another stack needs a new dashboard.
 */
export const stackDashboardPolicy = {
  name: put,
  tiles: put,
  tags: { ...put, empty: [] },
  ...stackObjectPolicy,
} as const satisfies FieldPolicy<StackDashboardInput, StackPatch>;

/** Outputs of the provider's own: tile ids by key, worked out from the tiles. */
export const dashboardServerOutputs = ["tileIds"] as const;

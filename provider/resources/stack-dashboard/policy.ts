import { z } from "zod";
import { computed, computedKeys, type ComputedFields, type FieldPolicy, type StoredAs } from "../../schemas/field-policy";
import { stackTileOutput, type StackDashboardInput, type StackTileOutput } from "./schema";
import { filled, serverDefault } from "../../schemas/field-rules";
import { put, stackObjectPolicy, type StackPatch } from "../../schemas/stack-target";
import { tilePolicy } from "./tile-policy";

/**
 * Every field of a dashboard and its life cycle. The PUT takes the name, the tags, the whole
 * tile list and (current servers) the filters, saved query, saved filter values and containers,
 * so all of them change in place; the server picks `savedQueryLanguage` when left out (tiles
 * are compared tile by tile, by key); only a move to another stack needs a new dashboard.
 */
export const stackDashboardPolicy = {
  name: filled(put),
  /** The tiles as the server stores them, each with its `id` and its `key`. */
  tiles: { ...put, items: tilePolicy, output: z.array(stackTileOutput) },
  tags: { ...put, empty: [] },
  filters: put,
  savedQuery: put,
  savedQueryLanguage: serverDefault(put),
  savedFilterValues: put,
  containers: put,
  ...stackObjectPolicy,
} as const satisfies FieldPolicy<StackDashboardInput, StackPatch>;

/** Outputs of the provider's own, worked out from the tiles. */
export const dashboardComputed = {
  /** Tile id by tile key (`key`, else `name`): `board.tileIds["Errors"]`. */
  tileIds: computed(z.record(z.string())),
  /**
   * Tiles the program removed that the server still holds, because alerts watched them at the
   * update: never in `tiles` nor `tileIds`; removed by the first `up` after no alert watches them. Absent when none.
   */
  pendingTiles: computed(z.array(stackTileOutput).optional()),
} satisfies ComputedFields;

export const dashboardServerOutputs = computedKeys(dashboardComputed);

/**
 * Fields only the current servers take (notes: "Server generations"); a first-generation
 * server drops them silently, so the provider refuses them there instead.
 */
export const currentOnlyDashboardFields = ["filters", "savedQuery", "savedQueryLanguage", "savedFilterValues", "containers"] as const;

/** A dashboard's properties as the engine holds them: the program's spec and the serialized provider. */
export type DashboardInputs = StackDashboardInput & { __provider?: string };

/** A dashboard's outputs: as the server stores it, tiles with their ids and keys (the policy's `tiles.output`). */
export type DashboardOutputs = StoredAs<DashboardInputs, typeof stackDashboardPolicy> & {
  /** Tile id by tile key. */
  tileIds: Record<string, string>;
  /**
   * Tiles the program removed that the server still holds, because alerts watched them at the
   * update (see `./pending-tiles.ts`): never in `tiles` nor `tileIds`. Absent when none.
   */
  pendingTiles?: StackTileOutput[];
};

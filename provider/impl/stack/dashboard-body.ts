import type { StackDashboardRecord } from "../../schemas/stack-dashboard";
import { dropUndefined } from "../canonical";
import { targetFields } from "./target";
import { carryTileIds, projectTiles, tileIdMap, uniqueTags } from "./tiles";

type Obj = Record<string, unknown>;

/**
 * The body of a POST or PUT: name, tags (always sent, so removing the last tag clears them) and
 * the whole tile list, each tile with the id its key had in `previousTiles` (none on create).
 * Never a top-level `id`, never a tile `key` (the server does not know keys). Pure.
 */
export function dashboardBody(inputs: Obj, previousTiles?: unknown): Obj {
  const tiles = Array.isArray(inputs.tiles) ? inputs.tiles : [];
  return { name: inputs.name, tiles: carryTileIds(tiles, previousTiles), tags: uniqueTags(inputs.tags) };
}

/**
 * The outputs of a dashboard: the API's answer with each tile's key (from `sentTiles`, the
 * program's tiles in the order sent, or from `previousTiles` by id), `tileIds` (key -> id), and
 * the target carried from `carried`. Pure.
 */
export function dashboardOutputs(api: StackDashboardRecord, carried: Obj, sentTiles: readonly unknown[] | undefined, previousTiles: unknown): Obj {
  const tiles = projectTiles(api.tiles ?? [], sentTiles, previousTiles);
  return dropUndefined({
    name: api.name ?? undefined,
    tiles,
    tileIds: tileIdMap(tiles),
    tags: uniqueTags(api.tags),
    ...targetFields(carried),
  });
}

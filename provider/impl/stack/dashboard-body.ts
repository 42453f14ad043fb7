import type { StackDashboardRecord } from "../../schemas/stack-dashboard";
import { stackDashboardPolicy } from "../../schemas/stack-dashboard-policy";
import { dropUndefined } from "../canonical";
import type { DashboardInputs, DashboardOutputs } from "../../schemas/stack-props";
import { readBackFields } from "../read-back";
import { carryTileIds, projectTiles, tileIdMap, uniqueTags } from "./tiles";

type Obj = Record<string, unknown>;

/**
 * The body of a POST or PUT: name, tags (always sent, so removing the last tag clears them) and
 * the whole tile list, each tile with the id its key had in `previousTiles` (none on create).
 * Never a top-level `id`, never a tile `key` (the server does not know keys). Pure.
 */
export function dashboardBody(inputs: DashboardInputs, previousTiles?: unknown): Obj {
  const tiles = Array.isArray(inputs.tiles) ? inputs.tiles : [];
  const body: Record<BodyField, unknown> = { name: inputs.name, tiles: carryTileIds(tiles, previousTiles), tags: uniqueTags(inputs.tags) };
  return body;
}

/** The fields the dashboard policy sends in a body; a new one does not compile above until it is sent. */
type BodyField = { [K in keyof typeof stackDashboardPolicy]: (typeof stackDashboardPolicy)[K] extends { sent: string } ? never : K }[keyof typeof stackDashboardPolicy];

/**
 * The outputs of a dashboard: the API's answer read back by the policy, each tile with its key
 * (from `sentTiles`, the program's tiles in the order sent, or from `previousTiles` by id),
 * `tileIds` (key -> id), and the target carried from `carried`. Pure.
 */
export function dashboardOutputs(api: StackDashboardRecord, carried: DashboardInputs | DashboardOutputs, sentTiles: readonly unknown[] | undefined, previousTiles: unknown): DashboardOutputs {
  const tiles = projectTiles(api.tiles ?? [], sentTiles, previousTiles);
  return dropUndefined({
    ...readBackFields(stackDashboardPolicy, api, carried),
    tiles,
    tileIds: tileIdMap(tiles),
    tags: uniqueTags(api.tags),
  }) as DashboardOutputs;
}

import { SHOWN_ID_FORM } from "../../errors/printable";
import type { StackTarget } from "../../client/stack-target";
import type { DashboardInputs } from "./policy";
import { isObj } from "../../schemas/plain-object";
import { InvalidArgumentError } from "../../errors/operation-errors";
import { stackGeneration, type StackGeneration } from "../../engine/stack/generation";
import { literal } from "../../schemas/whole-text";

/**
 * A table series' `sortOrder` on a current stack server (API 2.36): the server drops it from a
 * series without `field`, and never answers it with one (its answer is the `config` form). The
 * state keeps the program's value, so a preview is clean whatever the server holds: without
 * `field` that would hide that the setting has no effect (refused before any write), with one it
 * is write-only (said at preview). A first-generation server (2.0.0) has no series `sortOrder`:
 * refused there in every series.
 */

/** One `sortOrder` the program's tiles set: its property path, and whether its series has a field. */
export interface SortOrderUse {
  property: string;
  withField: boolean;
}

/** Every `sortOrder` the tiles set, with its path `tiles[i].series[j].sortOrder`. Pure. */
export function sortOrderUses(tiles: unknown): SortOrderUse[] {
  if (!Array.isArray(tiles)) return [];
  return tiles.flatMap((tile, i) => {
    const series: unknown[] = isObj(tile) && Array.isArray(tile.series) ? tile.series : [];
    return series.flatMap((s, j) =>
      isObj(s) && typeof s.sortOrder === "string"
        ? [{ property: `tiles[${i}].series[${j}].sortOrder`, withField: typeof s.field === "string" && s.field !== "" }]
        : [],
    );
  });
}

const DROPPED = {
  current: "a current stack server (API 2.36) drops `sortOrder` from a series without `field`, so it would have no effect while the state kept it",
  first: "a first-generation stack server (API 2.0) has no series `sortOrder` and drops it, so it would have no effect while the state kept it",
} as const;
const REMEDY = { current: "give the series a `field`, or remove `sortOrder`", first: "remove `sortOrder`, or use a current server" } as const;
const WRITE_ONLY = "a current stack server (API 2.36) takes `sortOrder` but never answers it: it is write-only, so a change made outside Pulumi cannot be seen";

/** The uses the target's generation drops, and the generation; asked only when a `sortOrder` is set (then once per process and target). */
async function droppedOn(target: StackTarget, uses: readonly SortOrderUse[]): Promise<{ generation?: StackGeneration; dropped: SortOrderUse[] }> {
  if (uses.length === 0) return { dropped: [] };
  const generation = await stackGeneration(target);
  return { generation, dropped: generation === "first" ? [...uses] : uses.filter((u) => !u.withField) };
}

/** Refuses, before any write and with the property paths, a `sortOrder` the target's server would drop. */
export async function refuseDroppedSortOrder(target: StackTarget, inputs: DashboardInputs): Promise<void> {
  const { generation, dropped } = await droppedOn(target, sortOrderUses(inputs.tiles));
  if (generation === undefined || dropped.length === 0) return;
  throw new InvalidArgumentError(`${dropped.map((u) => u.property).join(", ")}: ${DROPPED[generation]}; ${REMEDY[generation]}`);
}

/** What a preview says of the program's `sortOrder`s: dropped ones are refused by `up`, kept ones on a current server are write-only. */
export async function sortOrderWarnings(target: StackTarget, inputs: DashboardInputs): Promise<string[]> {
  const uses = sortOrderUses(inputs.tiles);
  const { generation, dropped } = await droppedOn(target, uses);
  if (generation === undefined) return [];
  return uses.map((u) => sortOrderLine(u.property, generation, dropped.includes(u)));
}

/** One line of those: the property, and what the server does with it. Pure. */
export function sortOrderLine(property: string, generation: StackGeneration, dropped: boolean): string {
  return `${property}: ${dropped ? `${DROPPED[generation]}${REFUSED}` : WRITE_ONLY}`;
}

const REFUSED = ": `up` refuses it";

/** The form of those warnings as the engine sends them (`dashboard <id>: ...`): what the pull-request summary takes for this provider's own words. */
export const SORT_ORDER_WARNING_FORM = new RegExp(
  `^dashboard ${SHOWN_ID_FORM}: tiles\\[\\d+\\]\\.series\\[\\d+\\]\\.sortOrder: (?:${[...Object.values(DROPPED).map((d) => d + REFUSED), WRITE_ONLY].map(literal).join("|")})$`,
);

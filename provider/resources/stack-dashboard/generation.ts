import type { StackTarget } from "../../client/stack-target";
import { currentOnlyDashboardFields, type DashboardInputs } from "./policy";
import { canonical } from "../../engine/canonical";
import { stackGeneration, type StackGeneration } from "../../engine/stack/generation";
import { isObj } from "../../schemas/plain-object";
import { StackGenerationError } from "../../errors/operation-errors";

/** The current-only fields a dashboard sets (an empty list or a null query is not set). Pure. */
function currentOnlyDashboardGaps(inputs: DashboardInputs): string[] {
  return currentOnlyDashboardFields.filter((k) => canonical(inputs[k]) !== undefined && inputs[k] !== "");
}

/**
 * Refuses, before any write and naming them, the fields a first-generation server would drop
 * (it stores none of them, so every later preview would show them as a change). The server's
 * generation is asked only when such a field is set: a dashboard without them costs no request.
 */
export async function refuseOnFirstGeneration(target: StackTarget, inputs: DashboardInputs): Promise<void> {
  const gaps = currentOnlyDashboardGaps(inputs);
  if (gaps.length === 0 || (await stackGeneration(target)) === "current") return;
  throw new StackGenerationError(
    `this stack server speaks the first generation of the stack API, which has no dashboard ${gaps.join(", ")}: it would drop them; remove them, or use a current server (API 2.36 or later)`,
  );
}

/**
 * The generation a dashboard as a server answered it shows (notes: "Server generations"): tiles in
 * the `config` form, or series naming a `sourceId` alone, come only from current servers (2.14 on);
 * series naming a `dataSource` alone only from the first. Undefined when its tiles say neither (no
 * tiles, markdown alone, or both fields). Pure.
 */
export function dashboardGeneration(dashboard: unknown): StackGeneration | undefined {
  const tiles = isObj(dashboard) && Array.isArray(dashboard.tiles) ? dashboard.tiles.filter(isObj) : [];
  let seen: StackGeneration | undefined;
  for (const tile of tiles) {
    const series = Array.isArray(tile.series) ? tile.series.filter(isObj) : [];
    const says: (StackGeneration | undefined)[] = isObj(tile.config)
      ? ["current"]
      : series.map((s) =>
          s.sourceId !== undefined && s.dataSource === undefined ? "current" : s.dataSource !== undefined && s.sourceId === undefined ? "first" : undefined,
        );
    for (const g of says) {
      if (g === undefined) continue;
      if (seen !== undefined && seen !== g) return undefined;
      seen = g;
    }
  }
  return seen;
}

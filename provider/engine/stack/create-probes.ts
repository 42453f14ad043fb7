import type { StackTarget } from "../../client/stack-target";
import type { CheckFailure } from "../../schemas/check-failures";
import type { AlertInputs } from "./props";
import type { CreateProbe } from "../create-gate";
import { tileOnLive } from "../../resources/stack-alert/tile";
import { stackCollection, type StackKind } from "./api";
import { sharedObject } from "../shared-list";
import { TARGET_KEYS, targetOf } from "./target";

/**
 * The one read of a stack object's create in `check` (see create-gate.ts): the collection the
 * create will POST to (its credentials and route), or for a tile alert the dashboard the create
 * reads first (its tile must exist and carry alerts).
 */
export function collectionProbe<I extends object>(kind: StackKind): CreateProbe<I> {
  return {
    needs: TARGET_KEYS,
    adopts: (inputs) => typeof (inputs as { adoptId?: unknown }).adoptId === "string",
    probe: async (inputs) => {
      await listed(targetOf(inputs), kind);
      return [];
    },
  };
}

/**
 * The run's one read of the collection's first page, shared by every create's `check` (see
 * `../shared-list`): it proves the credentials and the route; the objects in it are not needed.
 */
async function listed(t: StackTarget, kind: StackKind): Promise<void> {
  const { client, path } = stackCollection(t, kind);
  await sharedObject(client, path, () => client.get<unknown>(path));
}

/** A tile alert: its dashboard read once, its tile found and alertable; other alerts: the alerts collection. */
export const alertProbe: CreateProbe<AlertInputs> = {
  needs: [...TARGET_KEYS, "source", "dashboardId", "tile", "tileId"],
  adopts: (inputs) => typeof inputs.adoptId === "string",
  async probe(inputs): Promise<CheckFailure[]> {
    const t = targetOf(inputs);
    if (inputs.source !== "tile" || typeof inputs.dashboardId !== "string") {
      await listed(t, "alerts");
      return [];
    }
    const { found } = await tileOnLive(t, inputs.dashboardId, { tileId: inputs.tileId, tile: inputs.tile });
    if (found === undefined)
      return [{ property: "dashboardId", reason: `there is no dashboard ${inputs.dashboardId} on ${t.key} (a tile alert needs its dashboard)` }];
    return "property" in found ? [found] : [];
  },
};

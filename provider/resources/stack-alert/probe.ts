import type { CreateProbe } from "../../engine/create-gate";
import { listed } from "../../engine/stack/create-probes";
import { TARGET_KEYS, targetOf } from "../../engine/stack/target";
import type { CheckFailure } from "../../schemas/check-failures";
import { alerts } from "./api";
import type { AlertInputs } from "./policy";
import { tileOnLive } from "../stack-dashboard/alert-tile";

/**
 * An alert create's gate read in `check` (see create-gate.ts): for a tile alert its dashboard
 * (the run's shared read, read again when that one lacks the tile: see `tileOnLive`), its tile
 * found and alertable; for other alerts the alerts collection.
 */
export const alertProbe: CreateProbe<AlertInputs> = {
  needs: [...TARGET_KEYS, "source", "dashboardId", "tile", "tileId"],
  adopts: (inputs) => typeof inputs.adoptId === "string",
  async probe(inputs): Promise<CheckFailure[]> {
    const t = targetOf(inputs);
    if (inputs.source !== "tile" || typeof inputs.dashboardId !== "string") {
      await listed(t, alerts);
      return [];
    }
    const { found } = await tileOnLive(t, inputs.dashboardId, { tileId: inputs.tileId, tile: inputs.tile });
    if (found === undefined)
      return [{ property: "dashboardId", reason: `there is no dashboard ${inputs.dashboardId} on ${t.key} (a tile alert needs its dashboard)` }];
    return "property" in found ? [found] : [];
  },
};

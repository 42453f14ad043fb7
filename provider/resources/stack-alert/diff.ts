import { alertServerOutputs, retiredAlertOutputs, stackAlertPolicy } from "./policy";
import { isSearchSource } from "./schema";
import type { DiffSpec } from "../../engine/field-diff";
import type { Obj } from "../../schemas/plain-object";

/**
 * How an alert is diffed: by the alert policy; the server's own outputs (state, team,
 * timestamps, ...) and the retired output keys of older states never count, and a field the policy does not name needs a new alert.
 */
export const alertDiff: DiffSpec = {
  fields: stackAlertPolicy,
  outputsOnly: ["id", ...alertServerOutputs, ...retiredAlertOutputs],
  unlisted: "replace",
  // The contract's `search` and the servers' `saved_search` are the same source.
  // `""` is no name, as the server answers for an alert without one.
  normalise: { source: (v) => (isSearchSource(v) ? "saved_search" : v), name: (v) => (v === "" ? undefined : v) },
};

/**
 * The new inputs as compared: an alert that names its tile by `tile` (its name) carries the
 * tile id of the old outputs while `tile` and `dashboardId` are the same, so a preview in
 * which only the dashboard changes (its tile ids not known yet) shows no alert change. Pure.
 */
export function withKnownTileId<N extends object>(olds: object, news: N): N {
  const o = olds as Obj;
  const n = news as Obj;
  if (typeof n.tile !== "string" || n.tileId !== undefined || o.tile !== n.tile || o.dashboardId !== n.dashboardId || typeof o.tileId !== "string") return news;
  return { ...news, tileId: o.tileId };
}

import { alertServerOutputs, retiredAlertOutputs, stackAlertPolicy } from "../../schemas/stack-alert-policy";
import type { DiffSpec } from "../field-diff";

/**
 * How an alert is diffed: by the alert policy; the server's own outputs (state, team,
 * timestamps, ...) and the retired output keys of older states never count, and a field the policy does not name needs a new alert.
 */
export const alertDiff: DiffSpec = {
  fields: stackAlertPolicy,
  outputsOnly: ["id", ...alertServerOutputs, ...retiredAlertOutputs],
  unlisted: "replace",
};

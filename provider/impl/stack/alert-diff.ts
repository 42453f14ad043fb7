import type { DiffTable } from "../field-diff";
import { fieldChanges } from "../field-diff";

/**
 * What a change of each alert field means. The PUT takes the whole alert body, dashboard and
 * tile included, so every field the program writes updates in place (the server checks that a
 * new dashboard and tile exist); only a move to another stack needs a new alert.
 */
export const alertRules: DiffTable["rules"] = [
  { pattern: "stackUrl", kind: "replace" },
  { pattern: "organizationId", kind: "replace" },
  { pattern: "serviceId", kind: "replace" },
  { pattern: "name", kind: "update" },
  { pattern: "message", kind: "update" },
  { pattern: "threshold", kind: "update" },
  { pattern: "interval", kind: "update" },
  { pattern: "thresholdType", kind: "update" },
  { pattern: "source", kind: "update" },
  { pattern: "channel", kind: "update" },
  { pattern: "channel.*", kind: "update" },
  { pattern: "dashboardId", kind: "update" },
  { pattern: "tileId", kind: "update" },
  { pattern: "savedSearchId", kind: "update" },
  { pattern: "groupBy", kind: "update" },
];

/** The alert's diff table: server-only outputs (state, team, timestamps, ...) never count. */
export const alertDiffTable: DiffTable = {
  rules: alertRules,
  containers: ["channel"],
  // adoptId only says where the object came from: changing or dropping it changes nothing.
  ignore: ["id", "adoptId", "state", "team", "dashboard", "savedSearch", "silenced", "createdAt", "updatedAt"],
};

/** Field-by-field changes between an alert's old outputs and its new (checked) inputs. Pure. */
export function alertChanges(olds: Record<string, unknown>, news: Record<string, unknown>) {
  return fieldChanges(olds, news, alertDiffTable);
}

import type { FieldPolicy } from "./field-policy";
import type { StackAlertInput } from "./stack-alert";
import { stackObjectPolicy, type StackPatch } from "./stack-target";

const put = { change: "update", patch: "put" } as const;

/**
 * Every field of an alert and its life cycle. The PUT takes the whole alert body, dashboard and
 * tile included, so every field the program writes changes in place (the server checks that a
 * new dashboard and tile exist); only a move to another stack needs a new alert.
 */
export const stackAlertPolicy = {
  name: put,
  message: put,
  threshold: put,
  interval: put,
  thresholdType: put,
  source: put,
  channel: { ...put, fields: { type: put, webhookId: put } },
  dashboardId: { ...put, answerKey: "dashboard" },
  tileId: put,
  savedSearchId: { ...put, answerKey: "savedSearch" },
  groupBy: put,
  ...stackObjectPolicy,
} as const satisfies FieldPolicy<StackAlertInput, StackPatch>;

/** Outputs of the server's own: read from every answer, never the program's to compare. */
export const alertServerOutputs = ["state", "team", "silenced", "createdAt", "updatedAt"] as const;

/**
 * Output keys older versions wrote beside `dashboardId` and `savedSearchId`, holding the same
 * values. States still have them until the next update or refresh; they are never a change.
 */
export const retiredAlertOutputs = ["dashboard", "savedSearch"] as const;

import { z } from "zod";
import { computed, computedKeys, type ComputedFields, type FieldPolicy, type ComputedOutputs } from "../../schemas/field-policy";
import type { StackAlertInput } from "./schema";
import { alertChannelPolicy } from "./channel";
import { changed, filled, writeOnly } from "../../schemas/field-rules";
import { put, stackObjectPolicy, type StackPatch } from "../../schemas/stack-target";
import { serverStamps } from "../../schemas/server-stamps";

/**
 * Every field of an alert and its life cycle. The PUT takes the whole alert body, dashboard and
 * tile included, so every field the program writes changes in place (the server checks that a
 * new dashboard and tile exist); only a move to another stack needs a new alert.
 */
export const stackAlertPolicy = {
  name: filled(put),
  message: put,
  note: put,
  threshold: put,
  thresholdMax: put,
  interval: put,
  thresholdType: put,
  source: put,
  channel: { ...put, ...alertChannelPolicy },
  channels: { ...put, items: alertChannelPolicy },
  numConsecutiveWindows: put,
  scheduleOffsetMinutes: put,
  scheduleStartAt: put,
  dashboardId: put,
  tileId: put,
  // The tile's name: resolved to `tileId` when applied, never sent itself.
  tile: writeOnly({ ...changed, sent: "never" }),
  savedSearchId: put,
  groupBy: put,
  ...stackObjectPolicy,
} as const satisfies FieldPolicy<StackAlertInput, StackPatch>;

/** Outputs of the server's own: read from every answer, never the program's to compare. */
export const alertComputed = {
  /** `inactive` (first generation) or `OK` (current servers) when new; then as the server evaluates it. */
  state: computed(z.string()),
  /** Team that owns the alert. */
  team: computed(z.string().optional()),
  /** Whether the alert is silenced. */
  silenced: computed(z.boolean().optional()),
  ...serverStamps,
} satisfies ComputedFields;

export const alertServerOutputs = computedKeys(alertComputed);

/**
 * Output keys older versions wrote beside `dashboardId` and `savedSearchId`, holding the same
 * values. States still have them until the next update or refresh; they are never a change.
 */
export const retiredAlertOutputs = ["dashboard", "savedSearch"] as const;

/**
 * Fields only the current servers take (notes: "Server generations"); a first-generation
 * server drops them silently, so the provider refuses them there instead.
 */
export const currentOnlyAlertFields = ["note", "thresholdMax", "numConsecutiveWindows", "scheduleOffsetMinutes", "scheduleStartAt"] as const;

/** An alert's properties as the engine holds them: the program's spec and the serialized provider. */
export type AlertInputs = StackAlertInput & { __provider?: string };

/** An alert's outputs: its inputs as the server reads them back, and the server's own fields. */
export type AlertOutputs = AlertInputs & ComputedOutputs<typeof alertComputed>;

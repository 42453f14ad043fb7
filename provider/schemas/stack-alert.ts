import { z } from "zod";
import type { CheckFailure } from "./check-failures";
import { stackObjectFields } from "./stack-target";
import { isUnknown } from "./unknown";

/** How often an alert is evaluated. */
export const alertIntervals = ["1m", "5m", "15m", "30m", "1h", "6h", "12h", "1d"] as const;

const text = z.string().min(1, "must not be empty");

/** Where a firing alert is sent: a webhook configured on the stack, by id. */
export const webhookChannel = z
  .object({
    type: z.literal("webhook"),
    /** Id of the webhook on the stack. */
    webhookId: z.string({ required_error: "is required for a webhook channel" }).min(1, "is required for a webhook channel"),
  })
  .strict();

/** An alert's channel, by `type` (only `webhook` so far). */
export const alertChannel = z.discriminatedUnion("type", [webhookChannel]);

/** An alert as the program describes it; the PUT of an update sends all of it. */
export const stackAlertSpec = z
  .object({
    /** Alert name, 1-512 characters. @default the resource name */
    name: text.max(512, "must be at most 512 characters").optional(),
    /** Text sent with a firing alert, 1-4096 characters. */
    message: text.max(4096, "must be at most 4096 characters").optional(),
    /** The value the query is compared with. */
    threshold: z.number().finite("must be a finite number"),
    /** Evaluation interval: one of `1m 5m 15m 30m 1h 6h 12h 1d`. */
    interval: z.enum(alertIntervals),
    /** Fire when the value is `above` or `below` the threshold. */
    thresholdType: z.enum(["above", "below"]),
    /** `tile`: watches a dashboard tile (needs `dashboardId` and `tileId`); `search`: a saved search. */
    source: z.enum(["tile", "search"]),
    channel: alertChannel,
    /** Dashboard of a tile alert, e.g. `board.id`. */
    dashboardId: text.optional(),
    /** Tile of a tile alert, e.g. `board.tileIds["Errors"]`. */
    tileId: text.optional(),
    /** Saved search of a search alert (on servers that accept it). */
    savedSearchId: text.optional(),
    /** Attribute a search alert groups by (on servers that accept it). */
    groupBy: text.optional(),
    ...stackObjectFields,
  })
  .strict();

export type StackAlertInput = z.input<typeof stackAlertSpec>;
export type StackAlertSpec = z.output<typeof stackAlertSpec>;
export type AlertChannel = z.output<typeof alertChannel>;

type Obj = Record<string, unknown>;

/**
 * What each source needs and refuses: a tile alert names its dashboard and tile, a search alert
 * names neither. Over the raw input, so a value not known yet passes. Pure.
 */
export function alertRuleFailures(input: unknown): CheckFailure[] {
  if (input === null || typeof input !== "object" || Array.isArray(input)) return [];
  const a = input as Obj;
  const failures: CheckFailure[] = [];
  if (a.source === "tile") {
    for (const key of ["dashboardId", "tileId"] as const) {
      if (a[key] === undefined || a[key] === null) {
        const hint = key === "tileId" ? " (e.g. `board.tileIds[\"Errors\"]`; a tile removed from its dashboard takes its alerts with it)" : "";
        failures.push({ property: key, reason: `is required for a tile alert${hint}` });
      }
    }
    for (const key of ["savedSearchId", "groupBy"] as const) {
      if (a[key] !== undefined && a[key] !== null && !isUnknown(a[key])) failures.push({ property: key, reason: "is only taken by a search alert" });
    }
  } else if (a.source === "search") {
    for (const key of ["dashboardId", "tileId"] as const) {
      if (a[key] !== undefined && a[key] !== null && !isUnknown(a[key])) failures.push({ property: key, reason: "is only taken by a tile alert" });
    }
  }
  return failures;
}

/** Reads an id that the API returns as a string, or as an object with `id` / `_id`. */
const idRef = z.preprocess((v) => {
  if (v !== null && typeof v === "object") {
    const o = v as Obj;
    return typeof o.id === "string" ? o.id : typeof o._id === "string" ? o._id : undefined;
  }
  return v;
}, z.string().nullish());

/** An alert as the API returns it: `dashboard` (not `dashboardId`), server fields, timestamps. */
export const stackAlertRecord = z
  .object({
    id: z.string().min(1),
    name: z.string().nullish(),
    message: z.string().nullish(),
    threshold: z.number(),
    interval: z.string(),
    thresholdType: z.string(),
    source: z.string(),
    channel: z.object({ type: z.string(), webhookId: z.string().nullish() }).passthrough().nullish(),
    tileId: z.string().nullish(),
    /** Dashboard id of a tile alert. */
    dashboard: idRef,
    /** Saved search id of a search alert. */
    savedSearch: idRef,
    groupBy: z.string().nullish(),
    /** `inactive` when new; other values as the server evaluates. */
    state: z.string().nullish(),
    team: idRef,
    silenced: z.union([z.boolean(), z.object({}).passthrough()]).nullish(),
    createdAt: z.string().nullish(),
    updatedAt: z.string().nullish(),
  })
  .passthrough();

export type StackAlertRecord = z.output<typeof stackAlertRecord>;

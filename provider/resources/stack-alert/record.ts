import { z } from "zod";
import { computedRecord } from "../../schemas/field-policy";
import { alertComputed } from "./policy";
import type { Obj } from "../../schemas/plain-object";

/** Reads an id that the API returns as a string, or as an object with `id` / `_id`. */
const idRef = z.preprocess((v) => {
  if (v !== null && typeof v === "object") {
    const o = v as Obj;
    return typeof o.id === "string" ? o.id : typeof o._id === "string" ? o._id : undefined;
  }
  return v;
}, z.string().nullish());

/**
 * An alert as the API returns it, in either generation: the first names `team`, `dashboard`,
 * `savedSearch` and a boolean `silenced`; the current `teamId`, `dashboardId`, `savedSearchId`,
 * `channels` beside `channel`, and `silenced` as `{by, at, until}` when silenced.
 */
export const stackAlertRecord = z
  .object({
    id: z.string().min(1),
    name: z.string().nullish(),
    message: z.string().nullish(),
    note: z.string().nullish(),
    threshold: z.number(),
    thresholdMax: z.number().nullish(),
    interval: z.string(),
    thresholdType: z.string(),
    source: z.string(),
    channel: z.object({ type: z.string(), webhookId: z.string().nullish() }).passthrough().nullish(),
    channels: z.array(z.object({ type: z.string(), webhookId: z.string().nullish() }).passthrough()).nullish(),
    numConsecutiveWindows: z.number().nullish(),
    scheduleOffsetMinutes: z.number().nullish(),
    scheduleStartAt: z.string().nullish(),
    tileId: z.string().nullish(),
    /** Dashboard id of a tile alert (first generation). */
    dashboard: idRef,
    dashboardId: idRef,
    /** Saved search id of a saved-search alert (first generation). */
    savedSearch: idRef,
    savedSearchId: idRef,
    groupBy: z.string().nullish(),
    ...computedRecord(alertComputed),
    // Answered apart from the outputs: an id object (first generation), and `{by, at, until}` (current).
    team: idRef,
    teamId: idRef,
    silenced: z.union([z.boolean(), z.object({}).passthrough()]).nullish(),
  })
  .passthrough();

export type StackAlertRecord = z.output<typeof stackAlertRecord>;

import { z } from "zod";
import type { CheckFailure } from "../../schemas/check-failures";
import { pathId, tileId } from "../../schemas/refinements/ids";
import { stackObject } from "../../schemas/stack-target";
import { knownRepeats, knownToDiffer } from "../../schemas/known-repeats";
import { isUnknown } from "../../schemas/unknown";
import type { Obj } from "../../schemas/plain-object";
import { declaredIdentity } from "../../schemas/variants";
import { alertChannel, alertChannelPolicy } from "./channel";

/** How often an alert is evaluated. */
const alertIntervals = ["1m", "5m", "15m", "30m", "1h", "6h", "12h", "1d"] as const;

const text = z.string().min(1, "must not be empty");

/** Threshold types of the current servers (API 2.24 and later); the first generation takes `above` and `below` only. */
const thresholdTypes = ["above", "below", "above_exclusive", "below_or_equal", "equal", "not_equal", "between", "not_between"] as const;
/** The threshold types that compare with a range and need `thresholdMax`. */
export const rangeThresholdTypes: readonly string[] = ["between", "not_between"];

/**
 * What an alert watches: `tile` (a dashboard tile), `saved_search` (a saved search). `search`
 * is the contract's name for `saved_search` and means the same.
 */
const alertSources = ["tile", "saved_search", "search"] as const;

/** True for either spelling of a saved-search source. */
export const isSearchSource = (source: unknown): boolean => source === "saved_search" || source === "search";

/** An alert as the program describes it; the PUT of an update sends all of it. */
export const stackAlertSpec = stackObject({
  /** Alert name, at most 512 characters; `""`: no name (the server's alerts may have none). @default the resource name */
  name: z.string().max(512, "must be at most 512 characters").optional(),
  /** Text sent with a firing alert, 1-4096 characters. */
  message: text.max(4096, "must be at most 4096 characters").optional(),
  /** A note for whoever answers the alert, 1-4096 characters (current servers). */
  note: text.max(4096, "must be at most 4096 characters").optional(),
  /** The value the query is compared with (the lower bound of `between` / `not_between`). */
  threshold: z.number().finite("must be a finite number"),
  /** The upper bound of a `between` / `not_between` alert, at least `threshold`. */
  thresholdMax: z.number().finite("must be a finite number").optional(),
  /** Evaluation interval: one of `1m 5m 15m 30m 1h 6h 12h 1d`. */
  interval: z.enum(alertIntervals),
  /** How the value is compared: `above`, `below` (every server), or on current servers `above_exclusive`, `below_or_equal`, `equal`, `not_equal`, `between`, `not_between`. */
  thresholdType: z.enum(thresholdTypes),
  /** `tile`: watches a dashboard tile (needs `dashboardId` and `tileId` or `tile`); `saved_search` (or `search`): a saved search. */
  source: z.enum(alertSources),
  /** Where it is sent; give `channel` or `channels` (or both, `channel` first of `channels`). */
  channel: alertChannel.optional(),
  /** Up to 10 channels (current servers, API 2.36 and later). */
  channels: z.array(alertChannel).min(1, "must name at least one channel").max(10, "must name at most 10 channels").optional(),
  /** Windows in a row over the threshold before it fires, at least 1 (current servers). */
  numConsecutiveWindows: z.number().int("must be a whole number").min(1, "must be at least 1").optional(),
  /** Minutes after each interval boundary to evaluate, 0-1439 and less than the interval (current servers). */
  scheduleOffsetMinutes: z.number().int("must be a whole number").min(0, "must be at least 0").max(1439, "must be at most 1439").optional(),
  /** When evaluation windows start, an ISO date-time in UTC such as `2026-01-01T00:00:00Z` (current servers). */
  scheduleStartAt: z.string().datetime({ message: "must be an ISO date-time in UTC such as 2026-01-01T00:00:00Z" }).optional(),
  /** Dashboard of a tile alert, e.g. `board.id`. */
  dashboardId: pathId.optional(),
  /** Tile of a tile alert by id, e.g. `board.tileIds["Errors"]`. */
  tileId: text.pipe(tileId).optional(),
  /**
   * Tile of a tile alert by its name on the dashboard (`"Errors"`: its key, unless the tile
   * sets another `key`), resolved to its id when the alert is applied: a preview of a change
   * to the dashboard alone then leaves the alert unchanged. Exactly one tile must have it.
   */
  tile: text.optional(),
  /** Saved search of a saved-search alert, e.g. `search.id`. */
  savedSearchId: pathId.optional(),
  /** Attribute a saved-search alert groups by. */
  groupBy: text.optional(),
});

export type StackAlertInput = z.input<typeof stackAlertSpec>;

const given = (v: unknown) => v !== undefined && v !== null;
const known = (v: unknown) => given(v) && !isUnknown(v);
const INTERVAL_MINUTES: Record<string, number> = { "1m": 1, "5m": 5, "15m": 15, "30m": 30, "1h": 60, "6h": 360, "12h": 720, "1d": 1440 };
/** What makes two channels the same: the fields of their variant (see `alertChannelPolicy`). */
const channelIdentity = (c: unknown) => declaredIdentity(alertChannelPolicy, c);

/** What each source needs and refuses: a tile alert names its dashboard and one tile, a saved-search alert its search. */
function sourceFailures(a: Obj): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const only = (keys: readonly string[], reason: string) => {
    for (const key of keys) if (known(a[key])) failures.push({ property: key, reason });
  };
  if (a.source === "tile") {
    if (!given(a.dashboardId)) failures.push({ property: "dashboardId", reason: "is required for a tile alert" });
    if (given(a.tileId) && given(a.tile)) failures.push({ property: "tile", reason: "names the tile a second time: give `tileId` or `tile`, not both" });
    if (!given(a.tileId) && !given(a.tile)) {
      failures.push({
        property: "tileId",
        reason: 'is required for a tile alert (or `tile`, the tile\'s name: e.g. `tile: "Errors"`; a tile removed from its dashboard takes its alerts with it)',
      });
    }
    only(["savedSearchId", "groupBy"], "is only taken by a saved-search alert");
  } else if (isSearchSource(a.source)) {
    if (!given(a.savedSearchId))
      failures.push({ property: "savedSearchId", reason: "is required for a saved-search alert (e.g. `search.id` of a StackSavedSearch)" });
    only(["dashboardId", "tileId", "tile"], "is only taken by a tile alert");
  }
  return failures;
}

/** `channel` or `channels`, and when both, `channel` first of `channels`; no channel twice. */
function channelFailures(a: Obj): CheckFailure[] {
  if (!given(a.channel) && !given(a.channels)) return [{ property: "channel", reason: "is required (or `channels`, up to 10)" }];
  if (!Array.isArray(a.channels)) return [];
  // Values not known yet (a webhook made in this run) are compared with nothing: see `knownRepeats`.
  if (given(a.channel) && a.channels.length > 0 && knownToDiffer(a.channel, a.channels[0], channelIdentity)) {
    return [{ property: "channel", reason: "must be the first of `channels` when both are given" }];
  }
  const twice = knownRepeats(a.channels as unknown[], channelIdentity)[0];
  return twice ? [{ property: `channels[${twice.at}]`, reason: `names the channel of channels[${twice.first}] again` }] : [];
}

/** `thresholdMax` with the range types only, at least `threshold`; the schedule within one interval. */
function thresholdAndScheduleFailures(a: Obj): CheckFailure[] {
  const failures: CheckFailure[] = [];
  if (typeof a.thresholdType === "string" && rangeThresholdTypes.includes(a.thresholdType)) {
    if (!given(a.thresholdMax)) failures.push({ property: "thresholdMax", reason: `is required for thresholdType ${a.thresholdType}` });
    else if (typeof a.thresholdMax === "number" && typeof a.threshold === "number" && a.thresholdMax < a.threshold)
      failures.push({ property: "thresholdMax", reason: "must be at least `threshold`" });
  } else if (typeof a.thresholdType === "string" && known(a.thresholdMax)) {
    failures.push({ property: "thresholdMax", reason: "is only taken by thresholdType between or not_between" });
  }
  const offset = a.scheduleOffsetMinutes;
  if (typeof offset === "number" && offset > 0) {
    if (known(a.scheduleStartAt)) failures.push({ property: "scheduleOffsetMinutes", reason: "must be 0 when scheduleStartAt is given" });
    const minutes = typeof a.interval === "string" ? INTERVAL_MINUTES[a.interval] : undefined;
    if (minutes !== undefined && offset >= minutes)
      failures.push({ property: "scheduleOffsetMinutes", reason: `must be less than the interval (${minutes} minute${minutes === 1 ? "" : "s"})` });
  }
  return failures;
}

/**
 * The rules across an alert's fields, as the servers apply them, so that they fail at `check`
 * with a property path rather than as a 400 at `up`. Over the raw input, so a value not known
 * yet passes. Pure.
 */
export function alertRuleFailures(input: unknown): CheckFailure[] {
  if (input === null || typeof input !== "object" || Array.isArray(input)) return [];
  const a = input as Obj;
  return [...sourceFailures(a), ...channelFailures(a), ...thresholdAndScheduleFailures(a)];
}

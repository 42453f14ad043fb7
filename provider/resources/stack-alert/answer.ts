import { isSearchSource, rangeThresholdTypes } from "./schema";
import type { StackAlertRecord } from "./record";
import { alertServerOutputs, stackAlertPolicy } from "./policy";
import type { AlertInputs, AlertOutputs } from "./props";
import { dropUndefined } from "../../engine/canonical";
import { readBackFields, serverFields } from "../../engine/read-back";
import { isObj, type Obj } from "../../schemas/plain-object";

const sameInstant = (a: unknown, b: unknown) =>
  typeof a === "string" && typeof b === "string" && Date.parse(a) === Date.parse(b) && !Number.isNaN(Date.parse(a));

/**
 * An alert answer of either generation in the program's terms, so that what was written reads
 * back as written: `dashboard` / `dashboardId`, `savedSearch` / `savedSearchId` and `team` /
 * `teamId` as one name each; `search` and `saved_search` in the program's spelling; `channel`
 * and `channels` as the program gives them (both when the server holds more than one, so a
 * channel added elsewhere shows); `thresholdMax` only with a range type (a PUT keeps an old
 * one); a schedule offset of 0 the program left out dropped; a start at the same instant in
 * the program's spelling; `silenced` as a boolean. Pure.
 */
export function normalAlertAnswer(api: StackAlertRecord, carried: Obj): Obj {
  // Each channel is read back by its variant's fields (the policy's `channel` and `channels`).
  const list = api.channels && api.channels.length > 0 ? api.channels : api.channel ? [api.channel] : [];
  const wroteChannels = carried.channels !== undefined && carried.channels !== null;
  const wroteChannel = carried.channel !== undefined && carried.channel !== null;
  const source = isSearchSource(api.source) && isSearchSource(carried.source) ? carried.source : api.source;
  const offset = api.scheduleOffsetMinutes === 0 && carried.scheduleOffsetMinutes === undefined ? undefined : api.scheduleOffsetMinutes;
  return {
    ...api,
    source,
    dashboardId: api.dashboardId ?? api.dashboard,
    savedSearchId: api.savedSearchId ?? api.savedSearch,
    team: api.teamId ?? api.team,
    channel: wroteChannel || !wroteChannels ? list[0] : undefined,
    channels: wroteChannels || list.length > 1 ? list : undefined,
    thresholdMax: rangeThresholdTypes.includes(api.thresholdType) ? api.thresholdMax : undefined,
    scheduleOffsetMinutes: offset,
    scheduleStartAt: sameInstant(api.scheduleStartAt, carried.scheduleStartAt) ? carried.scheduleStartAt : api.scheduleStartAt,
    silenced: typeof api.silenced === "boolean" ? api.silenced : isObj(api.silenced),
  };
}

/**
 * The outputs of an alert: the answer in the shape the program writes (see
 * {@link normalAlertAnswer}), the server's own fields beside them, and the target and `tile`
 * carried from `carried` (inputs or old outputs). No `null`, no `undefined`. Pure.
 */
export function alertOutputs(api: StackAlertRecord, carried: AlertInputs): AlertOutputs {
  const answer = normalAlertAnswer(api, carried);
  return dropUndefined({ ...readBackFields(stackAlertPolicy, answer, carried), ...serverFields(alertServerOutputs, answer) }) as AlertOutputs;
}

import { bodyKeys, type PolicyTree } from "../../schemas/field-policy";
import { sentValue } from "../../schemas/variants";
import { isSearchSource, rangeThresholdTypes } from "./schema";
import { currentOnlyAlertFields, stackAlertPolicy, alertServerOutputs, type AlertInputs, type AlertOutputs } from "./policy";
import type { StackGeneration } from "../../engine/stack/generation";
import { type Obj, isObj } from "../../schemas/plain-object";
import { StackGenerationError } from "../../errors/operation-errors";
import type { StackAlertRecord } from "./record";
import { dropUndefined } from "../../engine/canonical";
import { readBackFields, serverFields } from "../../engine/read-back";

/** Fields of the alert request (contract row 6): every field the alert policy sends in a body. */
const POLICY: PolicyTree = stackAlertPolicy;
const REQUEST_FIELDS = bodyKeys(POLICY);
const FIRST_THRESHOLD_TYPES: readonly unknown[] = ["above", "below"];

/**
 * What a first-generation server would drop or refuse in an alert: the fields it does not know,
 * the threshold types it lacks, more than one channel. Pure.
 */
export function firstGenerationGaps(inputs: AlertInputs): string[] {
  const spec = inputs as Obj;
  const gaps: string[] = currentOnlyAlertFields.filter((k) => spec[k] !== undefined && spec[k] !== null);
  if (!FIRST_THRESHOLD_TYPES.includes(inputs.thresholdType)) gaps.push(`thresholdType ${inputs.thresholdType}`);
  if (Array.isArray(inputs.channels) && inputs.channels.length > 1) gaps.push("more than one of channels");
  return gaps;
}

/**
 * The body of a POST or of the PUT that replaces an alert, in the form of the server's
 * generation: every request field the program sets, nothing else (no `id`, no target fields,
 * not `tile`: its id comes as `tileId`, resolved by the caller). The first generation takes
 * `source: "search"` and one `channel`; the current one `saved_search`, `channels`, and an
 * explicit `scheduleStartAt: null` so that a start the program dropped is cleared (the PUT
 * keeps an omitted one). Throws, naming the fields, when a first-generation server cannot
 * hold what the program says. Pure.
 */
export function alertBody(inputs: AlertInputs, generation: StackGeneration, tileId: string | undefined = inputs.tileId): Obj {
  const spec: Obj = { ...inputs, tileId };
  const body: Obj = {};
  // Each field as its policy declares it: a channel carries its variant's fields.
  for (const k of REQUEST_FIELDS) if (spec[k] !== undefined && spec[k] !== null) body[k] = sentValue(POLICY[k], spec[k]);
  // `""` is no name: left out, so the PUT clears it.
  if (body.name === "") delete body.name;
  if (generation === "current") {
    if (isSearchSource(body.source)) body.source = "saved_search";
    body.scheduleStartAt ??= null;
    return body;
  }
  const gaps = firstGenerationGaps(inputs);
  if (gaps.length > 0) {
    throw new StackGenerationError(
      `this stack server speaks the first generation of the stack API, which has no ${gaps.join(", ")}: remove them, or use a current server (API 2.36 or later)`,
    );
  }
  if (isSearchSource(body.source)) body.source = "search";
  if (Array.isArray(body.channels)) {
    body.channel ??= body.channels[0];
    delete body.channels;
  }
  return body;
}

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

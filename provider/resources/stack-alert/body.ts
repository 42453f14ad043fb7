import { bodyKeys, type PolicyTree } from "../../schemas/field-policy";
import { sentValue } from "../../schemas/variants";
import { isSearchSource } from "./schema";
import { currentOnlyAlertFields, stackAlertPolicy } from "./policy";
import type { AlertInputs } from "./props";
import type { StackGeneration } from "../../engine/stack/generation";
import type { Obj } from "../../schemas/plain-object";
import { StackGenerationError } from "../../errors/operation-errors";

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

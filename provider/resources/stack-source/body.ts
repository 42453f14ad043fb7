import { bodyKeys } from "../../schemas/field-policy";
import { dropUndefined } from "../../engine/canonical";
import { readBackFields, serverFields } from "../../engine/read-back";
import type { Obj } from "../../schemas/plain-object";
import { LINK_FIELDS, sourceServerOutputs, stackSourcePolicy, type SourceInputs, type SourceOutputs } from "./policy";
import type { SourceRecord } from "./record";

const REQUEST_FIELDS = bodyKeys(stackSourcePolicy);

/** The wire name of a request field: the policy's `answerKey` where the server's name differs. Pure. */
const wireKey = (k: string): string => (stackSourcePolicy as Record<string, { answerKey?: string }>)[k]?.answerKey ?? k;

/** The metric tables whose wire key is no property name an SDK can carry (it holds a space). */
export const METRIC_TABLE_WIRE: Record<string, string> = { exponentialHistogram: "exponential histogram" };

/** `metricTables` with each key renamed by `names` (the other keys and any other value as they are). Pure. */
export function renamedTables(tables: unknown, names: Record<string, string>): unknown {
  if (typeof tables !== "object" || tables === null || Array.isArray(tables)) return tables;
  return Object.fromEntries(Object.entries(tables).map(([k, v]) => [Object.hasOwn(names, k) ? names[k] : k, v]));
}

const METRIC_TABLE_INPUT = Object.fromEntries(Object.entries(METRIC_TABLE_WIRE).map(([k, v]) => [v, k]));

/**
 * The body of a POST, or of the PUT that replaces a source: the request fields the program sets,
 * under their wire names. A link the program leaves out is the server's: `live` (the source as
 * the server holds it just before a PUT) gives it, so the full replace keeps it. Pure.
 */
export function sourceBody(inputs: SourceInputs, live?: SourceRecord): Obj {
  const spec = inputs as Obj;
  const body: Obj = {};
  for (const k of REQUEST_FIELDS) if (spec[k] !== undefined && spec[k] !== null) body[wireKey(k)] = spec[k];
  if (body.metricTables !== undefined) body.metricTables = renamedTables(body.metricTables, METRIC_TABLE_WIRE);
  for (const k of LINK_FIELDS) if (body[k] === undefined && typeof live?.[k] === "string" && live[k] !== "") body[k] = live[k];
  return body;
}

/** The outputs of a source: the answer's fields by the policy, the target carried. Pure. */
export function sourceOutputs(answer: SourceRecord, carried: SourceInputs): SourceOutputs {
  const api = answer.metricTables === undefined ? answer : { ...answer, metricTables: renamedTables(answer.metricTables, METRIC_TABLE_INPUT) };
  return dropUndefined({ ...readBackFields(stackSourcePolicy, api, carried), ...serverFields(sourceServerOutputs, api) }) as SourceOutputs;
}

/**
 * The body that writes back a source read from the server with one field changed (`value`
 * undefined: taken off): every field as read, but its id. Pure.
 */
export function rewritten(record: SourceRecord, field: string, value: string | undefined): Obj {
  const { id: _id, ...rest } = record as Obj;
  if (value === undefined) {
    const { [field]: _gone, ...others } = rest;
    return others;
  }
  return { ...rest, [field]: value };
}

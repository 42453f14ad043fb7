import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ZodTypeAny } from "zod";
import type { Settings } from "../config";
import { shorten, validate, type CheckFailure } from "../schemas/check-failures";
import { controlCharFailures } from "../schemas/refinements/control-chars";
import { depthFailures } from "../schemas/refinements/depth";
import { CONNECTION_KEY, connectionFailures } from "../schemas/connection";
import { settingsFor } from "./connection";
import { checkSettings } from "./engine-settings";
import type { Obj } from "../schemas/plain-object";

const PROVIDER_KEY = "__provider";

/** What one resource's `check` does beyond the shared steps. */
export interface CheckSteps {
  /** Writes into the inputs where the object lives, from the settings; returns why it cannot be chosen. */
  pin(settings: Settings | undefined, inputs: Obj): CheckFailure[];
  /** Top-level `null`s are dropped too (no top-level field of the schema takes one). @default false */
  dropNull?: boolean;
  /** The value validated, from the inputs without the serialized provider. @default those inputs */
  spec?(inputs: Obj): unknown;
  /** The schema the spec must fit (zod issues become failures with property paths). */
  schema: ZodTypeAny;
  /** Rules across fields, over the raw spec so they hold where a neighbour is invalid or unknown. */
  rules?(spec: unknown): CheckFailure[];
}

/**
 * The one `check` skeleton: the resource's `connection`, then settings (that connection over the
 * configured ones), then where the object lives, then the schema and the cross-field rules, then
 * characters no field may hold, every problem reported at once with its property path, before
 * any network call. Values not known yet pass. Never throws on bad input.
 */
export function checkInputs<I extends object>(news: I, steps: CheckSteps): dynamic.CheckResult<I> {
  const inputs: Obj = { ...(news as Obj) };
  // Too deep for any recursive step below (they would overflow the stack): reported alone.
  const tooDeep = depthFailures(inputs);
  if (tooDeep.length) return { inputs: news, failures: tooDeep };
  const failures: CheckFailure[] = [];
  if (inputs[CONNECTION_KEY] === null) delete inputs[CONNECTION_KEY];
  failures.push(...connectionFailures(inputs[CONNECTION_KEY]));
  const settings = checkSettings(failures);
  failures.push(...steps.pin(settings && settingsFor(inputs, settings), inputs));
  for (const k of Object.keys(inputs)) if (inputs[k] === undefined || (steps.dropNull && inputs[k] === null)) delete inputs[k];
  const { [PROVIDER_KEY]: _p, [CONNECTION_KEY]: _c, ...rest } = inputs;
  const spec = steps.spec ? steps.spec(rest) : rest;
  const result = validate(steps.schema, spec);
  if (!result.ok) failures.push(...result.failures);
  // Rules may echo values from anywhere in the spec: their reasons are kept short too.
  if (steps.rules) failures.push(...steps.rules(spec).map((f) => ({ ...f, reason: shorten(f.reason, 400) })));
  failures.push(...controlCharFailures(spec));
  return { inputs: inputs as unknown as I, failures };
}

import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ZodTypeAny } from "zod";
import { shorten, validate, type CheckFailure } from "../../schemas/check-failures";
import { controlCharFailures } from "../../schemas/refinements/control-chars";
import { stackUrlCredentialFailures } from "../../schemas/refinements/plain-credentials";
import { checkSettings } from "../engine-settings";
import { pinTarget } from "./target";

type Obj = Record<string, unknown>;
const PROVIDER_KEY = "__provider";

/**
 * `check` of a stack object: pins its stack into the inputs, then validates the shape (zod, with
 * property paths) and the cross-field rules, reporting every problem at once. Values not known
 * yet pass. Never throws on bad input.
 */
export function checkStackInputs(news: Obj, schema: ZodTypeAny, rules: (spec: Obj) => CheckFailure[]): dynamic.CheckResult {
  const inputs: Obj = { ...news };
  const failures: CheckFailure[] = [];
  failures.push(...pinTarget(checkSettings(failures), inputs));
  for (const k of Object.keys(inputs)) if (inputs[k] === undefined || inputs[k] === null) delete inputs[k];
  const { [PROVIDER_KEY]: _p, ...spec } = inputs;
  const result = validate(schema, spec);
  if (!result.ok) failures.push(...result.failures);
  failures.push(...rules(spec).map((f) => ({ ...f, reason: shorten(f.reason, 400) })));
  failures.push(...controlCharFailures(spec), ...stackUrlCredentialFailures(spec.stackUrl));
  return { inputs, failures };
}

import { bodyKeys } from "../../schemas/field-policy";
import { pipePolicy } from "./policy";
import { mergeSourceSecrets, secretStrings } from "./secrets";
import { canonical } from "../../engine/canonical";
import type { PipeInputs } from "./props";
import type { Obj } from "../../schemas/plain-object";

/**
 * The create body: every field the pipe policy sends in a body (not the service in the URL, not
 * the provider's own), secrets put back into the source, nulls and empty objects left out. Pure.
 */
export function createBody(inputs: PipeInputs): Obj {
  const spec: Obj = { ...inputs, source: mergeSourceSecrets(inputs.source, inputs.sourceSecrets) };
  const body: Obj = {};
  for (const key of bodyKeys(pipePolicy)) {
    const value = canonical(spec[key]);
    if (value !== undefined) body[key] = value;
  }
  return body;
}

/** Secret strings of a pipe's inputs, to blank out of error messages. */
export function secretsOf(props: PipeInputs): string[] {
  return secretStrings(props.sourceSecrets);
}

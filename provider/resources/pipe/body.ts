import { bodyKeys } from "../../schemas/field-policy";
import { pipePolicy, pipeServerOutputs, type PipeInputs, type PipeOutputs } from "./policy";
import { mergeSourceSecrets, secretStrings } from "./secrets";
import { canonical, dropUndefined } from "../../engine/canonical";
import { type Obj, isObj } from "../../schemas/plain-object";
import type { ApiPipe } from "./record";
import { sealed } from "../../engine/fingerprint";
import { readableSecrets, readBackFields, serverFields } from "../../engine/read-back";
import { isStoppedState } from "./states";

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

export type { ApiPipe };

/** The credentials of `carried`, with the secrets the API does return (a connection string) read back. */
function plainSecrets(api: ApiPipe, carried: PipeInputs): Obj {
  const secrets: Obj = isObj(carried.sourceSecrets) ? { ...carried.sourceSecrets } : {};
  return Object.assign(secrets, readableSecrets(pipePolicy.source.fields, api.source));
}

function outputsWith(api: ApiPipe, carried: PipeInputs, sourceSecrets: unknown): PipeOutputs {
  return dropUndefined({
    ...readBackFields(pipePolicy, api, carried),
    ...serverFields(pipeServerOutputs, api),
    // Read back only where the program manages the run state: a state written before `stopped`
    // existed refreshes with no change.
    stopped: typeof carried.stopped === "boolean" ? isStoppedState(api.state) : undefined,
    sourceSecrets,
  }) as PipeOutputs;
}

/**
 * The outputs of a created or updated pipe: what the API answered, in the shape the program
 * writes, with write-only values carried over from `carried` (the inputs) as the pipe policy
 * says. Secret material never lands in `source`: it stays in `sourceSecrets`, and there only as
 * fingerprints (see `../fingerprint`), those of `olds` kept where the credential did not change.
 * Pure but for new fingerprints' salts.
 */
export function pipeOutputs(api: ApiPipe, carried: PipeInputs, olds?: Pick<PipeOutputs, "sourceSecrets">): PipeOutputs {
  return outputsWith(api, carried, sealed(plainSecrets(api, carried), olds?.sourceSecrets));
}

/**
 * The outputs of a refresh: the old outputs' credentials kept as stored (fingerprints, or an
 * older release's plaintext, so that an old state refreshes with no change); a read-back secret
 * that changed on the server gets a new fingerprint.
 */
export function refreshedOutputs(api: ApiPipe, olds: PipeOutputs): PipeOutputs {
  return outputsWith(api, olds, sealed(plainSecrets(api, olds), olds.sourceSecrets, true));
}

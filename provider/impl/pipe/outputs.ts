import { pipePolicy, pipeServerOutputs } from "../../schemas/pipe-policy";
import type { PipeInputs, PipeOutputs } from "../../schemas/pipe-props";
import type { ApiPipe } from "../../schemas/pipe-record";
import { dropUndefined, isObj } from "../canonical";
import { readableSecrets, readBackFields, serverFields } from "../read-back";
import { isStoppedState } from "./states";

type Obj = Record<string, unknown>;

export type { ApiPipe };

/**
 * The outputs of a pipe: what the API answered, in the shape the program writes, with
 * write-only and secret values carried over from `carried` (the inputs, or the old outputs), as
 * the pipe policy says. Pure. Secret material never lands in `source`: it stays in
 * `sourceSecrets`, with the secrets the API does return (a connection string) read back.
 */
export function pipeOutputs(api: ApiPipe, carried: PipeInputs): PipeOutputs {
  const secrets: Obj = isObj(carried.sourceSecrets) ? { ...carried.sourceSecrets } : {};
  Object.assign(secrets, readableSecrets(pipePolicy.source.fields, api.source));
  return dropUndefined({
    ...readBackFields(pipePolicy, api, carried),
    ...serverFields(pipeServerOutputs, api),
    // Read back only where the program manages the run state: a state written before `stopped`
    // existed refreshes with no change.
    stopped: typeof carried.stopped === "boolean" ? isStoppedState(api.state) : undefined,
    sourceSecrets: secrets,
  }) as PipeOutputs;
}

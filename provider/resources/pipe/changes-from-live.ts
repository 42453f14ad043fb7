import type { PipeInputs, PipeOutputs } from "./props";
import { fieldChanges, type FieldChange } from "../../engine/field-diff";
import { pipeDiff } from "./diff-rules";
import { pipeOutputs, type ApiPipe } from "./outputs";

/**
 * The changes from a live pipe to the program, as the outputs the live pipe would have: what an
 * adoption applies, and what tells a pipe holding the program's name apart from this resource's
 * own. Credentials aside: the API never returns them, so they never tell. Pure.
 */
export function changesFromLive(live: ApiPipe, inputs: PipeInputs): { current: PipeOutputs; changes: FieldChange[] } {
  const current = pipeOutputs(live, inputs);
  return { current, changes: fieldChanges(current, inputs, pipeDiff).filter((c) => !c.path.startsWith("sourceSecrets")) };
}

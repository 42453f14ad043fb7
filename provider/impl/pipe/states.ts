import { sourceKinds, type SourceKind } from "../../schemas/pipe-source";
import { isObj } from "../canonical";
import type { PipeInputs } from "../../schemas/pipe-props";

/** The source kind a pipe's inputs or outputs set. */
export function kindOf(props: PipeInputs): SourceKind | undefined {
  const source = props.source;
  return isObj(source) ? sourceKinds.find((k) => source[k] != null) : undefined;
}

/** The state a new or changed pipe settles in. */
export function isSettled(kind: SourceKind | undefined, props: PipeInputs, state: string | null | undefined): boolean {
  if (kind === "postgres") return state === "Running" || state === "Snapshot";
  if (kind === "objectStorage" && !props.source.objectStorage?.isContinuous) return state === "Completed";
  return state === "Running";
}

export function isFailed(state: string | null | undefined): boolean {
  return state === "Failed" || state === "InternalError";
}

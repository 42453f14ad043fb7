import { sourceKinds, type SourceKind } from "../../schemas/pipe-source";
import { isObj } from "../canonical";

type Obj = Record<string, unknown>;

/** The source kind a pipe's inputs or outputs set. */
export function kindOf(props: Obj): SourceKind | undefined {
  const source = isObj(props.source) ? props.source : {};
  return sourceKinds.find((k) => source[k] != null);
}

/** The state a new or changed pipe settles in. */
export function isSettled(kind: SourceKind | undefined, props: Obj, state: string | null | undefined): boolean {
  if (kind === "postgres") return state === "Running" || state === "Snapshot";
  const os = (props.source as Obj | undefined)?.objectStorage as Obj | undefined;
  if (kind === "objectStorage" && !os?.isContinuous) return state === "Completed";
  return state === "Running";
}

export function isFailed(state: string | null | undefined): boolean {
  return state === "Failed" || state === "InternalError";
}

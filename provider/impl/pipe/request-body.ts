import { mergeSourceSecrets, secretStrings } from "../../schemas/pipe-secrets";
import { sourceKinds, type SourceKind } from "../../schemas/pipe-source";
import { canonical, isObj } from "../canonical";

type Obj = Record<string, unknown>;

/** The source kind a pipe's inputs or outputs set. */
export function kindOf(props: Obj): SourceKind | undefined {
  const source = isObj(props.source) ? props.source : {};
  return sourceKinds.find((k) => source[k] != null);
}

/** The create body: the contract's fields only, nulls and empty objects left out. Pure. */
export function createBody(inputs: Obj): Obj {
  const body: Obj = {
    name: inputs.name,
    source: canonical(mergeSourceSecrets(inputs.source as Obj, inputs.sourceSecrets as Obj)),
    destination: canonical(inputs.destination),
    fieldMappings: canonical(inputs.fieldMappings),
    scaling: canonical(inputs.scaling),
    settings: canonical(inputs.settings),
  };
  for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
  return body;
}

/** Secret strings of a pipe's inputs, to blank out of error messages. */
export function secretsOf(props: Obj): string[] {
  return secretStrings(props.sourceSecrets);
}

/** The state a new or changed pipe settles in. */
export function isSettled(kind: SourceKind | undefined, props: Obj, state: string | undefined): boolean {
  if (kind === "postgres") return state === "Running" || state === "Snapshot";
  const os = (props.source as Obj | undefined)?.objectStorage as Obj | undefined;
  if (kind === "objectStorage" && !os?.isContinuous) return state === "Completed";
  return state === "Running";
}

export function isFailed(state: string | undefined): boolean {
  return state === "Failed" || state === "InternalError";
}

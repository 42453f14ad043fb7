import { mergeSourceSecrets, secretStrings } from "../../schemas/pipe-secrets";
import { canonical } from "../canonical";

type Obj = Record<string, unknown>;

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

import { secretsNode, type AnyNode } from "../../schemas/field-policy";
import { pipePolicy, pipeServerOutputs } from "./policy";
import { containsUnknown } from "../../schemas/unknown";
import { sameCredential } from "../../engine/fingerprint";
import { mappingKey } from "./table-mappings";
import type { ChangeKind, DiffSpec, FieldChange } from "../../engine/field-diff";

/**
 * Table mappings are a set to the API: an edited one is added back last (a removal, then an
 * addition), so their order is not a change.
 */
function mappingSet(value: unknown): unknown {
  return Array.isArray(value) ? [...(value as unknown[])].sort((a, b) => mappingKey(a).localeCompare(mappingKey(b))) : value;
}

const sourceSecrets = secretsNode(pipePolicy.source.fields);

/**
 * Each secret compared as the outputs store it: the program's plaintext against the old
 * fingerprint (or an older state's plaintext), so a changed credential is a change (of the kind
 * its policy says) and an unchanged one is none.
 */
function credentialRules(node: AnyNode): Record<string, (olds: unknown, news: unknown) => FieldChange[]> {
  return Object.fromEntries(
    Object.entries(node.fields ?? {}).map(([name, field]) => {
      const path = `sourceSecrets.${name}`;
      const rule = (olds: unknown, news: unknown): FieldChange[] =>
        containsUnknown(news) || !sameCredential(olds, news) ? [{ path, kind: field.change as ChangeKind }] : [];
      return [path, rule];
    }),
  );
}

/**
 * How a pipe is diffed: by the pipe policy, with the secrets compared in `sourceSecrets`, where
 * the program keeps them. A field the policy does not name (one an API answer added) needs a new
 * pipe, as before there was a policy.
 */
export const pipeDiff: DiffSpec = {
  fields: { ...pipePolicy, sourceSecrets },
  outputsOnly: pipeServerOutputs,
  unlisted: "replace",
  compare: credentialRules(sourceSecrets),
  normalise: {
    "source.postgres.tableMappings": mappingSet,
    "source.mysql.tableMappings": mappingSet,
    "source.mongodb.tableMappings": mappingSet,
  },
};

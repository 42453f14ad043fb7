import { secretsNode } from "../../schemas/field-policy";
import { pipePolicy, pipeServerOutputs } from "./policy";
import { mappingKey } from "./table-mappings";
import type { DiffSpec } from "../../engine/field-diff";

/**
 * Table mappings are a set to the API: an edited one is added back last (a removal, then an
 * addition), so their order is not a change.
 */
function mappingSet(value: unknown): unknown {
  return Array.isArray(value) ? [...(value as unknown[])].sort((a, b) => mappingKey(a).localeCompare(mappingKey(b))) : value;
}

const sourceSecrets = secretsNode(pipePolicy.source.fields);

/**
 * How a pipe is diffed: by the pipe policy, with the secrets compared in `sourceSecrets`, where
 * the program keeps them (each by its fingerprint, as the engine compares every secret field). A field the policy does not name (one an API answer added) needs a new
 * pipe, as before there was a policy.
 */
export const pipeDiff: DiffSpec = {
  fields: { ...pipePolicy, sourceSecrets },
  outputsOnly: pipeServerOutputs,
  unlisted: "replace",
  normalise: {
    "source.postgres.tableMappings": mappingSet,
    "source.mysql.tableMappings": mappingSet,
    "source.mongodb.tableMappings": mappingSet,
  },
};

import { secretsNode } from "../../schemas/field-policy";
import { pipePolicy, pipeServerOutputs } from "../../schemas/pipe-policy";
import type { DiffSpec } from "../field-diff";

/**
 * How a pipe is diffed: by the pipe policy, with the secrets compared in `sourceSecrets`, where
 * the program keeps them. A field the policy does not name (one an API answer added) needs a new
 * pipe, as before there was a policy.
 */
export const pipeDiff: DiffSpec = {
  fields: { ...pipePolicy, sourceSecrets: secretsNode(pipePolicy.source.fields) },
  outputsOnly: pipeServerOutputs,
  unlisted: "replace",
};

import { secretsNode } from "../../schemas/field-policy";
import { pipePolicy, pipeServerOutputs, type PipeInputs, type PipeOutputs } from "./policy";
import { mappingKey } from "./table-mappings";
import { type DiffSpec, fieldChanges, type FieldChange } from "../../engine/field-diff";
import { valueAt } from "../../schemas/plain-object";
import { pipeOutputs, type ApiPipe } from "./body";

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

// What a pipe's diff answers beyond its field policy: credential-only updates, collisions that
// delete first, and the changes from a live pipe an adoption applies.

/** Only credentials change (every change under `sourceSecrets`, all in place). Pure. */
export function credentialOnly(changes: readonly { path: string; kind: string }[]): boolean {
  return changes.length > 0 && changes.every((c) => c.path.startsWith("sourceSecrets") && c.kind !== "replace");
}

/**
 * Old and new pipe would collide (same name, consumer group or destination table): delete the
 * old one first, so two pipes never feed one table at once. Pure.
 */
export function wouldCollide(olds: PipeInputs, news: PipeInputs): boolean {
  const get = (o: unknown, ...p: string[]) => valueAt(o, p, { arrays: "stop" });
  const sameService = olds.serviceId === news.serviceId && olds.organizationId === news.organizationId;
  if (!sameService) return false;
  if (olds.name === news.name) return true;
  const group = get(news, "source", "kafka", "consumerGroup");
  if (group !== undefined && group === get(olds, "source", "kafka", "consumerGroup")) return true;
  const table = (o: PipeInputs) => JSON.stringify([get(o, "destination", "database"), get(o, "destination", "table")]);
  return get(news, "destination", "table") !== undefined && table(olds) === table(news);
}

/**
 * The changes from a live pipe to the program, as the outputs the live pipe would have: what an
 * adoption applies, and what tells a pipe holding the program's name apart from this resource's
 * own. Credentials aside: the API never returns them, so they never tell. Pure.
 */
export function changesFromLive(live: ApiPipe, inputs: PipeInputs): { current: PipeOutputs; changes: FieldChange[] } {
  const current = pipeOutputs(live, inputs);
  return { current, changes: fieldChanges(current, inputs, pipeDiff).filter((c) => !c.path.startsWith("sourceSecrets")) };
}

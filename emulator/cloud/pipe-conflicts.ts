/**
 * What two pipes of one service may not share: a name, a kafka consumer group, a
 * destination table. A pipe being deleted has released all three.
 */
import type { JsonObject } from "../http/body";
import { consumerGroupOf, isDeleting, tablesOf, type SourceKind, type StoredPipe } from "./pipe-model";

/** The parts of a new or changed pipe that must be unique within the service. */
export interface Claim {
  /** The pipe itself when it is being changed (so it does not conflict with itself). */
  id?: string;
  name: string;
  kind: SourceKind;
  source: JsonObject;
  destination: JsonObject;
}

/** Why the claim conflicts with another pipe, or undefined. */
export function conflictWith(pipes: readonly StoredPipe[], claim: Claim): string | undefined {
  const others = pipes.filter((p) => p.id !== claim.id && !isDeleting(p));
  const byName = others.find((p) => p.name === claim.name);
  if (byName) return `a pipe named ${claim.name} already exists in this service (${byName.id})`;
  const group = claim.kind === "kafka" && typeof claim.source.consumerGroup === "string" ? claim.source.consumerGroup : undefined;
  const byGroup = group === undefined ? undefined : others.find((p) => consumerGroupOf(p) === group);
  if (byGroup) return `consumer group ${group} is already used by pipe ${byGroup.name} (${byGroup.id})`;
  const tables = tablesOf(claim.kind, claim.source, claim.destination);
  for (const other of others) {
    const taken = tablesOf(other.kind, other.source, other.destination).find((t) => tables.includes(t));
    if (taken) return `destination table ${taken} is already fed by pipe ${other.name} (${other.id})`;
  }
  return undefined;
}

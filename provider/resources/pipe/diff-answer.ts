import type { PipeInputs } from "./props";
import { isObj } from "../../engine/canonical";

/** What a pipe's diff answers beyond its field policy (see `diff-rules.ts`). */

/** Only credentials change (every change under `sourceSecrets`, all in place). Pure. */
export function credentialOnly(changes: readonly { path: string; kind: string }[]): boolean {
  return changes.length > 0 && changes.every((c) => c.path.startsWith("sourceSecrets") && c.kind !== "replace");
}

/**
 * Old and new pipe would collide (same name, consumer group or destination table): delete the
 * old one first, so two pipes never feed one table at once. Pure.
 */
export function wouldCollide(olds: PipeInputs, news: PipeInputs): boolean {
  const get = (o: unknown, ...p: string[]) => p.reduce<unknown>((n, k) => (isObj(n) ? n[k] : undefined), o);
  const sameService = olds.serviceId === news.serviceId && olds.organizationId === news.organizationId;
  if (!sameService) return false;
  if (olds.name === news.name) return true;
  const group = get(news, "source", "kafka", "consumerGroup");
  if (group !== undefined && group === get(olds, "source", "kafka", "consumerGroup")) return true;
  const table = (o: PipeInputs) => JSON.stringify([get(o, "destination", "database"), get(o, "destination", "table")]);
  return get(news, "destination", "table") !== undefined && table(olds) === table(news);
}

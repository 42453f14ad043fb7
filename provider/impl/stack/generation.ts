import { ApiError } from "../../client/errors";
import { path } from "../../client/paths";
import type { StackTarget } from "../../client/stack-target";

/**
 * Which generation of the stack API a target speaks (notes: "Server generations"): `first` is
 * the contract's form (alerts with `source: "search"`, one `channel`, `above`/`below`),
 * `current` the servers of today (`saved_search`, `channels`, eight threshold types, saved
 * searches and webhooks). The one place the provider learns it, so that a setting or another
 * probe can replace this one without touching the callers.
 */
export type StackGeneration = "first" | "current";

const known = new Map<string, Promise<StackGeneration>>();

/**
 * The generation of a target, asked once per provider process and target: the current
 * servers list webhooks (`GET /webhooks`), the first generation has no such route (a 404).
 * Any other failure is thrown (and not remembered).
 */
export function stackGeneration(t: StackTarget): Promise<StackGeneration> {
  let found = known.get(t.key);
  if (!found) {
    found = probe(t);
    known.set(t.key, found);
    found.catch(() => known.delete(t.key));
  }
  return found;
}

async function probe(t: StackTarget): Promise<StackGeneration> {
  try {
    await t.client.get(`${t.basePath}${path("webhooks")}`);
    return "current";
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return "first";
    throw err;
  }
}

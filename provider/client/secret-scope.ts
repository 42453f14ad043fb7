import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The credentials of the operation running now (a resource's own, its old ones on an update),
 * carried through every request it makes without passing them to each call: the client blanks
 * them out of an answer before it cuts or quotes any of it, also on a refresh's GET or a
 * destroy's DELETE, whose requests carry no credential themselves.
 */
const scope = new AsyncLocalStorage<readonly string[]>();

/** Runs `op` with `secrets` known to every request it makes (added to those of an outer scope). */
export function withSecrets<T>(secrets: readonly string[], op: () => Promise<T>): Promise<T> {
  return scope.run([...(scope.getStore() ?? []), ...secrets], op);
}

/** The credentials of the operation running now; none outside one. */
export function scopedSecrets(): readonly string[] {
  return scope.getStore() ?? [];
}

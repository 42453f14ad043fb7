import { holderAt, type Obj, type Walk } from "./plain-object";

/**
 * The secret split of both faces: a field whose secret fields travel apart (a pipe's `source` ->
 * `sourceSecrets`) gives up each secret, by the locations its policy declares (`locateSecrets`),
 * to an object of its own, one key per secret name. The native face splits plain values here; the
 * program side splits a program's Inputs without resolving them (`resource-class/split-secrets.ts`)
 * and takes its choice among several locations from {@link keptSecret}, so both keep the same value.
 */

/** Where each secret lives: secret name -> its paths (field names only), as `locateSecrets` lists them. */
export type SecretLocations = Readonly<Record<string, readonly (readonly string[])[]>>;

/**
 * A location is a policy's field path (`locateSecrets` walks `fields`, never `items`): it names no
 * list item, so a list on the way (a program's odd shape) ends it and the value stays where it is,
 * for `check` to name. A secret inside list items is sealed by the engine (`secret-fields.ts`), not
 * split apart.
 */
const FIELDS: Walk = { arrays: "stop" };

/**
 * The value a secret keeps when its locations hold several, given in the policy's order.
 *
 * One name at several paths is one secret in exclusive places: each path sits under a different
 * variant (a source kind: `kafka.credentials`, `postgres.credentials`), the API takes one variant,
 * and the secrets object has one slot per name. So in any value the server accepts at most one
 * location holds it, and that one is what the server reads; the rule only decides for a value
 * `check` rejects (two source kinds set). There the first in the policy's order is kept, so the
 * failures a program is shown do not depend on its face (this was already the program side's and
 * the native face's choice; a last-wins copy lived only in test and bench helpers). Null and
 * undefined hold nothing. Pure.
 */
export const keptSecret = (found: readonly unknown[]): unknown => found.find((v) => v !== undefined && v !== null);

/**
 * Takes the secrets out of a plain value: the readable rest (a copy; `value` is not changed) and
 * the secrets by name. Every location is emptied, a null one too; a name none of whose locations
 * holds a value is left out. Pure.
 */
export function splitSecrets(value: Obj, locations: SecretLocations): { rest: Obj; secrets: Obj } {
  const rest = JSON.parse(JSON.stringify(value)) as Obj;
  const secrets: Obj = {};
  for (const [name, paths] of Object.entries(locations)) {
    const found: unknown[] = [];
    for (const path of paths) {
      const holder = holderAt(rest, path, FIELDS);
      const leaf = path[path.length - 1];
      if (holder === undefined || !Object.hasOwn(holder, leaf)) continue;
      found.push(holder[leaf]);
      delete holder[leaf];
    }
    const kept = keptSecret(found);
    if (kept !== undefined) secrets[name] = kept;
  }
  return { rest, secrets };
}

/**
 * The inverse: `value` (a copy) with each secret put back at every location of its name whose
 * holder `value` has, so the variant that is set gets it. Pure.
 */
export function mergeSecrets(value: Obj, secrets: Obj, locations: SecretLocations): Obj {
  const merged = JSON.parse(JSON.stringify(value)) as Obj;
  for (const [name, secret] of Object.entries(secrets)) {
    if (secret === undefined) continue;
    for (const path of locations[name] ?? []) {
      const holder = holderAt(merged, path, FIELDS);
      if (holder) holder[path[path.length - 1]] = secret;
    }
  }
  return merged;
}

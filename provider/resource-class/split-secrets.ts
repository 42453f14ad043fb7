import * as pulumi from "@pulumi/pulumi";
import type { Obj } from "../schemas/plain-object";
import { keptSecret, type SecretLocations } from "../schemas/secret-split";

const isDeferred = (v: unknown): boolean => pulumi.Output.isInstance(v) || v instanceof Promise;
const isPlainObject = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v) && !isDeferred(v);

/**
 * Takes the value at `path` out of `value`. Plain objects on the path are copied level by level,
 * so every value off the path stays the Input it was: a value not known yet stays one unknown
 * leaf in a preview, and a value the program marked secret stays secret. An Output or promise on
 * the path is split with an apply, which gives both halves its secretness and unknownness.
 */
function take(value: unknown, path: readonly string[]): { rest: unknown; taken: unknown } {
  if (isDeferred(value)) {
    const all: pulumi.Output<unknown> = pulumi.output(value);
    return { rest: all.apply((v) => take(v, path).rest), taken: all.apply((v) => take(v, path).taken) };
  }
  const [key, ...more] = path;
  if (!isPlainObject(value) || key === undefined || !(key in value)) return { rest: value, taken: undefined };
  const { [key]: inner, ...others } = value;
  if (more.length === 0) return { rest: others, taken: inner };
  const deeper = take(inner, more);
  return { rest: { ...others, [key]: deeper.rest }, taken: deeper.taken };
}

/**
 * Splits a value as the program passes it into its readable part and its secret material, by
 * the secrets' locations (name -> paths, from a field policy), without waiting for the values
 * inside: the readable part keeps its nested Inputs, so one unknown value does not make all of it
 * unknown in a preview, and a field the program itself marked secret keeps it secret. The
 * secrets come back as one object, one key per secret name, the value the native face's split
 * keeps too (`keptSecret` of `schemas/secret-split.ts`: the first location that holds one).
 */
export function splitSecretsInput(value: unknown, locations: SecretLocations): { rest: pulumi.Input<Obj> | undefined; secrets: pulumi.Output<Obj> } {
  let rest = value;
  const found: Record<string, unknown[]> = {};
  for (const [field, paths] of Object.entries(locations)) {
    for (const path of paths) {
      const split = take(rest, path);
      rest = split.rest;
      if (split.taken !== undefined) (found[field] ??= []).push(split.taken);
    }
  }
  const secrets = pulumi.output(found).apply((all) => {
    const out: Obj = {};
    for (const [field, values] of Object.entries(all)) {
      const kept = keptSecret(values);
      if (kept !== undefined) out[field] = kept;
    }
    return out;
  });
  return { rest: rest as pulumi.Input<Obj> | undefined, secrets };
}

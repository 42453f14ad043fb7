import { isObj, type Obj } from "../schemas/plain-object";
/**
 * Property values as the engine sends them over gRPC (a `google.protobuf.Struct` in JSON form),
 * and back. A secret arrives as an object with the secret signature; the engines work on plain
 * values, so secrets are revealed on the way in and the top-level properties that held one are
 * marked secret again on the way out. Pure.
 */

/** The key and value that mark an object as a special Pulumi value. */
const SIG_KEY = "4dabf18193072939515e22adb298388d";
/** The signature of a secret. */
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** True when `v` is a secret as the engine sends it. */
export function isSecret(v: unknown): v is { value: unknown } {
  return isObj(v) && v[SIG_KEY] === SECRET_SIG;
}

/** `v` as a secret value. */
export function secret(v: unknown): Obj {
  return { [SIG_KEY]: SECRET_SIG, value: v };
}

/** `v` with every secret replaced by what it holds. */
export function reveal(v: unknown): unknown {
  if (isSecret(v)) return reveal(v.value);
  if (Array.isArray(v)) return v.map(reveal);
  if (isObj(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, reveal(x)]));
  return v;
}

/**
 * Plain properties with the given top-level keys marked secret; `undefined` values left out (a
 * Struct cannot hold them).
 */
export function withSecrets(props: Obj, keys: Iterable<string>): Obj {
  const marked = new Set(keys);
  const out: Obj = {};
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined) continue;
    out[k] = marked.has(k) && v !== null ? secret(v) : v;
  }
  return out;
}

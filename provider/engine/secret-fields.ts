import type { AnyNode, AnyShape, PolicyTree } from "../schemas/field-policy";
import { fieldsOf } from "../schemas/variants";
import { stringsIn } from "../client/redact";
import { isObj } from "./canonical";
import { isFingerprint, sealed } from "./fingerprint";
import type { Obj } from "../schemas/plain-object";

/**
 * The engine's rule for secret fields (policy `secret`, wherever one sits: in an object's fields,
 * a union's variant, an array's items): outputs hold them only as fingerprints (see
 * `fingerprint.ts`). The SDK prints the engine's answer to a registration with secrets unwrapped
 * (`up --debug`, `up --json`), and a write-only secret (which the server never answers) would
 * otherwise be carried from the inputs into the outputs in plaintext. Every registered kind's
 * outputs pass through {@link sealSecretFields} in the engine skeleton (`define-engine.ts`), and
 * the diff compares such a field by its fingerprint (`field-diff.ts`). Pure but for new salts.
 */

/** What {@link eachSecret} calls with a secret field's value, the old one beside it and its dotted field path (`[]` for list items). */
export type AtSecret = (v: unknown, old: unknown, path: string) => unknown;

/**
 * `value` with every value a secret node of `tree` declares replaced by what `at` returns for it
 * (`before` walks alongside); unchanged objects stay the same objects. Pure but for `at`.
 */
export function eachSecret(tree: PolicyTree, value: unknown, before: unknown, at: AtSecret, prefix = ""): unknown {
  if (!isObj(value)) return value;
  const old = isObj(before) ? before : {};
  let out: Obj | undefined;
  for (const [key, node] of Object.entries(tree)) {
    if (!Object.hasOwn(value, key) || value[key] === undefined || value[key] === null) continue;
    const next = inNode(node, value[key], old[key], at, prefix ? `${prefix}.${key}` : key);
    if (next !== value[key]) (out ??= { ...value })[key] = next;
  }
  // Unchanged objects stay the same objects: the inputs are never written to.
  return out ?? value;
}

function inNode(node: AnyShape & Pick<AnyNode, "secret">, value: unknown, before: unknown, at: AtSecret, path: string): unknown {
  if (node.secret) return at(value, before, path);
  const fields = fieldsOf(node, value);
  if (fields) return eachSecret(fields, value, before, at, path);
  if (node.items && Array.isArray(value)) {
    const old = Array.isArray(before) ? before : [];
    const next = value.map((item, i) => inNode(node.items!, item, old[i], at, `${path}[]`));
    return next.some((x, i) => x !== value[i]) ? next : value;
  }
  return value;
}

/**
 * `outs` with every secret field's strings as fingerprints: a credential `previous` (the old
 * outputs) stands for keeps its fingerprint; with `keepPlaintext` (a refresh) an older state's
 * plaintext stays as stored, so that the refresh reads as no change (the next update seals it).
 */
export function sealSecretFields<T>(tree: PolicyTree, outs: T, previous?: unknown, keepPlaintext = false): T {
  return eachSecret(tree, outs, previous, (v, old) => sealed(v, old, keepPlaintext)) as T;
}

/** The strings of the secret fields of `props`: the plaintext credentials, and the fingerprints apart. Pure. */
export function secretFieldStrings(tree: PolicyTree, props: unknown): { plain: string[]; fingerprints: string[] } {
  const all: string[] = [];
  eachSecret(tree, props, undefined, (v) => {
    all.push(...stringsIn(v));
    return v;
  });
  return { plain: all.filter((s) => !isFingerprint(s)), fingerprints: all.filter(isFingerprint) };
}

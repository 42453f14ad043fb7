/** Canonical forms for comparing what a program says with what an API answers. Pure. */
import { isObj, type Obj } from "../schemas/plain-object";

export { isObj };

/**
 * Drops `null`, `undefined`, empty objects and empty arrays, recursively: the API answers an
 * unset optional field as `null` or leaves it out, and `settings: {}` means no settings.
 */
export function canonical(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    const items = value.map((v) => canonical(v) ?? null);
    return items.length ? items : undefined;
  }
  if (isObj(value)) {
    const out: Obj = {};
    for (const key of Object.keys(value).sort()) {
      const v = canonical(value[key]);
      if (v !== undefined) out[key] = v;
    }
    return Object.keys(out).length ? out : undefined;
  }
  return value;
}

/** Deep equality of canonical forms. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** Outputs must not hold `undefined` (the engine's struct conversion throws on it). */
export function dropUndefined(o: Obj): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined) continue;
    out[k] = isObj(v) ? dropUndefined(v) : Array.isArray(v) ? (v as unknown[]).map((x) => (isObj(x) ? dropUndefined(x) : x)) : v;
  }
  return out;
}

/**
 * Leaf-by-leaf differences between two JSON values: objects by key, arrays by element, so one
 * tile's width reads `tiles[2].w: 4 -> 6` instead of two whole tile lists. Pure.
 */
import { isObj } from "../schemas/plain-object";

/** A path into a value: object keys and array indices. */
export type FieldPath = readonly (string | number)[];

/** One changed leaf; `undefined` on a side means the field is absent there. */
interface FieldDiff {
  path: FieldPath;
  old: unknown;
  new: unknown;
}

/** Null and absent are the same to the API and to the engine's diff. */
const absent = (v: unknown): boolean => v === undefined || v === null;

/** Every leaf that differs between `a` and `b`, in key order; a whole value where one side is absent or of another shape. */
export function fieldDiffs(a: unknown, b: unknown, path: FieldPath = []): FieldDiff[] {
  if (absent(a) && absent(b)) return [];
  if (isObj(a) && isObj(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((k) => fieldDiffs(a[k], b[k], [...path, k]));
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const out: FieldDiff[] = [];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (i >= a.length) out.push({ path: [...path, i], old: undefined, new: b[i] as unknown });
      else if (i >= b.length) out.push({ path: [...path, i], old: a[i] as unknown, new: undefined });
      else out.push(...fieldDiffs(a[i], b[i], [...path, i]));
    }
    return out;
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [{ path, old: absent(a) ? undefined : a, new: absent(b) ? undefined : b }];
}

/** `tiles[2].w`, `source.kafka.topics`; a key that is not a plain name is quoted: `labels["a.b"]`. */
export function formatPath(path: FieldPath): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out;
}

/** The reverse of {@link formatPath}, for the engine's `detailedDiff` keys (`tiles[2].w`, `a["b.c"]`). */
export function parsePath(text: string): FieldPath {
  const out: (string | number)[] = [];
  const re = /([^.[\]]+)|\[(\d+)\]|\["((?:[^"\\]|\\.)*)"\]/g;
  for (const m of text.matchAll(re)) {
    if (m[1] !== undefined) out.push(m[1]);
    else if (m[2] !== undefined) out.push(Number(m[2]));
    else out.push(JSON.parse(`"${m[3]}"`) as string);
  }
  return out;
}

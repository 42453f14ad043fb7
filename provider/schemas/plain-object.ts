/** A plain object: what JSON objects, API answers and engine properties are. */
export type Obj = Record<string, unknown>;

/** True for a plain object (not null, not an array). */
export const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * How a walk meets an array on its path. `"index"`: a path that names items (a zod issue's, a
 * diff's: `tiles.2.w`) steps in by a whole-number index. `"stop"`: a field path of a policy names
 * fields only, so an array where an object belongs (a program's or an answer's odd shape) ends it.
 */
export type ArrayStep = "index" | "stop";

/** How to walk a path: what to do at an array. */
export interface Walk {
  readonly arrays: ArrayStep;
}

/** A whole-number index as a path names it: `2` or `"2"`, never `"02"`, `"-1"`, `"1.5"` or `"length"`. */
const isIndex = (key: string | number): boolean => (typeof key === "number" ? Number.isInteger(key) && key >= 0 : /^(0|[1-9]\d*)$/.test(key));

/**
 * One step of a walk: an object's own field `key` (never one it inherits, such as `constructor`
 * or `__proto__`, so a path from user input cannot reach a prototype), or an array's item as the
 * walk says; undefined where the path leaves the value. Pure.
 */
export function childAt(node: unknown, key: string | number, { arrays }: Walk): unknown {
  if (Array.isArray(node)) return arrays === "index" && isIndex(key) ? (node as unknown[])[Number(key)] : undefined;
  if (node === null || typeof node !== "object" || !Object.hasOwn(node, key)) return undefined;
  return (node as Record<string | number, unknown>)[key];
}

/**
 * The value at `path` of a plain value, or undefined where the path leaves it: the one walker
 * (every read by a path steps through `childAt`; what sets or drops a value by a path copies
 * level by level on its own). Pure.
 */
export function valueAt(root: unknown, path: readonly (string | number)[], walk: Walk): unknown {
  let node = root;
  for (const key of path) {
    if (node === undefined) return undefined;
    node = childAt(node, key, walk);
  }
  return node;
}

/**
 * The plain object holding the last segment of `path` (`source.kafka` for
 * `source.kafka.credentials`; the root for a one-segment path), or undefined where there is none:
 * where a field may be read, set or deleted. Pure.
 */
export function holderAt(root: unknown, path: readonly (string | number)[], walk: Walk): Obj | undefined {
  const holder = valueAt(root, path.slice(0, -1), walk);
  return isObj(holder) ? holder : undefined;
}

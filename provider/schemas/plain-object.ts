/** A plain object: what JSON objects, API answers and engine properties are. */
export type Obj = Record<string, unknown>;

/** True for a plain object (not null, not an array). */
export const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** The value at `path` (object keys and array indexes) of a plain value, or undefined where the path leaves it. Pure. */
export function valueAt(root: unknown, path: readonly (string | number)[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

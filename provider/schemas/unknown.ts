import { childAt } from "./plain-object";

/**
 * The engine sends this string for every value not yet known during a preview, whatever the
 * field's type. Validation lets it through; diff treats it as a change.
 */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export function isUnknown(value: unknown): boolean {
  return value === UNKNOWN;
}

/** True when the value, or anything inside it, is still unknown. */
export function containsUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}

/** True when some prefix of `path` inside `root` holds an unknown value. */
export function pathIsUnknown(root: unknown, path: readonly (string | number)[]): boolean {
  let node: unknown = root;
  if (node === UNKNOWN) return true;
  for (const key of path) {
    node = childAt(node, key, { arrays: "index" });
    if (node === undefined) return false;
    if (node === UNKNOWN) return true;
  }
  return false;
}

import { formatPath, type CheckFailure } from "../check-failures";

/**
 * Inputs nested deeper than any resource's schema goes: a 5000-deep object would overflow the
 * stack of every recursive step after it (schema, canonical form, character checks) and make
 * `check` throw instead of naming the path. Walked without recursion, so any depth is measured.
 */

/** Deeper than every schema of the package (a pipe's settings are 1 level, tiles about 6). */
const MAX_DEPTH = 32;

/** A failure naming the path where `value` first goes deeper than `max` levels; none when it does not. Pure. */
export function depthFailures(value: unknown, max = MAX_DEPTH): CheckFailure[] {
  const stack: { v: unknown; path: (string | number)[] }[] = [{ v: value, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (path.length >= max) {
      return [{ property: formatPath(path), reason: `is nested more than ${max} levels deep; no field of this resource goes that deep` }];
    }
    const entries: [string | number, unknown][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
    for (const [k, x] of entries) stack.push({ v: x, path: [...path, k] });
  }
  return [];
}

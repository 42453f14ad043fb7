import type { ZodError, ZodTypeAny, z } from "zod";
import { pathIsUnknown } from "./unknown";

/** One reason `check` refuses an input, in the engine's shape. */
export interface CheckFailure {
  property: string;
  reason: string;
}

/** Joins a zod issue path the way users write it: `source.kafka.offset.timestamp`, `tiles[2].w`. */
export function formatPath(path: readonly (string | number)[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${key}` : key;
  }
  return out;
}

/**
 * Turns zod issues into check failures, dropping the ones that stand on a value the engine does
 * not know yet (a preview must pass those).
 */
export function failuresFrom(error: ZodError, input: unknown): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const issue of error.issues) {
    if (pathIsUnknown(input, issue.path)) continue;
    if (issue.code === "unrecognized_keys") {
      // Name each unknown key where it stands: `source.kafka.topic`, not `source.kafka`.
      for (const key of issue.keys) failures.push({ property: formatPath([...issue.path, key]), reason: "is not a known field" });
      continue;
    }
    failures.push({ property: formatPath(issue.path), reason: issue.message });
  }
  return failures;
}

/** Validates without throwing: the parsed value, or the failures with property paths. */
export function validate<S extends ZodTypeAny>(
  schema: S,
  input: unknown,
): { ok: true; value: z.output<S> } | { ok: false; failures: CheckFailure[] } {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const failures = failuresFrom(result.error, input);
  // Every issue sat on an unknown value: a preview passes, with the input as it came.
  if (failures.length === 0) return { ok: true, value: input as z.output<S> };
  return { ok: false, failures };
}

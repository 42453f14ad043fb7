import type { ZodError, ZodIssue, ZodTypeAny, z } from "zod";
import { pathIsUnknown } from "./unknown";
import { valueAt } from "./plain-object";

/** One reason `check` refuses an input, in the engine's shape. */
export interface CheckFailure {
  property: string;
  reason: string;
}

/**
 * A failure of `check` that is no input's: a broken setting, or an API read the check made. Its
 * property is empty, so the engine reports it against the resource ("resource 'x' has a problem:
 * ..."), not as a property of some made-up name with `{<nil>}` for its value.
 */
export function resourceFailure(err: unknown): CheckFailure {
  return { property: "", reason: err instanceof Error ? err.message : String(err) };
}

/** Reports one refusal of a refinement, at `path` from the refined value. */
export type Issue = (path: (string | number)[], message: string) => void;

/** The {@link Issue} reporter of a refinement: each call adds a custom zod issue to `ctx`. */
export const issueOn =
  (ctx: z.RefinementCtx): Issue =>
  (path, message) =>
    ctx.addIssue({ code: "custom", path, message });

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
function failuresFrom(error: ZodError, input: unknown): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const issue of error.issues) {
    if (pathIsUnknown(input, issue.path)) continue;
    if (issue.code === "unrecognized_keys") {
      // Name each unknown key where it stands: `source.kafka.topic`, not `source.kafka`.
      for (const key of issue.keys) failures.push({ property: formatPath([...issue.path, key]), reason: "is not a known field" });
      continue;
    }
    const value = valueAt(input, issue.path, { arrays: "index" });
    failures.push({ property: formatPath(issue.path), reason: shortenEchoes(withValueGiven(issue, value), value) });
  }
  return failures;
}

/**
 * The reason of a closed set's refusal, naming the value given. The engine prints a nested
 * property's value as `{<nil>}` (it looks the path up as one top-level key), so the reason is
 * the only place a user sees what they sent; zod's discriminator message names none, and its
 * enum message quotes the value raw. The value is shown as JSON: escaped, and shortened if long.
 * Pure.
 */
export function withValueGiven(issue: ZodIssue, value: unknown): string {
  const expected = (options: readonly unknown[]) => options.map((o) => (typeof o === "string" ? `'${o}'` : String(o))).join(" | ");
  if (issue.code === "invalid_enum_value") return `Invalid enum value. Expected ${expected(issue.options)}, received ${shown(value)}`;
  if (issue.code === "invalid_union_discriminator") return `Invalid discriminator value. Expected ${expected(issue.options)}, received ${shown(value)}`;
  return issue.message;
}

/** A value given, as a reason shows it: JSON (escaped), a long string shortened first; `nothing` when absent. Pure. */
export function shown(value: unknown): string {
  if (value === undefined) return "nothing";
  if (typeof value === "string" && value.length > ECHO_LIMIT) return `${JSON.stringify(value.slice(0, ECHO_LIMIT))}…(${value.length} chars)`;
  return shorten(JSON.stringify(value) ?? typeof value);
}

/** Longest value echoed whole in a reason; longer ones show their start and their length. */
const ECHO_LIMIT = 80;
/** Longest reason: a backstop for messages that echo values from elsewhere. */
const REASON_LIMIT = 400;

/** `abc…(10000 chars)`: the start of a long value and how long it was. */
export function shorten(text: string, limit: number = ECHO_LIMIT): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}…(${text.length} chars)`;
}

/** A reason with the bad value, if it echoes a long one, shortened; and never too long itself. */
function shortenEchoes(reason: string, value: unknown): string {
  let out = reason;
  if (typeof value === "string" && value.length > ECHO_LIMIT) out = out.split(value).join(shorten(value));
  return shorten(out, REASON_LIMIT);
}

/** Validates without throwing: the parsed value, or the failures with property paths. */
export function validate<S extends ZodTypeAny>(schema: S, input: unknown): { ok: true; value: z.output<S> } | { ok: false; failures: CheckFailure[] } {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data as z.output<S> };
  const failures = failuresFrom(result.error, input);
  // Every issue sat on an unknown value: a preview passes, with the input as it came.
  if (failures.length === 0) return { ok: true, value: input as z.output<S> };
  return { ok: false, failures };
}

import { z, type ZodTypeAny } from "zod";
import { unwrap } from "./zod-walk";

/**
 * Closed sets of the zod schemas (`z.enum`, unions of string literals) as enum types of the
 * package schema, so each SDK offers the values by name (`PipeSourceKafkaFormat.JSON_EACH_ROW` in
 * Python, `pipestack.PipeSourceKafkaFormatJSONEachRow` in Go) and still takes the plain string.
 */

/** One value of a schema enum and its name (one rule for every value: `enumValueName`). */
export interface EnumValueSpec {
  value: string;
  name: string;
}

/** Names of values made of symbols only (comparison operators). */
const SYMBOLS: Readonly<Record<string, string>> = {
  "=": "Equal",
  "!=": "NotEqual",
  "<": "LessThan",
  "<=": "LessThanOrEqual",
  ">": "GreaterThan",
  ">=": "GreaterThanOrEqual",
};

const UNITS: Readonly<Record<string, string>> = { s: "Seconds", m: "Minutes", h: "Hours", d: "Days" };

/** A word of a value as a part of a name: an all-lower or all-upper word capitalised (`PLAIN` -> `Plain`), a mixed-case one kept (`JSONEachRow`). */
const nameWord = (w: string): string =>
  /^[a-z0-9]+$/.test(w) || /^[A-Z0-9]+$/.test(w) ? w.charAt(0).toUpperCase() + w.slice(1).toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1);

/**
 * A value's name for the generators, one rule for every value: PascalCase made of its words
 * (`count_distinct` -> `CountDistinct`, `SCRAM-SHA-256` -> `ScramSha256`, `JSONEachRow` kept), a
 * duration's unit and count (`15m` -> `Minutes15`) or a symbol's meaning (`<=` ->
 * `LessThanOrEqual`). With no underscore in it, Go's constant is the enum type's name and this
 * (`PipeSourceKafkaAuthenticationScramSha256`); Python's is it in upper snake case
 * (`SCRAM_SHA256`), TypeScript's it as is. Pure.
 */
export function enumValueName(value: string): string {
  if (SYMBOLS[value]) return SYMBOLS[value];
  const duration = /^(\d+)([smhd])$/.exec(value);
  if (duration) return `${UNITS[duration[2]]}${duration[1]}`;
  const name = value
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(nameWord)
    .join("");
  return /^[A-Za-z]/.test(name) ? name : `Value${name}`;
}

/** The values of a closed set of strings, or undefined when `t` is none. */
export function closedSet(t: ZodTypeAny): string[] | undefined {
  const n = unwrap(t);
  if (n instanceof z.ZodEnum) return [...(n.options as string[])];
  if (n instanceof z.ZodUnion) {
    const options = (n.options as ZodTypeAny[]).map(unwrap);
    if (options.every((o) => o instanceof z.ZodLiteral && typeof o.value === "string")) return options.map((o) => (o as z.ZodLiteral<string>).value);
  }
  return undefined;
}

/** The enum values of `values`, each named. */
export const enumValues = (values: readonly string[]): EnumValueSpec[] => values.map((value) => ({ value, name: enumValueName(value) }));

import { z, type ZodTypeAny } from "zod";
import { unwrap } from "./zod-walk";

/**
 * Closed sets of the zod schemas (`z.enum`, unions of string literals) as enum types of the
 * package schema, so each SDK offers the values by name (`PipeSourceKafkaFormat.JSON_EACH_ROW` in
 * Python, `pipestack.PipeSourceKafkaFormatJSONEachRow` in Go) and still takes the plain string.
 */

/** One value of a schema enum; `name` where the value is no identifier in every language. */
export interface EnumValueSpec {
  value: string;
  name?: string;
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

/**
 * A value's name for the generators: none when the value is an identifier (each generator then
 * names it in its own case), else one made of its words (`SCRAM-SHA-256` -> `SCRAM_SHA_256`), a
 * duration's unit and count (`15m` -> `Minutes15`) or a symbol's meaning (`<=` -> `LessThanOrEqual`). Pure.
 */
export function enumValueName(value: string): string | undefined {
  if (/^[A-Za-z][A-Za-z0-9_]*$/.test(value)) return undefined;
  if (SYMBOLS[value]) return SYMBOLS[value];
  const duration = /^(\d+)([smhd])$/.exec(value);
  if (duration) return `${UNITS[duration[2]]}${duration[1]}`;
  const name = value
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .join("_");
  return /^[A-Za-z]/.test(name) ? name : `Value_${name}`;
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

/** The enum values of `values`, named where they must be. */
export const enumValues = (values: readonly string[]): EnumValueSpec[] =>
  values.map((value) => {
    const name = enumValueName(value);
    return name ? { value, name } : { value };
  });

import type { ZodTypeAny } from "zod";

/**
 * The object forms a schema checks a value against by a function of its own (a tile's `config`,
 * checked against the builder or the raw SQL union as the value says): declared beside it, so
 * that what walks schemas (the policy's coverage, the wire suite's) sees the union it hides.
 */
const forms = new WeakMap<ZodTypeAny, readonly ZodTypeAny[]>();

/** `schema`, declared as checking a value against one of `members`. */
export function withForms<T extends ZodTypeAny>(schema: T, members: readonly ZodTypeAny[]): T {
  forms.set(schema, members);
  return schema;
}

/** The object forms `schema` hides, if it declared any. */
export const formsOf = (schema: ZodTypeAny): readonly ZodTypeAny[] | undefined => forms.get(schema);

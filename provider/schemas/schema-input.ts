import type { z } from "zod";

/**
 * What users write for a schema, like `z.input<typeof schema>`, but built from the schema's shape
 * so that each field keeps its doc comment in editors. Why: in the published `.d.ts` only the
 * shape's keys carry the comments; zod's input type is a separate type literal without them,
 * and hover on a nested argument would show none. Mapping over the shape (`Pick`, homomorphic)
 * keeps them, at every level.
 */
export type SchemaInput<T> =
  T extends z.ZodObject<infer S>
    ? ObjectInput<S>
    : T extends z.ZodOptional<infer I>
      ? SchemaInput<I> | undefined
      : T extends z.ZodNullable<infer I>
        ? SchemaInput<I> | null
        : T extends z.ZodDefault<infer I>
          ? SchemaInput<I> | undefined
          : T extends z.ZodArray<infer I>
            ? SchemaInput<I>[]
            : T extends z.ZodEffects<infer I>
              ? SchemaInput<I>
              : T extends z.ZodDiscriminatedUnion<string, infer O>
                ? SchemaInput<O[number]>
                : T extends z.ZodUnion<infer O>
                  ? SchemaInput<O[number]>
                  : T extends z.ZodTypeAny
                    ? z.input<T>
                    : never;

type Fields<S> = { [K in keyof S]: SchemaInput<S[K]> };
// Which keys may be left out, from zod's own input types (not from SchemaInput: no recursion).
type OptionalKeys<S> = { [K in keyof S]-?: S[K] extends z.ZodTypeAny ? (undefined extends z.input<S[K]> ? K : never) : never }[keyof S];
type Flatten<T> = { [K in keyof T]: T[K] };
type ObjectInput<S> = Flatten<Pick<Fields<S>, Exclude<keyof S, OptionalKeys<S>>> & Partial<Pick<Fields<S>, OptionalKeys<S>>>>;

import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { ComputedFields, OutputSchemaOf, OwnOutputKeys } from "../schemas/field-policy";

/** The fields of an object schema, through its refinements. */
type ShapeOf<T> = T extends z.ZodObject<infer S> ? S : T extends z.ZodEffects<infer I> ? ShapeOf<I> : never;

/** The fields of a policy a class exposes as outputs: all but the instructions to the provider. */
type OutputKeys<S, P> = { [K in keyof S & keyof P]: P[K] extends { inputOnly: true } ? never : K }[keyof S & keyof P];

/**
 * A field's output: never null (the read-back drops nulls), and never undefined when the
 * provider or the server fills it in (`filled`) or the policy gives it an empty form.
 */
type OutputValue<T, Rule> = Rule extends { filled: true } | { empty: unknown } ? NonNullable<T> : Exclude<T, null>;

/**
 * The output properties of a resource class, worked out from its declaration: one per field of
 * its schema the policy does not call an instruction (typed as the schema reads it, with its doc
 * comment; a field whose policy declares an `output` typed by that, with the policy key's doc
 * comment: a dashboard's tiles come back with ids), and one per computed field of the policy.
 */
export type ClassOutputs<Schema, Policy, Computed extends ComputedFields> = {
  readonly [K in keyof Pick<ShapeOf<Schema>, Exclude<OutputKeys<ShapeOf<Schema>, Policy>, OwnOutputKeys<Policy>>>]: pulumi.Output<
    OutputValue<z.output<ShapeOf<Schema>[K]>, Policy[K & keyof Policy]>
  >;
} & {
  readonly [K in keyof Pick<Policy, OwnOutputKeys<Policy> & OutputKeys<ShapeOf<Schema>, Policy> & keyof Policy>]: pulumi.Output<
    OutputValue<z.output<OutputSchemaOf<Policy[K], ShapeOf<Schema>[K & keyof ShapeOf<Schema>]>>, Policy[K]>
  >;
} & { readonly [K in keyof Computed]: pulumi.Output<z.output<Computed[K]["computed"]>> };

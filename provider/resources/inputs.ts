import type * as pulumi from "@pulumi/pulumi";

type Primitive = string | number | boolean | undefined | null;

/** A value whose every level may be an Output, as Pulumi programs pass them. */
export type DeepInput<T> = T extends Primitive
  ? pulumi.Input<T>
  : T extends readonly (infer U)[]
    ? pulumi.Input<DeepInput<U>[]>
    : pulumi.Input<{ [K in keyof T]: DeepInput<T[K]> }>;

/** Resource args: each top-level property an input, all the way down. */
export type ArgsOf<T> = { [K in keyof T]: DeepInput<T[K]> };

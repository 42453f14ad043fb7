import type * as pulumi from "@pulumi/pulumi";

type Primitive = string | number | boolean | undefined | null;

/**
 * A value whose every level may be an Output, as Pulumi programs pass them.
 *
 * Not distributive over unions on purpose: `boolean` is `true | false`, an enum is a union of
 * literals and an optional field adds `undefined`. Distributing would make each member its own
 * Input (`Input<true> | Input<false>`), which refuses `Output<boolean>`, `Output<"A" | "B">` and
 * `Output<string | undefined>`. The whole union goes into one Input; only object and array
 * members are walked into (by `Deep`, which does distribute, so a union of object shapes keeps
 * each shape's own keys).
 */
export type DeepInput<T> = [T] extends [Primitive] ? pulumi.Input<T> : pulumi.Input<Deep<T>>;

type Deep<T> = T extends Primitive ? T : T extends readonly (infer U)[] ? DeepInput<U>[] : { [K in keyof T]: DeepInput<T[K]> };

/** Resource args: each top-level property an input, all the way down. */
export type ArgsOf<T> = { [K in keyof T]: DeepInput<T[K]> };

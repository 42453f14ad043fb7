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

/**
 * An object's fields as inputs, but its tags as written. A tag is a field that is one string in
 * some shape of a union (`displayType: "line"`, `type: "sql_ast"`): what says which shape an
 * object is. An editor narrows a union of shapes only by literals it can read, to check that
 * shape's fields and show their docs on hover, so a tag field takes its strings as themselves
 * in every shape (`type?: "lucene" | "sql"` beside `type: "sql_ast"`), not behind an Output.
 * Distributes over T; `All` keeps the whole union, whose tags each member's fields are held to.
 * (The mapped type is written out, not named, so that hovers show the fields, not an alias.)
 */
type Deep<T, All = T> = T extends Primitive
  ? T
  : T extends readonly (infer U)[]
    ? DeepInput<U>[]
    : { [K in keyof T]: K extends TagKeys<All> ? AsWritten<T[K]> : DeepInput<T[K]> };

type TagKeys<All> = All extends Primitive | readonly unknown[] ? never : { [K in keyof All]-?: IsOneString<All[K]> extends true ? K : never }[keyof All];
type IsOneString<T> = [T] extends [string] ? (string extends T ? false : IsUnion<T> extends true ? false : true) : false;
type IsUnion<T, All = T> = T extends unknown ? ([All] extends [T] ? false : true) : never;
// Strings named one by one (and `undefined`) as written; any other value stays an input.
type AsWritten<T> = [T] extends [string | undefined] ? (string extends T ? DeepInput<T> : T) : DeepInput<T>;

/** Resource args: each top-level property an input, all the way down (tags as written). */
export type ArgsOf<T, All = T> = T extends unknown ? { [K in keyof T]: K extends TagKeys<All> ? AsWritten<T[K]> : DeepInput<T[K]> } : never;

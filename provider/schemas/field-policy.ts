import type { z, ZodTypeAny } from "zod";

import { InternalError } from "../errors/operation-errors";
/**
 * A field policy says, for every field of a resource's schema, what its life cycle is: what a
 * change does, whether it is secret, whether the API ever returns it, whether the server fills
 * it in, and how a change is sent; its computed part names the outputs only the server (or the
 * engine) writes. The diff, the secret split, the request bodies, the read-back of outputs, the
 * resource class's inputs and outputs, the API record, the native schema and the README's change
 * table are all worked out from it, so one field is declared once. Pure data and pure walkers.
 */

/** What a change to a field does: in place, a new object, or nothing at all. */
type Change = "update" | "replace" | "none";

/** The rule of one field. `P` names the ways the resource sends an in-place change. */
interface FieldRule<P extends string = string> {
  change: Change;
  /** How an in-place change is sent (children inherit it). Absent: no request (the provider's own). */
  patch?: P;
  /** Secret material: kept apart from the readable inputs, under this name. */
  secret?: string;
  /** The API never returns it: the outputs carry the value of the inputs (or the old outputs). */
  writeOnly?: true;
  /** The server fills it in when left out: leaving it out is no change. */
  serverDefault?: true;
  /** An answer may lack it for a while (right after a change): the carried value stands. */
  mayBeMissing?: true;
  /** Where it travels: in the request body (the default), in the URL, or never (the provider's own). */
  sent?: "body" | "url" | "never";
  /** An object compared as one value, not field by field (its `fields` then only locate secrets). */
  whole?: true;
  /** Its value when unset, as sent in a change and kept in the outputs. @default null (left out of outputs) */
  empty?: unknown;
  /** The answer's name for it, when that differs from the program's. */
  answerKey?: string;
  /** The API's PATCH form of its parent requires it: it is sent again with any in-place change there. */
  patchRequired?: true;
  /**
   * An instruction to the provider, not a property of the object (`adoptId`, `waitTimeoutSeconds`):
   * the resource class registers it only when the program sets it and has no output for it.
   */
  inputOnly?: true;
  /**
   * The provider (the resource name, the stack config) or the server (its default) fills it in
   * when the program leaves it out: the class's output is never undefined.
   */
  filled?: true;
  /**
   * The field's value in the outputs when the server's differs in shape from the program's (a
   * dashboard's tiles come back each with its `id` and its `key`): the resource class's output,
   * the native schema's output property and the reference docs are typed by it; unset, the output
   * is typed as the input. Its doc comment (on the field's key in the policy) is the output's doc.
   */
  output?: ZodTypeAny;
}

/**
 * A field the server keeps and never answers (a connection's password, a webhook's headers):
 * `rule`'s change, secret in state under `name`, carried from the inputs into the outputs as
 * fingerprints only, and kept the server's when the program leaves it out
 * (`engine/kept-on-server.ts`). Every kind declares such a field with this, so the engine's rules
 * for write-only secrets reach each one. Pure.
 */
export const writeOnlySecret = <const R extends FieldRule, const S extends string>(rule: R, name: S) =>
  ({ ...rule, secret: name, writeOnly: true }) as const satisfies FieldRule;

type PlainObject<V> = NonNullable<V> extends readonly unknown[] ? never : NonNullable<V> extends object ? NonNullable<V> : never;
type ItemOf<V> = NonNullable<V> extends readonly (infer E)[] ? E : never;
/** True for a union of two members or more. */
type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;

/** The values the key `K` tells the members of `U` apart by. */
type VariantValues<U, K extends PropertyKey> = U extends unknown ? (K extends keyof U ? Extract<NonNullable<U[K]>, string> : never) : never;
/** The member of `U` whose key `K` may take the value `D`. */
type VariantMember<U, K extends PropertyKey, D> = U extends unknown ? (K extends keyof U ? (D extends NonNullable<U[K]> ? U : never) : never) : never;
/** True when a member of `U` may leave `K` out. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{}` extends exactly the types whose one key may be left out
type MayOmit<U, K extends PropertyKey> = true extends (U extends unknown ? ({} extends Pick<U, K & keyof U> ? true : false) : never) ? true : false;

/** One variant of a union: the policy of its own fields, the discriminator among them. */
interface VariantNode<M, P extends string> {
  fields: FieldPolicy<M, P>;
}

/**
 * A union of object shapes declared by variant: `discriminator` names the key whose value says
 * which variant an object is, `variants` holds every variant's policy by that value (a variant
 * the union has and the policy lacks, or one it lacks, does not compile), and `absent` names the
 * variant an object that leaves the discriminator out is (when a member may leave it out).
 * A policy declared apart from the resource's says `satisfies VariantsPolicy<...>` itself, so
 * that a field no variant has does not compile either.
 */
export type VariantsPolicy<U, P extends string = string> = {
  [K in TagKeys<U>]: {
    discriminator: K;
    variants: { readonly [D in VariantValues<U, K>]: VariantNode<VariantMember<U, K, D>, P> };
  } & (MayOmit<U, K> extends true ? { absent: VariantValues<U, K> } : { absent?: never });
}[TagKeys<U>];

/** True when every member of `U` holds only string literals at `K` (what can tell them apart). */
type LiteralIn<U, K extends PropertyKey> = U extends unknown
  ? K extends keyof U
    ? string extends NonNullable<U[K]>
      ? false
      : NonNullable<U[K]> extends string
        ? true
        : false
    : false
  : never;
/** The keys that can tell the members of `U` apart (usually one: then a variant the union lacks does not compile either). */
type TagKeys<U> = { [K in keyof U & string]: false extends LiteralIn<U, K> ? never : K }[keyof U & string];

/** What a value is declared by beyond its rule: an object's fields, a union's variants, an array's items. */
type Shape<V, P extends string> = [PlainObject<V>] extends [never]
  ? [ItemOf<V>] extends [never]
    ? { fields?: never; variants?: never; items?: never }
    : true extends IsUnion<PlainObject<ItemOf<V>>>
      ? { fields?: never; variants?: never; items: Shape<ItemOf<V>, P> }
      : { fields?: never; variants?: never; items?: Shape<ItemOf<V>, P> }
  : true extends IsUnion<PlainObject<V>>
    ? { fields?: never; items?: never } & VariantsPolicy<PlainObject<V>, P>
    : { fields?: FieldPolicy<PlainObject<V>, P>; variants?: never; items?: never } | ({ fields?: never; items?: never } & VariantsPolicy<PlainObject<V>, P>);

/**
 * A field's rule, and what its value is declared by: for an object, optionally the policy of its
 * own fields; for a union of objects, the policy of each variant (required); for an array, the
 * declaration of its items (required when they are a union).
 */
type FieldNode<V, P extends string = string> = FieldRule<P> & Shape<V, P>;

/**
 * The policy of an object type: a rule for every one of its keys. A key left out, or one the
 * type does not have, does not compile (`satisfies FieldPolicy<SpecInput>`).
 */
export type FieldPolicy<T, P extends string = string> = { readonly [K in keyof T]-?: FieldNode<T[K], P> };

/** What a value is declared by, as the walkers see it (see {@link Shape}). */
export interface AnyShape {
  fields?: PolicyTree;
  /** The key whose value names the variant, with `variants`. */
  discriminator?: string;
  variants?: { readonly [value: string]: { fields: PolicyTree } };
  /** The variant of an object that leaves the discriminator out. */
  absent?: string;
  items?: AnyShape;
}

/** A policy as the walkers see it, whatever the type it was checked against. */
export type AnyNode = FieldRule & AnyShape;
export type PolicyTree = { readonly [key: string]: AnyNode };

/** One node of a policy with its path from the root and the patch it inherits. */
interface PolicyEntry {
  path: readonly string[];
  node: AnyNode;
  patch?: string;
}

/** Every node of a policy, parents before children. */
export function policyEntries(tree: PolicyTree, prefix: readonly string[] = [], inherited?: string): PolicyEntry[] {
  const out: PolicyEntry[] = [];
  for (const [key, node] of Object.entries(tree)) {
    const path = [...prefix, key];
    const patch = node.patch ?? inherited;
    out.push({ path, node, patch });
    if (node.fields) out.push(...policyEntries(node.fields, path, patch));
  }
  return out;
}

/** The node at a path, with the patch it inherits; undefined when the policy does not name it. */
export function policyAt(tree: PolicyTree, path: readonly string[]): PolicyEntry | undefined {
  let fields: PolicyTree | undefined = tree;
  let node: AnyNode | undefined;
  let patch: string | undefined;
  for (const key of path) {
    node = fields?.[key];
    if (!node) return undefined;
    patch = node.patch ?? patch;
    fields = node.fields;
  }
  return node ? { path, node, patch } : undefined;
}

/** Where each secret lives: secret name -> its paths (one per source kind that has it). */
export function locateSecrets(tree: PolicyTree): Record<string, (readonly string[])[]> {
  const out: Record<string, (readonly string[])[]> = {};
  for (const e of policyEntries(tree)) if (e.node.secret) (out[e.node.secret] ??= []).push(e.path);
  return out;
}

/**
 * The secrets as one object node of their own, one field per secret name: what a change of each
 * means, and how it is sent, taken from where it lives (every location must agree).
 */
export function secretsNode(tree: PolicyTree): AnyNode {
  const fields: Record<string, AnyNode> = {};
  for (const e of policyEntries(tree)) {
    const name = e.node.secret;
    if (!name) continue;
    const seen = fields[name];
    if (seen && (seen.change !== e.node.change || seen.patch !== e.patch)) {
      throw new InternalError(`field policy: secret ${name} is declared twice with different rules (${e.path.join(".")})`);
    }
    fields[name] = { change: e.node.change, patch: e.patch, secret: name, writeOnly: e.node.writeOnly };
  }
  return { change: "update", fields };
}

/** Type-level: the names of the secrets of a policy, and the values each may hold. */
type SecretEntries<T, P> = {
  [K in keyof P & keyof T]: P[K] extends { secret: infer S extends string }
    ? { name: S; value: NonNullable<T[K]> }
    : P[K] extends { fields: infer F }
      ? SecretEntries<PlainObject<T[K]>, F>
      : never;
}[keyof P & keyof T];

/** The secrets object of a policy over `T`: one optional key per secret name. */
export type SecretsOf<T, P> = { [E in SecretEntries<T, P> as E["name"]]?: E["value"] };

/** The top-level fields a request body carries: all but those in the URL and the provider's own. */
export function bodyKeys(tree: PolicyTree): string[] {
  return Object.entries(tree)
    .filter(([, node]) => (node.sent ?? "body") === "body")
    .map(([key]) => key);
}

/** The top-level fields that say where the object lives (sent in the URL). */
export function addressKeys(tree: PolicyTree): string[] {
  return Object.entries(tree)
    .filter(([, node]) => node.sent === "url")
    .map(([key]) => key);
}

/**
 * A computed field: an output only the server (or the engine) writes, typed as its API answer
 * has it; never an input, never a change. Its doc comment (on its key) is the output's hover doc.
 */
export interface ComputedRule<T extends ZodTypeAny = ZodTypeAny> {
  readonly computed: T;
}

/** The computed fields of a resource, by output name. */
export type ComputedFields = { readonly [key: string]: ComputedRule };

/** A computed field of type `t`. */
export const computed = <T extends ZodTypeAny>(t: T): ComputedRule<T> => ({ computed: t });

/** The names of the computed fields. */
export const computedKeys = <C extends ComputedFields>(fields: C): (keyof C & string)[] => Object.keys(fields);

/** The computed fields as an API answer carries them: each may be absent or null. */
export function computedRecord<C extends ComputedFields>(fields: C): { [K in keyof C]: z.ZodOptional<z.ZodNullable<C[K]["computed"]>> } {
  return Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.computed.nullish()])) as never;
}

/** The computed outputs as the engine holds them: each optional. */
export type ComputedOutputs<C extends ComputedFields> = { [K in keyof C]?: NonNullable<z.output<C[K]["computed"]>> };

/** The fields whose policy declares their output's own schema (`output`). */
export type OwnOutputKeys<P> = { [K in keyof P]: P[K] extends { output: ZodTypeAny } ? K : never }[keyof P];

/** The schema of a field's output, at the type level: its rule's `output` when it declares one, else `Input`. */
export type OutputSchemaOf<Rule, Input> = Rule extends { output: infer O extends ZodTypeAny } ? O : Input;

/** Values as the outputs hold them: a field whose policy declares an `output` typed by it, the others as the inputs. */
export type StoredAs<I, P> = Omit<I, OwnOutputKeys<P>> & { [K in OwnOutputKeys<P>]: z.output<OutputSchemaOf<P[K], never>> };

/** The schema of a field's output: the policy's `output` when it declares one, else the input's own. */
export const outputSchema = (node: AnyNode | undefined, input: ZodTypeAny): ZodTypeAny => node?.output ?? input;

/** What the generated docs (the native schema's descriptions) say of a field {@link fixedAtCreation}. */
export const FIXED_AT_CREATION = "Fixed at creation.";

/** True when any change to the field makes a new object: it replaces, and so does every field under it. */
export function fixedAtCreation(node: AnyNode): boolean {
  return node.change === "replace" && Object.values(node.fields ?? {}).every(fixedAtCreation);
}

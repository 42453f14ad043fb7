import type { AnyShape, PolicyTree } from "./field-policy";
import { isObj } from "./plain-object";

/**
 * Walkers of a value declared by its shape in a field policy (`fields`, `variants`, `items`): which
 * variant of a union an object is, the fields its policy names, what a body sends of it and the
 * key that identifies it. A union's variants are each declared once in the policy, so what each
 * sends, keeps and compares follows from that declaration (a new variant's fields travel with it).
 * Pure.
 */

/**
 * The variant `value` is, by its discriminator (the `absent` variant when it leaves the key out);
 * undefined when the shape is no union, the value no object, or no declared variant has that value.
 */
export function variantName(shape: AnyShape, value: unknown): string | undefined {
  if (!shape.variants || !shape.discriminator || !isObj(value)) return undefined;
  const tag = value[shape.discriminator] ?? shape.absent;
  return typeof tag === "string" && Object.hasOwn(shape.variants, tag) ? tag : undefined;
}

/** The policy of the fields of `value`: an object's `fields`, or those of its variant. Undefined: it is one value. */
export function fieldsOf(shape: AnyShape, value: unknown): PolicyTree | undefined {
  if (shape.fields) return shape.fields;
  const name = variantName(shape, value);
  return name === undefined ? undefined : shape.variants![name].fields;
}

/**
 * The fields two values are compared by, field by field: an object's `fields`, or those of the
 * variant both are (`a` may be unset). Undefined when they are of different variants (or an
 * undeclared one): then they are compared whole.
 */
export function sharedFields(shape: AnyShape, a: unknown, b: unknown): PolicyTree | undefined {
  if (shape.fields) return shape.fields;
  const name = variantName(shape, b);
  if (name === undefined || (a !== undefined && a !== null && variantName(shape, a) !== name)) return undefined;
  return shape.variants![name].fields;
}

/**
 * `value` as a request body carries it: of an object (or a union's variant) every field its
 * policy sends, each by its own shape; an array item by item; anything else (and a variant not
 * declared) as it is. Unset fields are left out.
 */
export function sentValue(shape: AnyShape, value: unknown): unknown {
  if (Array.isArray(value)) return shape.items ? value.map((v) => sentValue(shape.items!, v)) : value;
  const fields = fieldsOf(shape, value);
  if (!fields || !isObj(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, node] of Object.entries(fields)) {
    if ((node.sent ?? "body") !== "body" || value[key] === undefined || value[key] === null) continue;
    out[key] = sentValue(node, value[key]);
  }
  return out;
}

/**
 * What identifies `value` to the server: its declared fields' values in the policy's order (of
 * its variant, for a union), as one string; two values with the same key are the same object
 * (an alert's channel). A value of no declared shape is its own JSON.
 */
export function declaredKey(shape: AnyShape, value: unknown): string {
  const id = declaredIdentity(shape, value);
  return JSON.stringify(id) ?? String(id);
}

/** The values {@link declaredKey} is made of: its declared fields' values in order, or the value itself. */
export function declaredIdentity(shape: AnyShape, value: unknown): unknown {
  const fields = fieldsOf(shape, value);
  if (!fields || !isObj(value)) return value;
  return Object.keys(fields).map((k) => value[k] ?? null);
}

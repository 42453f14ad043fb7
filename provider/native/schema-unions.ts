import { z, type ZodTypeAny } from "zod";
import { formsOf } from "../schemas/union-forms";
import { closedSet } from "./schema-enums";
import { unwrap } from "./zod-walk";

/**
 * Unions of the zod schemas as the package schema can carry them typed in every SDK. Pulumi's
 * schema has no discriminated union of objects, and its Go generator renders any other union
 * (`oneOf`) as an untyped `pulumi.Input` (pkg/v3/codegen/go: "TODO(pdg): union types"). So a
 * union of object forms becomes one object type holding every form's fields, each optional, with
 * the tag (`displayType`, `type`) as an enum of every form's value; `check` still holds a value
 * to the one form its tag names and refuses the fields of other forms, with their paths. Only a
 * field whose forms differ in kind (a list in one form, a string in another) stays a `oneOf`.
 */

/** The object forms of `t`: itself for an object, the options of a union of objects, or the forms a schema declares (`withForms`). */
export function objectForms(t: ZodTypeAny): z.ZodObject<z.ZodRawShape>[] | undefined {
  const n = unwrap(t);
  const declared = formsOf(n);
  const options = declared ?? (n instanceof z.ZodUnion || n instanceof z.ZodDiscriminatedUnion ? (n.options as ZodTypeAny[]) : undefined);
  const forms = options?.map(unwrap);
  if (!forms) return n instanceof z.ZodObject ? [n as z.ZodObject<z.ZodRawShape>] : undefined;
  return forms.every((f) => f instanceof z.ZodObject) ? [...new Set(forms as z.ZodObject<z.ZodRawShape>[])] : undefined;
}

/** The string a literal field holds, if it holds one. */
const literalString = (t: ZodTypeAny): string | undefined => {
  const n = unwrap(t);
  return n instanceof z.ZodLiteral && typeof n.value === "string" ? n.value : undefined;
};

/** The strings a field takes when it takes a closed set of them (a literal, an enum), else undefined. */
const stringsOf = (t: ZodTypeAny): string[] | undefined => {
  const literal = literalString(t);
  return literal !== undefined ? [literal] : closedSet(t);
};

/**
 * The one field of `key` in a union of object forms: the forms' closed sets of strings joined into
 * one (`tag` when each form holds one literal: what tells the forms apart); the field itself when
 * every form has the same; else the union of the forms' fields. Pure.
 */
export function mergedField(shapes: readonly z.ZodRawShape[], key: string): { field: ZodTypeAny; tag: boolean } {
  const fields = shapes.filter((s) => key in s).map((s) => s[key]);
  const sets = fields.map(stringsOf);
  const values = [...new Set(sets.flatMap((v) => v ?? []))];
  if (fields.length > 1 && values.length > 1 && sets.every((v) => v !== undefined)) {
    return { field: z.enum(values as [string, ...string[]]), tag: fields.every((f) => literalString(f) !== undefined) };
  }
  const distinct = [...new Set(fields.map(unwrap))];
  if (distinct.length === 1) return { field: fields[0], tag: false };
  return { field: z.union(distinct as [ZodTypeAny, ZodTypeAny, ...ZodTypeAny[]]), tag: false };
}

/** True when a field of an object form may be left out. */
export const optional = (t: ZodTypeAny): boolean => t.isOptional() || t instanceof z.ZodDefault;

/** The keys every form has and none may leave out: what the merged object requires. */
export const requiredInEvery = (shapes: readonly z.ZodRawShape[], keys: readonly string[]): string[] =>
  keys.filter((k) => shapes.every((s) => k in s && !optional(s[k])));

/**
 * The options of a union that is no union of objects, split for the schema: lists of objects
 * (to become one list of the merged object) and the rest (each typed on its own).
 */
export function splitOptions(options: readonly ZodTypeAny[]): { listForms: z.ZodObject<z.ZodRawShape>[]; rest: ZodTypeAny[] } {
  const listForms: z.ZodObject<z.ZodRawShape>[] = [];
  const rest: ZodTypeAny[] = [];
  for (const o of options.map(unwrap)) {
    const forms = o instanceof z.ZodArray ? objectForms(o.element as ZodTypeAny) : undefined;
    if (forms) listForms.push(...forms);
    else rest.push(o);
  }
  return { listForms: [...new Set(listForms)], rest };
}

/** The suffix of a split field's string form (`select` -> `selectText`). */
export const TEXT_SUFFIX = "Text";

/**
 * The forms of `key` split by kind, when some hold a list of objects and the others a string:
 * the list keeps the key, the string takes `<key>Text` (a `oneOf` of the two is untyped in Go and
 * fails at run time in Python, pulumi/pulumi#17181). Undefined when the forms agree in kind;
 * an error for any other mix, so that a new one is decided, not rendered untyped. Pure.
 */
export function splitByKind(shapes: readonly z.ZodRawShape[], key: string): { list: ZodTypeAny[]; text: ZodTypeAny[]; alias: string } | undefined {
  const fields = shapes.filter((s) => key in s).map((s) => s[key]);
  const isList = (f: ZodTypeAny) => {
    const n = unwrap(f);
    return n instanceof z.ZodArray && objectForms(n.element as ZodTypeAny) !== undefined;
  };
  const list = fields.filter(isList);
  const others = fields.filter((f) => !isList(f));
  if (list.length === 0 || others.length === 0) return undefined;
  if (!others.every((f) => unwrap(f) instanceof z.ZodString))
    throw new Error(`package schema: the forms of ${key} mix a list of objects with a kind other than a string`);
  return { list, text: others, alias: key + TEXT_SUFFIX };
}

/**
 * Reading a zod schema's structure, for the walkers that hold it to its field policy and to the
 * wire fixtures: what a value is once optional / nullable / default / refined / piped wrappers
 * are looked through, the object forms of a union (also those a schema declares by `withForms`),
 * the key that tells them apart, and the values each form takes there.
 */
import type { ZodTypeAny } from "zod";
import { formsOf } from "../../provider/schemas/union-forms";

type Def = {
  typeName?: string;
  innerType?: ZodTypeAny;
  schema?: ZodTypeAny;
  in?: ZodTypeAny;
  type?: ZodTypeAny;
  options?: readonly ZodTypeAny[];
  shape?: () => Record<string, ZodTypeAny>;
  value?: unknown;
  values?: readonly unknown[];
};

const def = (s: ZodTypeAny) => s._def as Def;

/** The object forms of a union of objects (or of a schema declaring its forms); undefined for anything else. */
export function formsOfUnion(schema: ZodTypeAny): ZodTypeAny[] | undefined {
  const declared = formsOf(schema);
  if (declared) return [...declared];
  const d = def(schema);
  if (d.typeName !== "ZodUnion" && d.typeName !== "ZodDiscriminatedUnion") return undefined;
  const options = [...(d.options ?? [])];
  return options.every((o) => def(unwrap(o)).typeName === "ZodObject") ? options.map(unwrap) : undefined;
}

/** The schema a value meets, wrappers looked through (stops at a union, including a declared one). */
export function unwrap(schema: ZodTypeAny): ZodTypeAny {
  if (formsOf(schema)) return schema;
  const d = def(schema);
  switch (d.typeName) {
    case "ZodOptional":
    case "ZodNullable":
    case "ZodDefault":
    case "ZodReadonly":
    case "ZodCatch":
      return unwrap(d.innerType!);
    case "ZodEffects":
      return unwrap(d.schema!);
    case "ZodPipeline":
      return unwrap(d.in!);
    case "ZodBranded":
      return unwrap(d.type!);
    default:
      return schema;
  }
}

/** The fields of an object schema; undefined for anything else. */
export function shapeOf(schema: ZodTypeAny): Record<string, ZodTypeAny> | undefined {
  const d = def(schema);
  return d.typeName === "ZodObject" ? d.shape!() : undefined;
}

/** The item schema of an array schema; undefined for anything else. */
export function itemOf(schema: ZodTypeAny): ZodTypeAny | undefined {
  const d = def(schema);
  return d.typeName === "ZodArray" ? d.type : undefined;
}

/** The string values a schema takes when it is a literal or an enum (through wrappers); undefined otherwise. */
export function tagValues(schema: ZodTypeAny): string[] | undefined {
  const d = def(unwrap(schema));
  if (d.typeName === "ZodLiteral") return typeof d.value === "string" ? [d.value] : undefined;
  if (d.typeName === "ZodEnum") return (d.values ?? []).filter((v): v is string => typeof v === "string");
  return undefined;
}

/** True when the form may leave `key` out. */
export const mayOmit = (form: ZodTypeAny, key: string): boolean => shapeOf(form)?.[key]?.isOptional() ?? true;

/** The key whose literal values tell the forms apart: the first key every form has as a literal or an enum. */
export function discriminatorOf(forms: readonly ZodTypeAny[]): string | undefined {
  const first = shapeOf(forms[0]) ?? {};
  return Object.keys(first).find((k) =>
    forms.every((f) => {
      const field = shapeOf(f)?.[k];
      return field !== undefined && tagValues(field) !== undefined;
    }),
  );
}

/** The forms by each value of the discriminator: a form taking several values is listed under each. */
export function formsByValue(forms: readonly ZodTypeAny[], key: string): Map<string, ZodTypeAny[]> {
  const out = new Map<string, ZodTypeAny[]>();
  for (const form of forms) for (const v of tagValues(shapeOf(form)![key]) ?? []) out.set(v, [...(out.get(v) ?? []), form]);
  return out;
}

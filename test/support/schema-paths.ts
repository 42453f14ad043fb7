/**
 * Every field path a zod schema documents, and the paths a value sets of them, for tests that
 * must cover each field: objects are walked key by key, array items share one `[]` segment,
 * optional / nullable / default / refined / preprocessed values are looked through, and a union
 * of objects (an alert channel, a tile `config`, a saved-search filter) is walked into variant
 * by variant, each named by its discriminator's value: `channels[]<webhook>.webhookId`. So a
 * field of one variant is covered only by a value of that variant. A record is one value.
 */
import type { ZodTypeAny } from "zod";
import { discriminatorOf, formsByValue, formsOfUnion, itemOf, shapeOf, unwrap } from "./zod-forms";

type Obj = Record<string, unknown>;

const join = (prefix: string, key: string) => (prefix ? `${prefix}.${key}` : key);
const unique = (paths: string[]) => [...new Set(paths)];

/** The fields of the variant `value` names (every form with that value, merged). */
function variantShape(forms: readonly ZodTypeAny[], value: string, key: string): Record<string, ZodTypeAny> {
  return Object.assign({}, ...(formsByValue(forms, key).get(value) ?? []).map((f) => shapeOf(f)));
}

/** Every path `schema` documents. */
export function schemaPaths(schema: ZodTypeAny, prefix = ""): string[] {
  const s = unwrap(schema);
  const forms = formsOfUnion(s);
  if (forms) {
    const key = discriminatorOf(forms);
    if (key === undefined) return [];
    return unique([...formsByValue(forms, key).keys()].flatMap((value) => shapePaths(variantShape(forms, value, key), `${prefix}<${value}>`)));
  }
  const item = itemOf(s);
  if (item) return schemaPaths(item, `${prefix}[]`);
  const shape = shapeOf(s);
  return shape ? shapePaths(shape, prefix) : [];
}

function shapePaths(shape: Record<string, ZodTypeAny>, prefix: string): string[] {
  return Object.entries(shape).flatMap(([key, child]) => [join(prefix, key), ...schemaPaths(child, join(prefix, key))]);
}

/**
 * The paths of `schema` that `value` sets, in the form {@link schemaPaths} gives them: a union's
 * variant named by the value's discriminator (a value that leaves it out covers no variant).
 */
export function valuePaths(schema: ZodTypeAny, value: unknown, prefix = ""): string[] {
  if (value === undefined || value === null) return [];
  const s = unwrap(schema);
  const forms = formsOfUnion(s);
  if (forms) {
    const key = discriminatorOf(forms);
    const tag = key !== undefined && isObj(value) ? value[key] : undefined;
    return typeof tag === "string" ? objectPaths(variantShape(forms, tag, key!), value, `${prefix}<${tag}>`) : [];
  }
  const item = itemOf(s);
  if (item) return Array.isArray(value) ? unique(value.flatMap((v) => valuePaths(item, v, `${prefix}[]`))) : [];
  const shape = shapeOf(s);
  return shape ? objectPaths(shape, value, prefix) : [];
}

function objectPaths(shape: Record<string, ZodTypeAny>, value: unknown, prefix: string): string[] {
  if (!isObj(value)) return [];
  return unique(
    Object.entries(value)
      .filter(([key, v]) => v !== undefined && Object.hasOwn(shape, key))
      .flatMap(([key, v]) => [join(prefix, key), ...valuePaths(shape[key], v, join(prefix, key))]),
  );
}

const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

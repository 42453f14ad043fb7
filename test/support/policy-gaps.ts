/**
 * Where a field policy falls short of its schema, at run time: a field with no entry, an entry
 * for no field, a union of objects not declared by variant, a variant (or a variant's field)
 * the policy lacks or the schema does not have, a form that leaves the discriminator out with
 * no `absent` variant, a union the policy never reaches (an array or object declared as one
 * value above it). The compiler says the same of the policies it can type (`FieldPolicy`); this
 * holds every registered kind to it whatever its types say (a union a schema checks by a
 * function of its own, see `withForms`). Paths name a variant as `channel<webhook>`. Pure.
 */
import type { ZodTypeAny } from "zod";
import { policyEntries, type AnyShape, type PolicyTree } from "../../provider/schemas/field-policy";
import { formsByValue, formsOfUnion, itemOf, mayOmit, shapeOf, tagValues, unwrap } from "./zod-forms";

const join = (at: string, key: string) => (at ? `${at}.${key}` : key);

/** Every gap between a resource's schema (an object, maybe refined) and its policy; empty when it covers it. */
export function policyGaps(schema: ZodTypeAny, tree: PolicyTree): string[] {
  const shape = shapeOf(unwrap(schema));
  return shape ? fieldGaps(shape, tree, "") : ["the schema is no object"];
}

function fieldGaps(shape: Record<string, ZodTypeAny>, tree: PolicyTree, at: string): string[] {
  const out: string[] = [];
  for (const key of Object.keys(shape)) if (!Object.hasOwn(tree, key)) out.push(`${join(at, key)}: the policy has no entry for it`);
  for (const key of Object.keys(tree)) if (!Object.hasOwn(shape, key)) out.push(`${join(at, key)}: the policy names a field the schema does not have`);
  for (const [key, child] of Object.entries(shape)) if (Object.hasOwn(tree, key)) out.push(...nodeGaps(child, tree[key], join(at, key)));
  return out;
}

function nodeGaps(schema: ZodTypeAny, node: AnyShape, at: string): string[] {
  const s = unwrap(schema);
  const forms = formsOfUnion(s);
  if (forms) return unionGaps(forms, node, at);
  const shape = shapeOf(s);
  if (shape) {
    if (node.variants) return unionGaps([s], node, at);
    return node.fields ? fieldGaps(shape, node.fields, at) : unreached(s, at);
  }
  const item = itemOf(s);
  if (item) return node.items ? nodeGaps(item, node.items, `${at}[]`) : unreached(item, `${at}[]`);
  return node.fields || node.variants || node.items ? [`${at}: the policy declares fields, variants or items of a value that has none`] : [];
}

function unionGaps(forms: readonly ZodTypeAny[], node: AnyShape, at: string): string[] {
  const key = node.discriminator;
  if (!node.variants || key === undefined) return [`${at}: a union of ${forms.length} object forms: declare it by variant (discriminator, variants)`];
  if (forms.some((f) => tagValues(shapeOf(f)?.[key] ?? unwrap(f)) === undefined)) return [`${at}: \`${key}\` does not tell every form apart`];
  const out: string[] = [];
  const byValue = formsByValue(forms, key);
  for (const [value, members] of byValue) {
    const variant = node.variants[value];
    if (!variant) {
      out.push(`${at}<${value}>: a variant of the union the policy lacks`);
      continue;
    }
    const fields: Record<string, ZodTypeAny> = Object.assign({}, ...members.map((m) => shapeOf(m)));
    out.push(...fieldGaps(fields, variant.fields, `${at}<${value}>`));
    // The secret walkers (`locateSecrets`, the native schema) follow `fields` only.
    for (const e of policyEntries(variant.fields)) if (e.node.secret) out.push(`${at}<${value}>.${e.path.join(".")}: a secret inside a variant is not located`);
  }
  for (const value of Object.keys(node.variants)) if (!byValue.has(value)) out.push(`${at}<${value}>: no form of the union has this \`${key}\``);
  const omitting = forms.filter((f) => mayOmit(f, key));
  if (omitting.length > 0 && !(node.absent !== undefined && (byValue.get(node.absent) ?? []).some((f) => omitting.includes(f)))) {
    out.push(`${at}: a form may leave \`${key}\` out: name the variant it then is in \`absent\``);
  }
  return out;
}

/** The unions of objects under a value the policy declares as one: each must be declared by variant, so the policy must reach it. */
function unreached(schema: ZodTypeAny, at: string): string[] {
  const s = unwrap(schema);
  if (formsOfUnion(s)) return [`${at}: a union of object forms the policy does not reach: declare the fields or items down to it, and it by variant`];
  const item = itemOf(s);
  if (item) return unreached(item, `${at}[]`);
  return Object.entries(shapeOf(s) ?? {}).flatMap(([k, child]) => unreached(child, join(at, k)));
}

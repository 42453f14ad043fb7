/**
 * Every field path a zod schema documents, for tests that must cover each field: objects are
 * walked key by key, array items share one `[]` segment, optional / nullable / default /
 * refined / preprocessed values are looked through. A union (a tile `config`, an alert channel,
 * a saved-search filter) or a record is one value: its variants are not walked into.
 */
import type { ZodTypeAny } from "zod";

type Def = { typeName?: string; innerType?: ZodTypeAny; schema?: ZodTypeAny; type?: ZodTypeAny; shape?: () => Record<string, ZodTypeAny> };

export function schemaPaths(schema: ZodTypeAny, prefix = ""): string[] {
  const def = schema._def as Def;
  switch (def.typeName) {
    case "ZodOptional":
    case "ZodNullable":
    case "ZodDefault":
      return schemaPaths(def.innerType!, prefix);
    case "ZodEffects":
      return schemaPaths(def.schema!, prefix);
    case "ZodArray":
      return schemaPaths(def.type!, `${prefix}[]`);
    case "ZodObject": {
      const out: string[] = [];
      for (const [key, child] of Object.entries(def.shape!())) {
        const path = prefix ? `${prefix}.${key}` : key;
        out.push(path, ...schemaPaths(child, path));
      }
      return out;
    }
    default:
      return [];
  }
}

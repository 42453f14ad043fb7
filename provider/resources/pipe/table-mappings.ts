import { isObj, type Obj } from "../../schemas/plain-object";

/**
 * The fields that name a mapping's source table, per database kind: schema and table
 * (postgres, mysql), database and collection (mongodb), dataset and table (bigquery).
 */
const sourceFields = [
  ["sourceSchemaName", "sourceTable"],
  ["sourceDatabaseName", "sourceCollection"],
  ["sourceDatasetName", "sourceTable"],
] as const;

function sourceFieldsOf(m: Obj): readonly string[] {
  return sourceFields.find(([container]) => m[container] !== undefined) ?? sourceFields[0];
}

/** `schema.table` (or `database.collection`): the source table a mapping reads. */
export function sourceTableKey(m: Obj): string {
  return sourceFieldsOf(m)
    .map((k) => String(m[k]))
    .join(".");
}

/** A mapping's identity: its source table and target table. */
export function mappingKey(m: unknown): string {
  return isObj(m) ? `${sourceTableKey(m)}->${String(m.targetTable)}` : "";
}

/** What a removal names: the source table and the target table, nothing else. */
export function removalOf(m: Obj): Obj {
  return Object.fromEntries([...sourceFieldsOf(m), "targetTable"].map((k) => [k, m[k]]));
}

import type { FieldChange } from "../field-diff";
import { mergeSourceSecrets } from "../../schemas/pipe-secrets";
import { canonical, isObj, sameValue } from "../canonical";
import { kindOf } from "./states";

type Obj = Record<string, unknown>;

/** The API calls an in-place update needs, worked out from the changed fields. Pure. */
export interface UpdatePlan {
  /** Body of PATCH /pipes/{id}, if anything there changed. */
  patch?: Obj;
  /** A database pipe must be paused while its table mappings change. */
  pause: boolean;
  /** Body of PUT /settings (the whole object). */
  settings?: Obj;
  /** Body of PATCH /scaling. */
  scaling?: Obj;
}

const mappingKey = (m: Obj) => `${m.sourceSchemaName}.${m.sourceTable}->${m.targetTable}`;

/**
 * Table mappings cannot be edited in place: a changed one is removed and added again.
 */
export function tableMappingChanges(olds: unknown, news: unknown): { add: Obj[]; remove: Obj[] } {
  const before = new Map((Array.isArray(olds) ? olds : []).filter(isObj).map((m) => [mappingKey(m), m]));
  const after = new Map((Array.isArray(news) ? news : []).filter(isObj).map((m) => [mappingKey(m), m]));
  const remove: Obj[] = [];
  const add: Obj[] = [];
  for (const [key, m] of before) {
    const next = after.get(key);
    if (!next || !sameValue(m, next)) remove.push({ sourceSchemaName: m.sourceSchemaName, sourceTable: m.sourceTable, targetTable: m.targetTable });
  }
  for (const [key, m] of after) {
    const prev = before.get(key);
    if (!prev || !sameValue(prev, m)) add.push(canonical(m) as Obj);
  }
  return { add, remove };
}

export function planUpdate(olds: Obj, news: Obj, changes: readonly FieldChange[]): UpdatePlan {
  const changed = (p: string) => changes.some((c) => c.path === p || c.path.startsWith(`${p}.`));
  const plan: UpdatePlan = { pause: false };
  const patch: Obj = {};
  if (changed("name")) patch.name = news.name;
  if (changed("fieldMappings")) patch.fieldMappings = canonical(news.fieldMappings) ?? [];
  if (changed("destination.columns")) patch.destination = { columns: canonical((news.destination as Obj).columns) ?? [] };

  const kind = kindOf(news);
  const newSource = (mergeSourceSecrets(news.source as Obj, news.sourceSecrets as Obj) ?? {}) as Obj;
  const fields = isObj(newSource[kind ?? ""]) ? (newSource[kind!] as Obj) : {};
  const sourcePatch: Obj = {};
  for (const c of changes) {
    const m = /^source\.(\w+)\.(\w+)/.exec(c.path);
    if (m && m[1] === kind && m[2] !== "tableMappings" && m[2] !== "settings") sourcePatch[m[2]!] = fields[m[2]!] ?? null;
    const s = /^sourceSecrets\.(credentials|accessKey|connectionString)$/.exec(c.path);
    if (s) sourcePatch[s[1]!] = fields[s[1]!] ?? null;
  }
  if (kind === "postgres") {
    const pgSettings = isObj(fields.settings) ? fields.settings : {};
    const settingsPatch: Obj = {};
    for (const key of ["syncIntervalSeconds", "pullBatchSize"]) {
      if (changed(`source.postgres.settings.${key}`) && pgSettings[key] !== undefined) settingsPatch[key] = pgSettings[key];
    }
    if (Object.keys(settingsPatch).length) sourcePatch.settings = settingsPatch;
    if (changed("source.postgres.tableMappings")) {
      const oldPg = ((olds.source as Obj | undefined)?.postgres ?? {}) as Obj;
      const { add, remove } = tableMappingChanges(oldPg.tableMappings, fields.tableMappings);
      sourcePatch.tableMappingsToAdd = add;
      sourcePatch.tableMappingsToRemove = remove;
      plan.pause = add.length + remove.length > 0;
    }
  }
  const source: Obj = {};
  if (Object.keys(sourcePatch).length && kind) source[kind] = sourcePatch;
  if (changed("source.validateSamples")) source.validateSamples = (news.source as Obj).validateSamples ?? false;
  if (Object.keys(source).length) patch.source = source;
  if (Object.keys(patch).length) plan.patch = patch;

  if (changed("settings")) plan.settings = (canonical(news.settings) as Obj | undefined) ?? {};
  if (changed("scaling")) {
    const scaling = canonical(news.scaling) as Obj | undefined;
    if (scaling) plan.scaling = scaling;
  }
  return plan;
}

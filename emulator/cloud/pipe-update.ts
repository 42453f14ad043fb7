/**
 * PATCH of a pipe: what may change in place (behaviour notes, "What can change in place";
 * the PATCH schemas of the spec list the same fields) and the new values it produces.
 * Anything fixed at creation is refused with a message saying a new pipe is needed.
 */
import { isObject, type JsonObject } from "../http/body";
import { schemaProperties, unknownKeys } from "./openapi";
import { destinationProblems, kindsSet, MAPPING_SOURCE, nameProblems, settingsProblems, SOURCE_CREATE_SCHEMA, tableMappingProblems } from "./pipe-rules";
import { DATABASE_KINDS, type SourceKind, type StoredPipe } from "./pipe-model";

/** Spec schema listing the in-place source fields of each kind; bigquery has none (every change is a new pipe). */
const PATCH_SCHEMA: Record<SourceKind, string | undefined> = {
  kafka: "PipePatchKafkaSource",
  objectStorage: "PipePatchObjectStorageSource",
  kinesis: "PipePatchKinesisSource",
  postgres: "PipePatchPostgresSource",
  pubsub: "PipePatchPubSubSource",
  mysql: "PipePatchMySQLSource",
  mongodb: "PipePatchMongoDBSource",
  bigquery: undefined,
};

/** The settings a PATCH may change, and all of them, per database kind with a PATCH form. */
const PATCH_SETTINGS: Partial<Record<SourceKind, [editable: string, all: string]>> = {
  postgres: ["PipePatchPostgresPipeSettings", "PipePostgresPipeSettings"],
  mysql: ["PipePatchMySQLPipeSettings", "PipeMySQLPipeSettings"],
  mongodb: ["PipePatchMongoDBPipeSettings", "PipeMongoDBPipeSettings"],
};

/** The exact text clients match on (notes: `must be paused to edit`). */
export const PAUSE_TO_EDIT = "pipe must be paused to edit table mappings";

/** New values for the parts a PATCH changes (absent = unchanged). */
export interface PipeChange {
  name?: string;
  source?: JsonObject;
  destination?: JsonObject;
  fieldMappings?: JsonObject[];
  settings?: JsonObject | null;
  validateSamples?: boolean;
}

/** `null` clears a member, anything else replaces it. */
function merge(base: JsonObject, patch: JsonObject): JsonObject {
  const out = structuredClone(base);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = structuredClone(value);
  }
  return out;
}

function fixed(path: string): string {
  return `${path}: is fixed at creation (changing it needs a new pipe)`;
}

/**
 * Keys a PATCH may not carry: known ones (in `known`) are fixed at creation, the rest are
 * unknown (a typo, not a field to recreate the pipe for).
 */
function refusedKeys(object: JsonObject, editable: readonly string[], known: readonly string[], field: string): string[] {
  return Object.keys(object)
    .filter((key) => !editable.includes(key))
    .map((key) => (known.includes(key) ? fixed(`${field}.${key}`) : `${field}.${key}: unknown field`));
}

/** Table mappings after removals then additions; an existing mapping cannot be edited. */
function editMappings(kind: SourceKind, current: unknown, patch: JsonObject, problems: string[]): JsonObject[] {
  const [container, table] = MAPPING_SOURCE[kind] ?? ["sourceSchemaName", "sourceTable"];
  const mappingKey = (m: JsonObject) => `${String(m[container])}.${String(m[table])}`;
  let mappings = (Array.isArray(current) ? current : []).filter(isObject);
  const remove = Array.isArray(patch.tableMappingsToRemove) ? patch.tableMappingsToRemove : [];
  const add = Array.isArray(patch.tableMappingsToAdd) ? patch.tableMappingsToAdd : [];
  // The live API refuses an edit sent as "remove and add the same source table" in one request.
  const removed = new Set(remove.filter(isObject).map(mappingKey));
  add.forEach((m, i) => {
    if (isObject(m) && removed.has(mappingKey(m))) {
      problems.push(
        `source.${kind}.tableMappingsToAdd.${i}: ${mappingKey(m)} is also in tableMappingsToRemove: an existing mapping cannot be edited in one request (remove it, then add it in a second PATCH)`,
      );
    }
  });
  if (problems.length > 0) return mappings;
  remove.forEach((m, i) => {
    const at = `source.${kind}.tableMappingsToRemove.${i}`;
    const shape = tableMappingProblems(m, at, kind);
    if (shape.length > 0 || !isObject(m)) return problems.push(...shape);
    const index = mappings.findIndex((x) => mappingKey(x) === mappingKey(m) && x.targetTable === m.targetTable);
    if (index < 0) return problems.push(`${at}: no such table mapping (${mappingKey(m)} -> ${String(m.targetTable)})`);
    mappings = mappings.filter((_, j) => j !== index);
    return undefined;
  });
  add.forEach((m, i) => {
    const at = `source.${kind}.tableMappingsToAdd.${i}`;
    const shape = tableMappingProblems(m, at, kind);
    if (shape.length > 0 || !isObject(m)) return problems.push(...shape);
    if (mappings.some((x) => mappingKey(x) === mappingKey(m) || x.targetTable === m.targetTable)) {
      return problems.push(
        `${at}: a mapping for ${mappingKey(m)} or ${String(m.targetTable)} exists: an existing mapping cannot be edited (remove it and add it again)`,
      );
    }
    mappings.push(structuredClone(m));
    return undefined;
  });
  if (mappings.length === 0) problems.push(`source.${kind}.tableMappings: a pipe needs at least one table mapping`);
  return mappings;
}

function sourceChange(pipe: StoredPipe, patch: JsonObject, problems: string[]): JsonObject | undefined {
  for (const kind of kindsSet(patch)) {
    if (kind !== pipe.kind) problems.push(`source.${kind}: the pipe's source kind is ${pipe.kind} (changing it needs a new pipe)`);
  }
  const given = patch[pipe.kind];
  if (!isObject(given)) return undefined;
  const patchSchema = PATCH_SCHEMA[pipe.kind];
  const allowed = patchSchema ? schemaProperties(patchSchema) : [];
  problems.push(...refusedKeys(given, allowed, schemaProperties(SOURCE_CREATE_SCHEMA[pipe.kind]), `source.${pipe.kind}`));
  const fields = Object.fromEntries(Object.entries(given).filter(([k]) => allowed.includes(k) && !k.startsWith("tableMappings")));
  const settingsSchemas = PATCH_SETTINGS[pipe.kind];
  if (settingsSchemas && isObject(given.settings)) {
    const [editable, all] = settingsSchemas;
    problems.push(...refusedKeys(given.settings, schemaProperties(editable), schemaProperties(all), `source.${pipe.kind}.settings`));
    fields.settings = merge(isObject(pipe.source.settings) ? pipe.source.settings : {}, given.settings);
  }
  const next = merge(pipe.source, fields);
  const editsMappings = ["tableMappingsToAdd", "tableMappingsToRemove"].some((k) => Array.isArray(given[k]) && (given[k] as unknown[]).length > 0);
  if (DATABASE_KINDS.includes(pipe.kind) && editsMappings) {
    if (pipe.state !== "Paused" && pipe.state !== "Stopped") problems.push(PAUSE_TO_EDIT);
    else next.tableMappings = editMappings(pipe.kind, pipe.source.tableMappings, given, problems);
  }
  return next;
}

/** Checks a PATCH body (already valid against PipePatchRequest) and computes the change. */
export function planPatch(pipe: StoredPipe, body: JsonObject): { change: PipeChange } | { problems: string[] } {
  const problems: string[] = [];
  const change: PipeChange = {};
  const allowed = schemaProperties("PipePatchRequest");
  for (const key of Object.keys(body)) {
    if (key === "id") problems.push("id: must not be sent in a request body");
    else if (key === "scaling") problems.push("scaling: change it with PATCH /pipes/{pipeId}/scaling");
    else if (!allowed.includes(key)) problems.push(`${key}: unknown field`);
  }
  if (body.name !== undefined && body.name !== null) {
    problems.push(...nameProblems(body.name));
    change.name = body.name as string;
  }
  if (isObject(body.source)) {
    problems.push(...unknownKeys(body.source, ["PipePatchSource"], "source"));
    // A source naming no member of the pipe's kind changes nothing there (it must not wipe it).
    const source = sourceChange(pipe, body.source, problems);
    if (source) change.source = source;
    if (typeof body.source.validateSamples === "boolean") change.validateSamples = body.source.validateSamples;
  }
  if (isObject(body.destination)) {
    problems.push(...refusedKeys(body.destination, schemaProperties("PipePatchDestination"), schemaProperties("PipeMutateDestination"), "destination"));
    if (Array.isArray(body.destination.columns)) change.destination = { ...pipe.destination, columns: structuredClone(body.destination.columns) };
  }
  if (Array.isArray(body.fieldMappings)) {
    change.fieldMappings = structuredClone(body.fieldMappings) as JsonObject[];
    // The live API takes field mappings only together with the columns they map to.
    if (!isObject(body.destination) || !Array.isArray(body.destination.columns)) {
      problems.push("fieldMappings: must be sent together with destination.columns");
    }
  }
  if (change.destination || change.fieldMappings) {
    problems.push(...destinationProblems(pipe.kind, change.destination ?? pipe.destination, change.fieldMappings ?? pipe.fieldMappings));
  }
  if (isObject(body.settings)) {
    problems.push(...settingsProblems(body.settings));
    const merged = merge(pipe.settings ?? {}, body.settings);
    change.settings = Object.keys(merged).length > 0 ? merged : null;
  }
  return problems.length > 0 ? { problems } : { change };
}

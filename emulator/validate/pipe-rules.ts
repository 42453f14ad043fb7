/**
 * Pipe rules beyond the OpenAPI types: the contract's (one source kind, mappings cover every
 * column) and the behaviour notes' (engine needs, bounds the schema leaves open, timestamp
 * shapes, empty objects refused). Every rule reports `path: message`, and all problems of a
 * body are reported together.
 */
import { isObject, type JsonObject } from "../http/body";
import { SCALABLE_KINDS, SOURCE_KINDS, type PipeDraft, type SourceKind } from "../cloud/pipe-model";
import { schemaProperties, unknownKeys } from "./openapi";

/** Minute-precision UTC timestamp of a kafka offset, e.g. `2024-01-31T12:30`. */
const OFFSET_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

function present(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === "string" && value.trim() !== "";
}

function withoutKey(object: JsonObject, key: string): JsonObject {
  return Object.fromEntries(Object.entries(object).filter(([k]) => k !== key));
}

/** Drops `null` members: the API treats them as not sent. */
export function withoutNulls(object: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== null));
}

/** `name` of a pipe: 1-255 characters. */
export function nameProblems(name: unknown, field = "name"): string[] {
  if (typeof name !== "string" || name.length === 0) return [`${field}: must be a non-empty string`];
  if (name.length > 255) return [`${field}: must be at most 255 characters`];
  return [];
}

function validOffsetTimestamp(text: string): boolean {
  const m = OFFSET_TIMESTAMP.exec(text);
  if (!m) return false;
  const date = new Date(`${text}:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

function kafkaProblems(kafka: JsonObject): string[] {
  const problems: string[] = [];
  if (!nonEmptyString(kafka.brokers)) problems.push("source.kafka.brokers: is required");
  if (!nonEmptyString(kafka.topics)) problems.push("source.kafka.topics: is required");
  const offset = kafka.offset;
  if (isObject(offset)) {
    if (present(offset.timestamp) && (typeof offset.timestamp !== "string" || !validOffsetTimestamp(offset.timestamp))) {
      problems.push("source.kafka.offset.timestamp: must be a UTC time as YYYY-MM-DDTHH:MM");
    }
    if (offset.strategy === "from_timestamp" && !present(offset.timestamp)) {
      problems.push("source.kafka.offset.timestamp: is required for strategy from_timestamp");
    }
  }
  return problems;
}

function objectStorageProblems(store: JsonObject): string[] {
  if (nonEmptyString(store.url) || nonEmptyString(store.path)) return [];
  return ["source.objectStorage.url: is required (or path with a container)"];
}

function kinesisProblems(kinesis: JsonObject): string[] {
  const problems: string[] = [];
  if (!nonEmptyString(kinesis.streamName)) problems.push("source.kinesis.streamName: is required");
  if (!nonEmptyString(kinesis.region)) problems.push("source.kinesis.region: is required");
  // Unix seconds: a millisecond value (13 digits) is a common mistake, refused here.
  if (typeof kinesis.timestamp === "number" && (kinesis.timestamp < 0 || kinesis.timestamp >= 1e11)) {
    problems.push("source.kinesis.timestamp: must be Unix time in seconds");
  }
  if (kinesis.iteratorType === "AT_TIMESTAMP" && !present(kinesis.timestamp)) {
    problems.push("source.kinesis.timestamp: is required for iteratorType AT_TIMESTAMP");
  }
  return problems;
}

/** Shape of one table mapping's identity; shared with PATCH's add/remove lists. */
export function tableMappingProblems(mapping: unknown, field: string): string[] {
  if (!isObject(mapping)) return [`${field}: must be object`];
  return ["sourceSchemaName", "sourceTable", "targetTable"]
    .filter((key) => !nonEmptyString(mapping[key]))
    .map((key) => `${field}.${key}: is required`);
}

function postgresProblems(pg: JsonObject): string[] {
  const problems: string[] = [];
  if (!nonEmptyString(pg.host)) problems.push("source.postgres.host: is required");
  if (!present(pg.port)) problems.push("source.postgres.port: is required");
  if (!nonEmptyString(pg.database)) problems.push("source.postgres.database: is required");
  const mappings = pg.tableMappings;
  if (!Array.isArray(mappings) || mappings.length === 0) problems.push("source.postgres.tableMappings: at least one table mapping is required");
  else mappings.forEach((m, i) => problems.push(...tableMappingProblems(m, `source.postgres.tableMappings.${i}`)));
  if (isObject(pg.settings)) {
    for (const [key, value] of Object.entries(pg.settings)) {
      // Optional settings are omitted, never sent as empty strings.
      if (value === "") problems.push(`source.postgres.settings.${key}: must not be empty (omit it instead)`);
    }
  }
  return problems;
}

const KIND_RULES: Record<SourceKind, (source: JsonObject) => string[]> = {
  kafka: kafkaProblems,
  objectStorage: objectStorageProblems,
  kinesis: kinesisProblems,
  postgres: postgresProblems,
};

function columnNames(destination: JsonObject): string[] {
  const columns = Array.isArray(destination.columns) ? destination.columns : [];
  return columns.map((c) => (isObject(c) && typeof c.name === "string" ? c.name : "")).filter((n) => n !== "");
}

/**
 * Destination and mapping rules, shared by create and PATCH (which may replace columns or
 * mappings): every column mapped, mappings name columns, engine columns exist.
 */
export function destinationProblems(kind: SourceKind, destination: JsonObject, fieldMappings: unknown): string[] {
  const problems: string[] = [];
  if (!nonEmptyString(destination.database)) problems.push("destination.database: is required");
  if (kind === "postgres") return problems;
  if (!nonEmptyString(destination.table)) problems.push("destination.table: is required");
  const columns = columnNames(destination);
  if (!Array.isArray(destination.columns) || destination.columns.length === 0) {
    problems.push("destination.columns: at least one column is required");
  }
  const dupes = columns.filter((name, i) => columns.indexOf(name) !== i);
  for (const name of new Set(dupes)) problems.push(`destination.columns: column ${name} appears more than once`);
  const mappings = Array.isArray(fieldMappings) ? fieldMappings : [];
  const mapped = new Set<string>();
  mappings.forEach((m, i) => {
    const target = isObject(m) ? m.destinationField : undefined;
    if (typeof target !== "string") return problems.push(`fieldMappings.${i}.destinationField: is required`);
    if (!columns.includes(target)) problems.push(`fieldMappings.${i}.destinationField: ${target} is not a destination column`);
    mapped.add(target);
    if (!isObject(m) || !nonEmptyString(m.sourceField)) problems.push(`fieldMappings.${i}.sourceField: is required`);
    return undefined;
  });
  for (const column of columns) {
    if (!mapped.has(column)) problems.push(`fieldMappings: destination column ${column} is not mapped`);
  }
  const definition = isObject(destination.tableDefinition) ? destination.tableDefinition : undefined;
  if (!definition) return problems;
  const engine = isObject(definition.engine) ? definition.engine : {};
  const at = "destination.tableDefinition";
  if (engine.type === "ReplacingMergeTree") {
    if (!nonEmptyString(engine.versionColumnId)) problems.push(`${at}.engine.versionColumnId: is required for ReplacingMergeTree`);
    if (!Array.isArray(definition.sortingKey) || definition.sortingKey.length === 0) problems.push(`${at}.sortingKey: is required for ReplacingMergeTree`);
  }
  if (typeof engine.versionColumnId === "string" && !columns.includes(engine.versionColumnId)) {
    problems.push(`${at}.engine.versionColumnId: ${engine.versionColumnId} is not a destination column`);
  }
  const lists: Array<[string, unknown]> = [["engine.columnIds", engine.columnIds], ["sortingKey", definition.sortingKey]];
  for (const [name, list] of lists) {
    if (!Array.isArray(list)) continue;
    list.forEach((c, i) => {
      if (typeof c === "string" && !columns.includes(c)) problems.push(`${at}.${name}.${i}: ${c} is not a destination column`);
    });
  }
  return problems;
}

/** Settings keys must be known ones. */
export function settingsProblems(settings: JsonObject, field = "settings"): string[] {
  return unknownKeys(settings, ["PipeSettings"], field, "unknown setting");
}

/** Scaling keys must be known ones (create and PATCH /scaling alike). */
export function scalingProblems(scaling: JsonObject, field = "scaling"): string[] {
  return unknownKeys(scaling, ["PipeScaling", "PipeScalingPatchRequest"], field);
}

/** Spec schema of each kind's source object in a create body. */
export const SOURCE_CREATE_SCHEMA: Record<SourceKind, string> = {
  kafka: "PipePostKafkaSource",
  objectStorage: "PipePostObjectStorageSource",
  kinesis: "PipePostKinesisSource",
  postgres: "PipeMutatePostgresSource",
};

/**
 * Which source kinds a `source` object sets (non-null members). The spec lists more kinds
 * than the contract covers; those count here (so "exactly one" holds) and are then refused.
 */
export function kindsSet(source: JsonObject): string[] {
  const kinds = new Set<string>([...SOURCE_KINDS, ...schemaProperties("PipePostSource")]);
  kinds.delete("validateSamples");
  return [...kinds].filter((kind) => present(source[kind]));
}

/** Checks a create body that already passed the OpenAPI schema. */
export function checkCreate(body: JsonObject): { draft: PipeDraft } | { problems: string[] } {
  const problems: string[] = [];
  if ("id" in body) problems.push("id: must not be sent in a request body");
  problems.push(...unknownKeys(withoutKey(body, "id"), ["PipePostRequest"], ""));
  problems.push(...nameProblems(body.name));
  const source = isObject(body.source) ? body.source : undefined;
  let kind: SourceKind | undefined;
  if (!source) problems.push("source: is required");
  else {
    const kinds = kindsSet(source);
    if (kinds.length !== 1) {
      problems.push(`source: exactly one source kind must be set (kafka, objectStorage, kinesis or postgres), got ${kinds.length === 0 ? "none" : kinds.join(", ")}`);
    } else if (!(SOURCE_KINDS as readonly string[]).includes(kinds[0])) {
      problems.push(`source.${kinds[0]}: source kind is not supported`);
    } else {
      kind = kinds[0] as SourceKind;
      problems.push(...unknownKeys(source[kind] as JsonObject, [SOURCE_CREATE_SCHEMA[kind]], `source.${kind}`));
      problems.push(...KIND_RULES[kind](source[kind] as JsonObject));
    }
  }
  const destination = isObject(body.destination) ? body.destination : undefined;
  if (!destination) problems.push("destination: is required");
  else {
    problems.push(...unknownKeys(destination, ["PipeMutateDestination"], "destination"));
    if (kind) problems.push(...destinationProblems(kind, destination, body.fieldMappings));
  }
  const scaling = isObject(body.scaling) ? withoutNulls(body.scaling) : undefined;
  if (scaling && Object.keys(scaling).length === 0) problems.push("scaling: must not be empty (omit it instead)");
  if (scaling) problems.push(...scalingProblems(scaling));
  if (scaling && kind && !SCALABLE_KINDS.includes(kind)) problems.push("scaling: only kafka, kinesis and objectStorage pipes take scaling");
  const settings = isObject(body.settings) ? withoutNulls(body.settings) : undefined;
  if (settings && Object.keys(settings).length === 0) problems.push("settings: must not be empty (omit it instead)");
  if (settings) problems.push(...settingsProblems(settings));
  if (problems.length > 0 || !kind || !source || !destination) return { problems };
  return {
    draft: {
      name: body.name as string,
      kind,
      source: withoutNulls(source[kind] as JsonObject),
      validateSamples: typeof source.validateSamples === "boolean" ? source.validateSamples : null,
      destination: structuredClone(destination),
      fieldMappings: Array.isArray(body.fieldMappings) ? (structuredClone(body.fieldMappings) as JsonObject[]) : [],
      scaling: scaling ?? null,
      settings: settings ?? null,
    },
  };
}

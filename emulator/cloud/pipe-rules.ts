/**
 * Pipe rules beyond the OpenAPI types: the contract's (one source kind, mappings cover every
 * column) and the behaviour notes' (engine needs, bounds the schema leaves open, timestamp
 * shapes, empty objects refused). Every rule reports `path: message`, and all problems of a
 * body are reported together.
 */
import { isObject, type JsonObject } from "../http/body";
import { DATABASE_KINDS, SCALABLE_KINDS, SOURCE_KINDS, type PipeDraft, type SourceKind } from "./pipe-model";
import { schemaProperties, unknownKeys, validateRequest } from "./openapi";

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

/** Store types whose notifications a queue delivers (the spec's `queueUrl` description). */
const QUEUE_STORE_TYPES = ["s3", "gcs"];

/** The spec's prose rules of an object storage source: addressing, queue, initial load. */
function objectStorageProblems(store: JsonObject): string[] {
  const at = "source.objectStorage";
  const problems: string[] = [];
  if (!nonEmptyString(store.url) && !nonEmptyString(store.path)) problems.push(`${at}.url: is required (or path with a container)`);
  if (nonEmptyString(store.path) && !nonEmptyString(store.azureContainerName)) problems.push(`${at}.azureContainerName: is required with path`);
  if (store.type === "azureblobstorage" && !nonEmptyString(store.azureContainerName))
    problems.push(`${at}.azureContainerName: is required for type azureblobstorage`);
  if (present(store.queueUrl)) {
    if (store.isContinuous !== true) problems.push(`${at}.queueUrl: only applicable when isContinuous is true`);
    if (!present(store.authentication)) problems.push(`${at}.queueUrl: not applicable to a public store (no authentication)`);
    if (typeof store.type === "string" && !QUEUE_STORE_TYPES.includes(store.type)) problems.push(`${at}.queueUrl: not applicable to type ${store.type}`);
  }
  if (store.skipInitialLoad === true && !present(store.queueUrl)) problems.push(`${at}.skipInitialLoad: only applicable when queueUrl is provided`);
  if (present(store.startAfter) && store.skipInitialLoad === true) problems.push(`${at}.startAfter: cannot be provided when skipInitialLoad is true`);
  return problems;
}

function pubsubProblems(pubsub: JsonObject): string[] {
  const at = "source.pubsub.seekTimestamp";
  if (pubsub.seekType === "timestamp" && !present(pubsub.seekTimestamp)) return [`${at}: is required when seekType is timestamp`];
  if (pubsub.seekType !== "timestamp" && present(pubsub.seekTimestamp)) return [`${at}: must be omitted unless seekType is timestamp`];
  return [];
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

/** The fields naming a mapping's source table, per database kind. */
export const MAPPING_SOURCE: Partial<Record<SourceKind, readonly [string, string]>> = {
  postgres: ["sourceSchemaName", "sourceTable"],
  mysql: ["sourceSchemaName", "sourceTable"],
  mongodb: ["sourceDatabaseName", "sourceCollection"],
  bigquery: ["sourceDatasetName", "sourceTable"],
};

/** Shape of one table mapping's identity; shared with PATCH's add/remove lists. */
export function tableMappingProblems(mapping: unknown, field: string, kind: SourceKind = "postgres"): string[] {
  if (!isObject(mapping)) return [`${field}: must be object`];
  return [...(MAPPING_SOURCE[kind] ?? []), "targetTable"].filter((key) => !nonEmptyString(mapping[key])).map((key) => `${field}.${key}: is required`);
}

/** Rules every database kind shares: at least one well-formed mapping, no empty settings. */
function databaseProblems(kind: SourceKind, db: JsonObject): string[] {
  const problems: string[] = [];
  const mappings = db.tableMappings;
  if (!Array.isArray(mappings) || mappings.length === 0) problems.push(`source.${kind}.tableMappings: at least one table mapping is required`);
  else mappings.forEach((m, i) => problems.push(...tableMappingProblems(m, `source.${kind}.tableMappings.${i}`, kind)));
  if (isObject(db.settings)) {
    for (const [key, value] of Object.entries(db.settings)) {
      // Optional settings are omitted, never sent as empty strings.
      if (value === "") problems.push(`source.${kind}.settings.${key}: must not be empty (omit it instead)`);
    }
  }
  return problems;
}

function postgresProblems(pg: JsonObject): string[] {
  const problems: string[] = [];
  if (!nonEmptyString(pg.host)) problems.push("source.postgres.host: is required");
  if (!present(pg.port)) problems.push("source.postgres.port: is required");
  if (!nonEmptyString(pg.database)) problems.push("source.postgres.database: is required");
  return [...problems, ...databaseProblems("postgres", pg)];
}

const KIND_RULES: Record<SourceKind, (source: JsonObject) => string[]> = {
  kafka: kafkaProblems,
  objectStorage: objectStorageProblems,
  kinesis: kinesisProblems,
  postgres: postgresProblems,
  pubsub: pubsubProblems,
  mysql: (source) => databaseProblems("mysql", source),
  mongodb: (source) => databaseProblems("mongodb", source),
  bigquery: (source) => databaseProblems("bigquery", source),
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
  if (DATABASE_KINDS.includes(kind)) return problems;
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
  const lists: Array<[string, unknown]> = [
    ["engine.columnIds", engine.columnIds],
    ["sortingKey", definition.sortingKey],
  ];
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

/** Why a pipe of another kind is refused scaling. */
export const SCALING_KINDS_ONLY = `scaling: only ${SCALABLE_KINDS.join(", ")} pipes take scaling`;

/** Spec schema of each kind's source object in a create body. */
export const SOURCE_CREATE_SCHEMA: Record<SourceKind, string> = {
  kafka: "PipePostKafkaSource",
  objectStorage: "PipePostObjectStorageSource",
  kinesis: "PipePostKinesisSource",
  postgres: "PipeMutatePostgresSource",
  pubsub: "PipePostPubSubSource",
  mysql: "PipeMutateMySQLSource",
  mongodb: "PipeMutateMongoDBSource",
  bigquery: "PipeMutateBigQuerySource",
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

/**
 * A create body checked whole: the OpenAPI schema's problems and the rules' in one list (one
 * answer names everything to fix), or the draft to store. The create route and the
 * Terraform-state seed both take a pipe through here, so a seeded pipe is one the API would take.
 */
export function checkPipePost(body: JsonObject): { draft: PipeDraft } | { problems: string[] } {
  const checked = checkCreate(body);
  const problems = [...new Set([...validateRequest("PipePostRequest", body), ...("problems" in checked ? checked.problems : [])])];
  return problems.length > 0 || "problems" in checked ? { problems } : checked;
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
      problems.push(`source: exactly one source kind must be set (${SOURCE_KINDS.join(", ")}), got ${kinds.length === 0 ? "none" : kinds.join(", ")}`);
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
  if (scaling && kind && !SCALABLE_KINDS.includes(kind)) problems.push(SCALING_KINDS_ONLY);
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

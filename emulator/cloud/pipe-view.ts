/**
 * A stored pipe as clients see it. Secrets and write-only fields never leave; the read-back
 * quirks of the live API (see the behaviour notes) are applied here, each switchable.
 */
import { isObject, type JsonObject } from "../http/body";
import type { Quirks } from "../options";
import { nullableProperties } from "./openapi";
import { SOURCE_KINDS, SOURCE_SECRETS, STREAMING_KINDS, type SourceKind, type StoredPipe } from "./pipe-model";
import { cpuQuantity, memoryQuantity } from "./quantities";

/** Response schema of each kind's source, for its nullable fields. */
const RESPONSE_SCHEMA: Record<SourceKind, string> = {
  kafka: "PipeKafkaSource",
  objectStorage: "PipeObjectStorageSource",
  kinesis: "PipeKinesisSource",
  postgres: "PipePostgresSource",
  pubsub: "PipePubSubSource",
  mysql: "PipeMySQLSource",
  mongodb: "PipeMongoDBSource",
  bigquery: "PipeBigQuerySource",
};

/** Scaling of a streaming pipe created without one, as the live API reports it. */
export const DEFAULT_SCALING = { replicas: 1, replicaCpuMillicores: 500, replicaMemoryGb: 2 } as const;

/** The kind's source object without secrets (shared by responses and the state dump). */
function publicSource(pipe: StoredPipe): JsonObject {
  const source = structuredClone(pipe.source);
  for (const secret of SOURCE_SECRETS[pipe.kind]) delete source[secret];
  if (isObject(source.schemaRegistry)) delete source.schemaRegistry.credentials;
  return source;
}

function publicDestination(pipe: StoredPipe): JsonObject {
  const destination = structuredClone(pipe.destination);
  delete destination.roles;
  return destination;
}

function sourceView(pipe: StoredPipe, quirks: Quirks): JsonObject {
  const source = publicSource(pipe);
  if (pipe.kind === "kafka" && quirks.defaultConsumerGroup && (source.consumerGroup === undefined || source.consumerGroup === null)) {
    source.consumerGroup = `pipes-${pipe.id}`;
  }
  if (quirks.nullOptionals) {
    for (const field of nullableProperties(RESPONSE_SCHEMA[pipe.kind])) {
      if (source[field] === undefined) source[field] = null;
    }
  }
  return source;
}

function destinationView(pipe: StoredPipe, quirks: Quirks): JsonObject {
  const destination = publicDestination(pipe);
  const engine = isObject(destination.tableDefinition) ? destination.tableDefinition.engine : undefined;
  if (quirks.engineParens && isObject(engine) && typeof engine.type === "string" && !engine.type.endsWith(")")) {
    engine.type = `${engine.type}()`;
  }
  return destination;
}

function scalingView(pipe: StoredPipe, quirks: Quirks, gap: boolean): JsonObject | null {
  let scaling: JsonObject | null = pipe.scaling ? structuredClone(pipe.scaling) : null;
  if (!scaling && quirks.defaultScaling && STREAMING_KINDS.includes(pipe.kind)) scaling = { ...DEFAULT_SCALING };
  if (!scaling) return null;
  if (quirks.scalingQuantities) {
    if (typeof scaling.replicaCpuMillicores === "number") scaling.replicaCpuMillicores = cpuQuantity(scaling.replicaCpuMillicores);
    if (typeof scaling.replicaMemoryGb === "number") scaling.replicaMemoryGb = memoryQuantity(scaling.replicaMemoryGb);
  }
  if (gap && quirks.scalingGapAfterPatch) {
    delete scaling.replicaCpuMillicores;
    delete scaling.replicaMemoryGb;
  }
  return scaling;
}

/** Settings as read back (`{}` for none, when that quirk is on). */
export function settingsView(pipe: StoredPipe, quirks: Quirks): JsonObject | null {
  if (pipe.settings) return structuredClone(pipe.settings);
  return quirks.emptySettings ? {} : null;
}

/** The pipe as a response `result`. `gap` is true for the one GET right after PATCH /scaling. */
export function pipeView(pipe: StoredPipe, quirks: Quirks, gap = false): JsonObject {
  const source: JsonObject = {};
  for (const kind of SOURCE_KINDS) source[kind] = kind === pipe.kind ? sourceView(pipe, quirks) : null;
  const view: JsonObject = {
    id: pipe.id,
    serviceId: pipe.serviceId,
    name: pipe.name,
    state: pipe.state,
  };
  // The published Pipe schema has no reason field; failures carry one so users learn why.
  if (pipe.state === "Failed" || pipe.state === "InternalError") view.stateReason = pipe.stateReason;
  return {
    ...view,
    source,
    destination: destinationView(pipe, quirks),
    fieldMappings: structuredClone(pipe.fieldMappings),
    scaling: scalingView(pipe, quirks, gap),
    settings: settingsView(pipe, quirks),
    createdAt: pipe.createdAt,
    updatedAt: pipe.updatedAt,
  };
}

/** A secret as the state dump shows it: its keys, never its values. */
function redacted(value: unknown): unknown {
  if (isObject(value)) return Object.fromEntries(Object.keys(value).map((k) => [k, "[redacted]"]));
  return value === undefined || value === null ? value : "[redacted]";
}

/**
 * The stored record for the control API's state dump: as kept, every secret value redacted. The
 * write-only secrets show which keys the pipe holds (as a webhook's headers do), so a test can
 * tell a credential kept from one cleared.
 */
export function storedView(pipe: StoredPipe): JsonObject {
  const source = publicSource(pipe);
  if (typeof source.connectionString === "string") source.connectionString = "[redacted]";
  for (const secret of SOURCE_SECRETS[pipe.kind])
    if (pipe.source[secret] !== undefined && pipe.source[secret] !== null) source[secret] = redacted(pipe.source[secret]);
  if (isObject(pipe.source.schemaRegistry) && isObject(source.schemaRegistry) && pipe.source.schemaRegistry.credentials !== undefined) {
    source.schemaRegistry.credentials = redacted(pipe.source.schemaRegistry.credentials);
  }
  return { ...structuredClone(pipe), source, destination: publicDestination(pipe) };
}

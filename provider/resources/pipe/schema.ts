import { z } from "zod";
import { databaseKinds, kindCountProblem, pipeSource, setKinds, type SourceKind } from "./source";
import { checkSourceAuthentication } from "./authentication";
import { checkObjectStorage } from "./object-storage";
import { issueOn, type Issue } from "../../schemas/check-failures";
import { waitSeconds } from "../../schemas/cloud-object";
import { containsUnknown, isUnknown } from "../../schemas/unknown";
import { pathId, uuid } from "../../schemas/refinements/ids";
import { columnType, tableName } from "../../schemas/refinements/sql-names";

const text = z.string().min(1, "must not be empty");
const int = (min: number, max: number) => z.number().int("must be an integer").min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);

const destinationColumn = z
  .object({
    /** Column name in the destination table. */
    name: text,
    /** Column type as the database spells it, e.g. `String`, `DateTime64(3)`, `Nullable(Int64)`. */
    type: columnType,
  })
  .strict();

const tableEngine = z
  .object({
    /** Table engine of the managed table. @default the API's (`MergeTree`) */
    type: z.enum(["MergeTree", "ReplacingMergeTree", "SummingMergeTree", "Null"]).optional(),
    /** Version column of a ReplacingMergeTree; must name a destination column. */
    versionColumnId: text.nullish(),
    /** Columns a SummingMergeTree sums; must name destination columns. */
    columnIds: z.array(text).optional(),
  })
  .strict();

export const destination = z
  .object({
    /** Database the pipe writes into. @default "default" */
    database: text.optional(),
    /** Table the pipe writes into; required for all but postgres pipes. */
    table: tableName.optional(),
    /** `true`: the pipe creates and owns the table (from `columns`); `false`: it exists already. */
    managedTable: z.boolean().optional(),
    /** How a managed table is created: engine, sorting key, partitioning, primary key. */
    tableDefinition: z
      .object({
        /** Table engine and its parameters. */
        engine: tableEngine.optional(),
        /** Columns of the ORDER BY (sorting) key. */
        sortingKey: z.array(text).optional(),
        /** PARTITION BY expression, e.g. `toYYYYMM(ts)`. */
        partitionBy: text.optional(),
        /** PRIMARY KEY expression (a prefix of the sorting key). */
        primaryKey: text.optional(),
      })
      .strict()
      .optional(),
    /** The only destination field that changes in place. */
    columns: z.array(destinationColumn).optional(),
    /** Roles granted to the pipe's database user. Write-only: kept from the inputs. */
    roles: z.array(text).optional(),
  })
  .strict();

export const fieldMapping = z
  .object({
    /** Field of the source record, as the source format names it. */
    sourceField: text,
    /** Destination column it is written to. */
    destinationField: text,
  })
  .strict();

/** Replica sizing; only kafka, kinesis and object-storage pipes take it. */
export const scaling = z
  .object({
    /** Number of replicas, 1-40. */
    replicas: int(1, 40).optional(),
    /** Parallel readers per replica, 0-34: deprecated by the API; object storage only. @deprecated */
    concurrency: int(0, 34).optional(),
    /** Thousandths of a CPU core per replica. */
    replicaCpuMillicores: int(125, 2000).optional(),
    /** Memory per replica in GB; fractions allowed. */
    replicaMemoryGb: z.number().min(0.5, "must be at least 0.5").max(8, "must be at most 8").optional(),
  })
  .strict();

/** Tuning settings, names exactly as the API spells them. */
export const pipeSettings = z
  .object({
    /** Longest wait in milliseconds before a streaming pipe inserts what it has buffered, 500-60000. */
    streaming_max_insert_wait_ms: int(500, 60_000).optional(),
    /** Files read in parallel by an object-storage pipe, 1-35. */
    object_storage_concurrency: int(1, 35).optional(),
    /** How often a continuous object-storage pipe looks for new files, in milliseconds (100-3600000). */
    object_storage_polling_interval_ms: int(100, 3_600_000).optional(),
    /** Largest insert an object-storage pipe makes, in bytes (10 MiB-50 GiB). */
    object_storage_max_insert_bytes: int(10 * 1024 ** 2, 50 * 1024 ** 3).optional(),
    /** Most files in one insert of an object-storage pipe, 1-10000. */
    object_storage_max_file_count: int(1, 10_000).optional(),
    /** Database setting `max_threads` for the pipe's inserts, 0-64 (0: the database's default). */
    db_max_threads: int(0, 64).optional(),
    /** Database setting `max_insert_threads`, 0-16 (0: the database's default). */
    db_max_insert_threads: int(0, 16).optional(),
    /** Database setting `min_insert_block_size_bytes`, up to 10 GiB (0: the database's default). */
    db_min_insert_block_size_bytes: int(0, 10 * 1024 ** 3).optional(),
    /** Database setting `max_download_threads`, 0-32 (0: the database's default). */
    db_max_download_threads: int(0, 32).optional(),
    /** Database setting `parallel_distributed_insert_select`, 0-2. */
    db_parallel_distributed_insert_select: int(0, 2).optional(),
    /** Read object storage through the cluster-wide table function (every replica of the service reads). */
    object_storage_use_cluster_function: z.boolean().optional(),
    /** Database setting `parallel_view_processing`: push to attached views in parallel. */
    db_parallel_view_processing: z.boolean().optional(),
  })
  .strict();

/** The pipe as the program describes it, secrets merged back in (what `check` validates). */
export const pipeSpecShape = z
  .object({
    /** Pipe name, 1-255 characters. @default the resource name */
    name: text.max(255, "must be at most 255 characters"),
    /** Organization of the service the pipe belongs to. @default stack config `pipestack:organizationId`, then `PIPESTACK_ORGANIZATION_ID` */
    organizationId: pathId.optional(),
    /** The database service the pipe writes into. @default stack config `pipestack:serviceId`, then `PIPESTACK_SERVICE_ID` */
    serviceId: pathId.optional(),
    /** Where the pipe reads: exactly one source kind. Credentials in it are kept as secrets. */
    source: pipeSource,
    /** The table the pipe writes into; every field but `columns` is fixed at creation. */
    destination,
    /** Which source field goes into which destination column. */
    fieldMappings: z.array(fieldMapping).optional(),
    /** Replica count and size (kafka, kinesis and object-storage pipes); left out, the API's sizing. */
    scaling: scaling.optional(),
    /** Tuning settings, names as the API spells them; left out, the API's defaults. */
    settings: pipeSettings.optional(),
    /** Adopt the existing pipe with this id instead of creating one. */
    adoptId: uuid.optional(),
    /** How long `create` and `update` wait for the pipe to settle. @default 600 */
    waitTimeoutSeconds: waitSeconds.optional(),
    /**
     * `true` stops the pipe (a database pipe pauses), `false` starts it again, also after it
     * `Failed`; left out, the run state is not managed. Read back from the pipe's state.
     */
    stopped: z.boolean().optional(),
    /** Any value; each change asks a database pipe for one resync (`{"command":"resync"}`). */
    resyncToken: text.max(255, "must be at most 255 characters").optional(),
  })
  .strict();

export const pipeSpec = pipeSpecShape.superRefine((spec, ctx) => {
  const issue = issueOn(ctx);
  if (isUnknown(spec.source)) return;

  const kinds = setKinds(spec.source);
  const countProblem = kindCountProblem(kinds);
  if (countProblem) {
    issue(["source"], countProblem);
    return;
  }
  const kind: SourceKind = kinds[0];
  checkSourceAuthentication(spec.source, kind, issue);

  const kafka = spec.source.kafka;
  if (kafka?.offset?.strategy === "from_timestamp" && !kafka.offset.timestamp) {
    issue(["source", "kafka", "offset", "timestamp"], "is required with strategy from_timestamp");
  }
  if (spec.source.objectStorage) checkObjectStorage(spec.source.objectStorage, issue);
  const pubsub = spec.source.pubsub;
  if (pubsub && !isUnknown(pubsub.seekType)) {
    const given = pubsub.seekTimestamp != null;
    if (pubsub.seekType === "timestamp" && !given) issue(["source", "pubsub", "seekTimestamp"], "is required with seekType timestamp");
    if (pubsub.seekType !== "timestamp" && given) issue(["source", "pubsub", "seekTimestamp"], `must be left out with seekType ${pubsub.seekType}`);
  }
  const kinesis = spec.source.kinesis;
  if (kinesis?.iteratorType === "AT_TIMESTAMP" && kinesis.timestamp == null) {
    issue(["source", "kinesis", "timestamp"], "is required with iteratorType AT_TIMESTAMP");
  }

  const isDatabase = (databaseKinds as readonly SourceKind[]).includes(kind);
  if (spec.scaling && isDatabase) issue(["scaling"], "is only taken by kafka, kinesis, objectStorage and pubsub pipes");
  if (spec.resyncToken !== undefined && !isDatabase)
    issue(["resyncToken"], `is only taken by database (${databaseKinds.join(", ")}) pipes: the API resyncs only those`);
  if (spec.scaling && Object.keys(spec.scaling).length === 0) issue(["scaling"], "must set at least one field, or be left out");
  if (spec.settings && Object.keys(spec.settings).length === 0) issue(["settings"], "must set at least one setting, or be left out");

  const dest = spec.destination;
  if (isUnknown(dest)) return;
  if (!isDatabase) {
    if (dest.table === undefined) issue(["destination", "table"], `is required for a ${kind} pipe`);
    if (dest.managedTable === undefined) issue(["destination", "managedTable"], `is required for a ${kind} pipe`);
    if (!dest.columns?.length && !containsUnknown(dest.columns)) issue(["destination", "columns"], `is required for a ${kind} pipe`);
  }
  checkDestination(spec, issue);
});

/** Engine rules and mapping coverage: every destination column mapped, engine columns exist. */
function checkDestination(spec: z.output<typeof pipeSpecShape>, issue: Issue): void {
  const dest = spec.destination;
  if (containsUnknown(dest.columns)) return;
  const columns = new Set((dest.columns ?? []).map((c) => c.name));
  const engine = dest.tableDefinition?.engine;
  if (engine && !containsUnknown(engine)) {
    if (engine.type === "ReplacingMergeTree") {
      if (!engine.versionColumnId) issue(["destination", "tableDefinition", "engine", "versionColumnId"], "is required for ReplacingMergeTree");
      if (!dest.tableDefinition?.sortingKey?.length) issue(["destination", "tableDefinition", "sortingKey"], "is required for ReplacingMergeTree");
    }
    if (engine.versionColumnId && columns.size && !columns.has(engine.versionColumnId)) {
      issue(["destination", "tableDefinition", "engine", "versionColumnId"], `names no destination column: ${engine.versionColumnId}`);
    }
    (engine.columnIds ?? []).forEach((id, i) => {
      if (columns.size && !columns.has(id)) issue(["destination", "tableDefinition", "engine", "columnIds", i], `names no destination column: ${id}`);
    });
  }
  if (containsUnknown(spec.fieldMappings) || columns.size === 0) return;
  const mapped = new Set((spec.fieldMappings ?? []).map((m) => m.destinationField));
  const missing = [...columns].filter((c) => !mapped.has(c));
  if (missing.length) issue(["fieldMappings"], `must cover every destination column; unmapped: ${missing.join(", ")}`);
  (spec.fieldMappings ?? []).forEach((m, i) => {
    if (!columns.has(m.destinationField)) issue(["fieldMappings", i, "destinationField"], `names no destination column: ${m.destinationField}`);
  });
}

export type PipeSpecInput = z.input<typeof pipeSpecShape>;
export type Destination = z.output<typeof destination>;
export type Scaling = z.output<typeof scaling>;
export type PipeSettings = z.output<typeof pipeSettings>;
export type FieldMapping = z.output<typeof fieldMapping>;

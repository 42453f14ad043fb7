/** Sources that replicate database tables through table mappings. */
import { z } from "zod";
import { serviceAccountFile, text, usernamePassword } from "./source-fields";
import { containsUnknown } from "../../schemas/unknown";
import { tableName } from "../../schemas/refinements/sql-names";

const postgresAuthentication = z.enum(["basic", "IAM_ROLE"]);

const postgresSettings = z
  .object({
    /** Seconds between two pulls of changes. */
    syncIntervalSeconds: z.number().int().min(1).optional(),
    /** Rows pulled per batch. */
    pullBatchSize: z.number().int().min(1).optional(),
    /** Publication the pipe reads; left out, the pipe creates one. */
    publicationName: text.optional(),
    /** `cdc` (snapshot, then changes), `snapshot` (one load, ends Completed) or `cdc_only` (changes only). */
    replicationMode: z.enum(["cdc", "snapshot", "cdc_only"]).optional(),
    /** Replication slot the pipe reads; left out, the pipe creates one. */
    replicationSlotName: text.optional(),
    /** Create Nullable destination columns for nullable source columns. */
    allowNullableColumns: z.boolean().optional(),
    /** Tables loaded in parallel by the initial snapshot. */
    initialLoadParallelism: z.number().int().min(1).optional(),
    /** Rows per part of the initial snapshot, at least 1000. */
    snapshotNumRowsPerPartition: z.number().int().min(1000).optional(),
    /** Tables snapshotted in parallel. */
    snapshotNumberOfParallelTables: z.number().int().min(1).optional(),
    /** Create the replication slot as a failover slot (kept on a standby that takes over). */
    enableFailoverSlots: z.boolean().optional(),
    /** Rows deleted at the source are removed from the table on merge, not only marked deleted. */
    deleteOnMerge: z.boolean().optional(),
  })
  .strict();

/** A table mapping's fields as postgres takes them; the other database kinds take a subset. */
const postgresTableMappingShape = z
  .object({
    /** Schema (database, for MySQL-style sources) of the source table. */
    sourceSchemaName: text,
    /** Source table. */
    sourceTable: text,
    /** Destination table it is replicated into. */
    targetTable: tableName,
    /** Source columns not replicated. */
    excludedColumns: z.array(text).optional(),
    /** `true`: the destination table is sorted by `sortingKeys` instead of the primary key. */
    useCustomSortingKey: z.boolean().optional(),
    /** Sorting key columns, with `useCustomSortingKey`. */
    sortingKeys: z.array(text).optional(),
    /** Engine of the destination table. @default `ReplacingMergeTree` (the API's) */
    tableEngine: z.enum(["ReplacingMergeTree", "MergeTree", "Null"]).optional(),
    /** Indexed integer or timestamp column that splits the initial snapshot into parallel parts (not table partitioning). */
    partitionKey: text.optional(),
    /** PARTITION BY expression of the destination table the pipe creates, e.g. `toYYYYMM(created_at)`. */
    partitionByExpr: text.optional(),
  })
  .strict();

/** A custom sorting key needs its columns (every kind whose mappings take one). */
function customSortingKeyRule(m: { useCustomSortingKey?: boolean; sortingKeys?: string[] }, ctx: z.RefinementCtx): void {
  if (m.useCustomSortingKey && !containsUnknown(m.sortingKeys) && !(m.sortingKeys ?? []).length) {
    ctx.addIssue({ code: "custom", path: ["sortingKeys"], message: "is required when useCustomSortingKey is true" });
  }
}

const postgresTableMapping = postgresTableMappingShape.superRefine(customSortingKeyRule);

/** What TLS a replicated database (postgres, mysql, mongodb) speaks: the same fields, written once. */
const tls = {
  /** Host name to verify the server's TLS certificate against, when it differs from `host`. */
  tlsHost: text.optional(),
  /** CA certificate (PEM) to trust for TLS. */
  caCertificate: text.optional(),
  /** Connect without TLS. */
  disableTls: z.boolean().optional(),
  /** Use TLS without verifying the server's certificate. */
  skipCertVerification: z.boolean().optional(),
};

/** How a replicated database (postgres, mysql) is logged in to and what TLS it speaks: the same fields, written once. */
const connectionSecurity = {
  /** `basic` (user and password) or `IAM_ROLE`. */
  authentication: postgresAuthentication.optional(),
  /** Cloud role identifier (ARN-style) for IAM_ROLE authentication. */
  iamRole: text.optional(),
  ...tls,
};

/** A database server's TCP port. */
const port = z.number().int("must be an integer").min(1).max(65535);

export const postgresSource = z
  .object({
    /** Server flavour, as the API names it. */
    type: text.nullish(),
    /** Host name of the database server. */
    host: text,
    /** Port of the database server. @default 5432 */
    port: port.optional(),
    /** Database to replicate from. */
    database: text,
    /** Replication settings. */
    settings: postgresSettings.optional(),
    ...connectionSecurity,
    /** Which source tables go into which destination tables, at least one. */
    tableMappings: z.array(postgresTableMapping).min(1, "needs at least one table mapping"),
    /** Kept as a Pulumi secret; never returned by the API. */
    credentials: usernamePassword.optional(),
  })
  .strict();

/** `cdc` (snapshot, then changes), `snapshot` (one load, ends Completed) or `cdc_only`; required by the other database kinds. */
const replicationMode = z.enum(["cdc", "snapshot", "cdc_only"]);
const mappingEngine = z.enum(["ReplacingMergeTree", "MergeTree", "Null"]);

/** The snapshot settings every database kind shares (their names and bounds are postgres's). */
const snapshotSettings = { snapshotNumRowsPerPartition: true, snapshotNumberOfParallelTables: true } as const;

const mysqlSettings = postgresSettings
  .pick({ ...snapshotSettings, syncIntervalSeconds: true, pullBatchSize: true, allowNullableColumns: true, initialLoadParallelism: true, deleteOnMerge: true })
  .extend({
    /** `cdc` (snapshot, then changes), `snapshot` (one load, ends Completed) or `cdc_only` (changes only). */
    replicationMode,
    /** How changes are followed: by global transaction id or by binary log file and position. @default "GTID" (the API's) */
    replicationMechanism: z.enum(["GTID", "FILE_POS"]).optional(),
    /** Compress the replication stream. */
    useCompression: z.boolean().optional(),
  })
  .strict();

/** A MySQL-style table into a destination table; `sourceSchemaName` is the source database. */
const mysqlTableMapping = postgresTableMappingShape.omit({ partitionByExpr: true }).strict().superRefine(customSortingKeyRule);

export const mysqlSource = z
  .object({
    /** Server flavour, as the API names it (`mysql`, `mariadb`, ...). */
    type: z.enum(["mysql", "rdsmysql", "auroramysql", "mariadb", "rdsmariadb"]).nullish(),
    /** Host name of the database server. */
    host: text,
    /** Port of the database server. @default 3306 */
    port: port.optional(),
    /** Replication settings; `replicationMode` is required. */
    settings: mysqlSettings,
    ...connectionSecurity,
    /** The replication client id the pipe declares itself as; the API picks one when left out. */
    serverId: z.number().int("must be an integer").min(1).max(4_294_967_295).optional(),
    /** Which source tables go into which destination tables, at least one. */
    tableMappings: z.array(mysqlTableMapping).min(1, "needs at least one table mapping"),
    /** Kept as a Pulumi secret; never returned by the API. */
    credentials: usernamePassword.optional(),
  })
  .strict();

const mongodbSettings = postgresSettings
  .pick({ ...snapshotSettings, syncIntervalSeconds: true, pullBatchSize: true, deleteOnMerge: true })
  .extend({
    /** `cdc` (snapshot, then changes), `snapshot` (one load, ends Completed) or `cdc_only` (changes only). */
    replicationMode,
    /** Keep documents as native JSON columns rather than strings. */
    useJsonNativeFormat: z.boolean().optional(),
  })
  .strict();

/** One collection into a destination table. */
const mongodbTableMapping = z
  .object({
    /** Database of the source collection. */
    sourceDatabaseName: text,
    /** Source collection. */
    sourceCollection: text,
    /** Destination table it is replicated into. */
    targetTable: tableName,
    /** Engine of the destination table. @default `ReplacingMergeTree` (the API's) */
    tableEngine: mappingEngine.optional(),
  })
  .strict();

export const mongodbSource = z
  .object({
    /** Connection URI (`mongodb://` or `mongodb+srv://`), without user or password. */
    uri: text,
    /** Which members of the replica set the pipe reads from. */
    readPreference: z.enum(["primary", "primaryPreferred", "secondary", "secondaryPreferred", "nearest"]),
    ...tls,
    /** Replication settings; `replicationMode` is required. */
    settings: mongodbSettings,
    /** Which source tables go into which destination tables, at least one. */
    tableMappings: z.array(mongodbTableMapping).min(1, "needs at least one table mapping"),
    /** Kept as a Pulumi secret; never returned by the API. */
    credentials: usernamePassword.optional(),
  })
  .strict();

const bigquerySettings = postgresSettings
  .pick({ ...snapshotSettings, allowNullableColumns: true, initialLoadParallelism: true })
  .extend({
    /** The only mode offered: one load, then the pipe ends Completed. @default "snapshot" */
    replicationMode: z.enum(["snapshot"]).optional(),
  })
  .strict();

/** One warehouse table into a destination table. */
const bigqueryTableMapping = postgresTableMappingShape
  .omit({ sourceSchemaName: true, partitionKey: true, partitionByExpr: true })
  .extend({
    /** Dataset of the source table. */
    sourceDatasetName: text,
  })
  .strict()
  .superRefine(customSortingKeyRule);

/** A warehouse loaded once (snapshot only). The API changes nothing in place: every change is a new pipe. */
export const bigquerySource = z
  .object({
    /** Object storage path where the snapshot is staged on its way (cleaned up after the load). */
    snapshotStagingPath: text.optional(),
    /** Load settings. */
    settings: bigquerySettings.optional(),
    /** Which source tables go into which destination tables, at least one. */
    tableMappings: z.array(bigqueryTableMapping).min(1, "needs at least one table mapping"),
    /** Kept as a Pulumi secret; never returned by the API. */
    credentials: serviceAccountFile.optional(),
  })
  .strict();

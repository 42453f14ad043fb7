/** Sources that replicate database tables through table mappings. */
import { z } from "zod";
import { serviceAccountFile, text, usernamePassword } from "./pipe-source-fields";
import { containsUnknown } from "./unknown";
import { tableName } from "./refinements/sql-names";

export const postgresAuthentication = z.enum(["basic", "IAM_ROLE"]);

export const postgresSettings = z
  .object({
    syncIntervalSeconds: z.number().int().min(1).optional(),
    pullBatchSize: z.number().int().min(1).optional(),
    publicationName: text.optional(),
    replicationMode: z.enum(["cdc", "snapshot", "cdc_only"]).optional(),
    replicationSlotName: text.optional(),
    allowNullableColumns: z.boolean().optional(),
    initialLoadParallelism: z.number().int().min(1).optional(),
    snapshotNumRowsPerPartition: z.number().int().min(1000).optional(),
    snapshotNumberOfParallelTables: z.number().int().min(1).optional(),
    enableFailoverSlots: z.boolean().optional(),
    deleteOnMerge: z.boolean().optional(),
  })
  .strict();

/** A table mapping's fields as postgres takes them; the other database kinds take a subset. */
export const postgresTableMappingShape = z
  .object({
    sourceSchemaName: text,
    sourceTable: text,
    targetTable: tableName,
    excludedColumns: z.array(text).optional(),
    useCustomSortingKey: z.boolean().optional(),
    sortingKeys: z.array(text).optional(),
    tableEngine: z.enum(["ReplacingMergeTree", "MergeTree", "Null"]).optional(),
    /** Indexed integer or timestamp column that splits the initial snapshot into parallel parts (not table partitioning). */
    partitionKey: text.optional(),
    /** PARTITION BY expression of the destination table the pipe creates, e.g. `toYYYYMM(created_at)`. */
    partitionByExpr: text.optional(),
  })
  .strict();

/** A custom sorting key needs its columns (every kind whose mappings take one). */
export function customSortingKeyRule(m: { useCustomSortingKey?: boolean; sortingKeys?: string[] }, ctx: z.RefinementCtx): void {
  if (m.useCustomSortingKey && !containsUnknown(m.sortingKeys) && !(m.sortingKeys ?? []).length) {
    ctx.addIssue({ code: "custom", path: ["sortingKeys"], message: "is required when useCustomSortingKey is true" });
  }
}

export const postgresTableMapping = postgresTableMappingShape.superRefine(customSortingKeyRule);

export const postgresSource = z
  .object({
    type: text.nullish(),
    host: text,
    /** @default 5432 */
    port: z.number().int("must be an integer").min(1).max(65535).optional(),
    database: text,
    settings: postgresSettings.optional(),
    authentication: postgresAuthentication.optional(),
    iamRole: text.optional(),
    tlsHost: text.optional(),
    caCertificate: text.optional(),
    disableTls: z.boolean().optional(),
    skipCertVerification: z.boolean().optional(),
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

export const mysqlSettings = postgresSettings
  .pick({ ...snapshotSettings, syncIntervalSeconds: true, pullBatchSize: true, allowNullableColumns: true, initialLoadParallelism: true, deleteOnMerge: true })
  .extend({
    replicationMode,
    /** @default "GTID" (the API's) */
    replicationMechanism: z.enum(["GTID", "FILE_POS"]).optional(),
    useCompression: z.boolean().optional(),
  })
  .strict();

/** A MySQL-style table into a destination table; `sourceSchemaName` is the source database. */
export const mysqlTableMapping = postgresTableMappingShape.omit({ partitionByExpr: true }).strict().superRefine(customSortingKeyRule);

export const mysqlSource = z
  .object({
    /** Server flavour, as the API names it (`mysql`, `mariadb`, ...). Fixed at creation. */
    type: z.enum(["mysql", "rdsmysql", "auroramysql", "mariadb", "rdsmariadb"]).nullish(),
    host: text,
    /** @default 3306 */
    port: z.number().int("must be an integer").min(1).max(65535).optional(),
    settings: mysqlSettings,
    authentication: postgresAuthentication.optional(),
    iamRole: text.optional(),
    tlsHost: text.optional(),
    caCertificate: text.optional(),
    disableTls: z.boolean().optional(),
    skipCertVerification: z.boolean().optional(),
    /** The replication client id the pipe declares itself as; the API picks one when left out. */
    serverId: z.number().int("must be an integer").min(1).max(4_294_967_295).optional(),
    tableMappings: z.array(mysqlTableMapping).min(1, "needs at least one table mapping"),
    /** Kept as a Pulumi secret; never returned by the API. */
    credentials: usernamePassword.optional(),
  })
  .strict();

export const mongodbSettings = postgresSettings
  .pick({ ...snapshotSettings, syncIntervalSeconds: true, pullBatchSize: true, deleteOnMerge: true })
  .extend({
    replicationMode,
    /** Keep documents as native JSON columns rather than strings. */
    useJsonNativeFormat: z.boolean().optional(),
  })
  .strict();

/** One collection into a destination table. */
export const mongodbTableMapping = z
  .object({
    sourceDatabaseName: text,
    sourceCollection: text,
    targetTable: tableName,
    tableEngine: mappingEngine.optional(),
  })
  .strict();

export const mongodbSource = z
  .object({
    /** Connection URI (`mongodb://` or `mongodb+srv://`), without user or password. */
    uri: text,
    readPreference: z.enum(["primary", "primaryPreferred", "secondary", "secondaryPreferred", "nearest"]),
    tlsHost: text.optional(),
    disableTls: z.boolean().optional(),
    skipCertVerification: z.boolean().optional(),
    caCertificate: text.optional(),
    settings: mongodbSettings,
    tableMappings: z.array(mongodbTableMapping).min(1, "needs at least one table mapping"),
    /** Kept as a Pulumi secret; never returned by the API. */
    credentials: usernamePassword.optional(),
  })
  .strict();

export const bigquerySettings = postgresSettings
  .pick({ ...snapshotSettings, allowNullableColumns: true, initialLoadParallelism: true })
  .extend({
    /** The only mode offered: one load, then the pipe ends Completed. @default "snapshot" */
    replicationMode: z.enum(["snapshot"]).optional(),
  })
  .strict();

/** One warehouse table into a destination table. */
export const bigqueryTableMapping = postgresTableMappingShape
  .omit({ sourceSchemaName: true, partitionKey: true, partitionByExpr: true })
  .extend({ sourceDatasetName: text })
  .strict()
  .superRefine(customSortingKeyRule);

/** A warehouse loaded once (snapshot only). The API changes nothing in place: every change is a new pipe. */
export const bigquerySource = z
  .object({
    /** Object storage path where the snapshot is staged on its way (cleaned up after the load). */
    snapshotStagingPath: text.optional(),
    settings: bigquerySettings.optional(),
    tableMappings: z.array(bigqueryTableMapping).min(1, "needs at least one table mapping"),
    /** Kept as a Pulumi secret; never returned by the API. */
    credentials: serviceAccountFile.optional(),
  })
  .strict();

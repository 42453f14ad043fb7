import { z } from "zod";
import { containsUnknown } from "./unknown";

/** Names, ids and free text the API takes as non-empty strings. */
const text = z.string().min(1, "must not be empty");
/** Optional values the API also reads back as `null`. */
const optionalText = text.nullish();

/** `YYYY-MM-DDTHH:MM`, minute precision, no seconds or zone (the API's offset format). */
export const kafkaOffsetTimestamp = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/, "must be YYYY-MM-DDTHH:MM (minute precision, no seconds or zone)");

export const usernamePassword = z
  .object({ username: text, password: text })
  .strict();

export const accessKey = z
  .object({
    /** Access key id of the cloud identity that reads the source. */
    accessKeyId: text,
    /** Its secret key. Kept as a Pulumi secret. */
    secretKey: text,
  })
  .strict();

/**
 * Kafka-style credentials: one of username/password (PLAIN, SCRAM), access key (IAM_USER),
 * connection string (PLAIN on event-hub style brokers) or client certificate (MUTUAL_TLS).
 * Which one is required follows `authentication`.
 */
export const kafkaCredentials = z
  .object({
    username: text.optional(),
    password: text.optional(),
    accessKeyId: text.optional(),
    secretKey: text.optional(),
    connectionString: text.optional(),
    certificate: text.optional(),
    privateKey: text.optional(),
  })
  .strict();

export const kafkaAuthentication = z.enum(["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "IAM_ROLE", "IAM_USER", "MUTUAL_TLS"]);
export const objectStorageAuthentication = z.enum(["IAM_ROLE", "IAM_USER", "CONNECTION_STRING", "SERVICE_ACCOUNT"]);
export const kinesisAuthentication = z.enum(["IAM_ROLE", "IAM_USER"]);
export const postgresAuthentication = z.enum(["basic", "IAM_ROLE"]);

export const kafkaSource = z
  .object({
    /** Broker flavour, as the API names it. Fixed at creation. */
    type: text.optional(),
    format: z.enum(["JSONEachRow", "Avro", "AvroConfluent", "Protobuf"]).optional(),
    /** Broker list, `host:port[,host:port]`. Fixed at creation. */
    brokers: text,
    /** Topics to read. Fixed at creation. */
    topics: text,
    /** Consumer group. @default `pipes-<id>`, chosen by the API. Fixed at creation. */
    consumerGroup: optionalText,
    /** How the pipe authenticates to the brokers; `credentials` follow it. */
    authentication: kafkaAuthentication.optional(),
    /** Cloud role identifier (ARN-style) for IAM_ROLE authentication. */
    iamRole: optionalText,
    offset: z
      .object({
        strategy: z.enum(["from_beginning", "from_latest", "from_timestamp"]).optional(),
        timestamp: kafkaOffsetTimestamp.nullish(),
      })
      .strict()
      .nullish(),
    schemaRegistry: z
      .object({
        url: z.string().url("must be a URL"),
        authentication: z.enum(["PLAIN"]).optional(),
        caCertificate: optionalText,
        /** Kept as a Pulumi secret; never returned by the API. */
        credentials: usernamePassword.optional(),
      })
      .strict()
      .nullish(),
    caCertificate: optionalText,
    /** Ids from `getReversePrivateEndpoints`. */
    reversePrivateEndpointIds: z.array(text).optional(),
    exactlyOnce: z.boolean().nullish(),
    /** Kept as a Pulumi secret; never returned by the API. */
    credentials: kafkaCredentials.optional(),
  })
  .strict();

export const objectStorageSource = z
  .object({
    type: text.optional(),
    format: z
      .enum(["JSONEachRow", "JSONAsObject", "CSV", "CSVWithNames", "TabSeparated", "TabSeparatedWithNames", "Parquet", "Avro"])
      .optional(),
    /** Object URL; glob patterns (`**`, `*.json`) select files. Fixed at creation. */
    url: text,
    delimiter: z.string().min(1).max(1, "must be one character").nullish(),
    compression: z.enum(["none", "gzip", "gz", "brotli", "br", "xz", "LZMA", "zstd", "auto"]).nullish(),
    /** Keep reading new files. @default false (a one-off load that ends `Completed`) */
    isContinuous: z.boolean().nullish(),
    queueUrl: optionalText,
    skipInitialLoad: z.boolean().nullish(),
    startAfter: optionalText,
    authentication: objectStorageAuthentication.nullish(),
    iamRole: optionalText,
    path: optionalText,
    azureContainerName: optionalText,
    /** Storage connection string; carries an account key, so it is kept as a Pulumi secret. */
    connectionString: optionalText,
    /** Kept as a Pulumi secret; never returned by the API. */
    accessKey: accessKey.nullish(),
    /** Service account key (base64 JSON) for SERVICE_ACCOUNT authentication. Kept as a Pulumi secret; never returned by the API. */
    serviceAccountKey: optionalText,
  })
  .strict();

export const kinesisSource = z
  .object({
    format: z.enum(["JSONEachRow", "Avro", "AvroConfluent"]).optional(),
    streamName: text,
    region: text,
    useEnhancedFanOut: z.boolean().nullish(),
    iteratorType: z.enum(["TRIM_HORIZON", "LATEST", "AT_TIMESTAMP"]).optional(),
    /** Unix time in seconds; needed with `iteratorType: AT_TIMESTAMP`. */
    timestamp: z
      .number({ invalid_type_error: "must be Unix seconds (an integer), not a date string: convert it with Math.floor(Date.parse(\"2026-01-01T00:00:00Z\") / 1000)" })
      .int("must be an integer").min(0).max(99_999_999_999, "must be Unix seconds, not milliseconds").nullish(),
    authentication: kinesisAuthentication.optional(),
    iamRole: optionalText,
    /** Kept as a Pulumi secret; never returned by the API. */
    accessKey: accessKey.nullish(),
  })
  .strict();

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

export const postgresTableMapping = z
  .object({
    sourceSchemaName: text,
    sourceTable: text,
    targetTable: text,
    excludedColumns: z.array(text).optional(),
    useCustomSortingKey: z.boolean().optional(),
    sortingKeys: z.array(text).optional(),
    tableEngine: z.enum(["ReplacingMergeTree", "MergeTree", "Null"]).optional(),
    /** Indexed integer or timestamp column that splits the initial snapshot into parallel parts (not table partitioning). */
    partitionKey: text.optional(),
    /** PARTITION BY expression of the destination table the pipe creates, e.g. `toYYYYMM(created_at)`. */
    partitionByExpr: text.optional(),
  })
  .strict()
  .superRefine((m, ctx) => {
    if (m.useCustomSortingKey && !containsUnknown(m.sortingKeys) && !(m.sortingKeys ?? []).length) {
      ctx.addIssue({ code: "custom", path: ["sortingKeys"], message: "is required when useCustomSortingKey is true" });
    }
  });

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

export const sourceKinds = ["kafka", "objectStorage", "kinesis", "postgres"] as const;
export type SourceKind = (typeof sourceKinds)[number];

export const pipeSource = z
  .object({
    kafka: kafkaSource.nullish(),
    objectStorage: objectStorageSource.nullish(),
    kinesis: kinesisSource.nullish(),
    postgres: postgresSource.nullish(),
    /** Also check data samples, not only the connection. Write-only: kept from the inputs. */
    validateSamples: z.boolean().optional(),
  })
  .strict();

export type PipeSourceInput = z.input<typeof pipeSource>;
export type PipeSource = z.output<typeof pipeSource>;

import { z } from "zod";
import { bigquerySource, mongodbSource, mysqlSource, postgresSource } from "./source-database";
import { httpUrl } from "../../schemas/refinements/urls";
import { accessKey, optionalText, serviceAccountFile, text, usernamePassword } from "./source-fields";

/** `YYYY-MM-DDTHH:MM`, minute precision, no seconds or zone (the API's offset format). */
const kafkaOffsetTimestamp = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/, "must be YYYY-MM-DDTHH:MM (minute precision, no seconds or zone)");

/**
 * Kafka-style credentials: one of username/password (PLAIN, SCRAM), access key (IAM_USER),
 * connection string (PLAIN on event-hub style brokers) or client certificate (MUTUAL_TLS).
 * Which one is required follows `authentication`.
 */
const kafkaCredentials = z
  .object({
    /** User name (PLAIN, SCRAM). */
    username: text.optional(),
    /** Password (PLAIN, SCRAM). */
    password: text.optional(),
    /** Access key id (IAM_USER). */
    accessKeyId: text.optional(),
    /** Secret key (IAM_USER). */
    secretKey: text.optional(),
    /** Connection string (PLAIN on event-hub style brokers). */
    connectionString: text.optional(),
    /** Client certificate, PEM (MUTUAL_TLS). */
    certificate: text.optional(),
    /** Client private key, PEM (MUTUAL_TLS). */
    privateKey: text.optional(),
  })
  .strict();

const kafkaAuthentication = z.enum(["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "IAM_ROLE", "IAM_USER", "MUTUAL_TLS"]);
const objectStorageAuthentication = z.enum(["IAM_ROLE", "IAM_USER", "CONNECTION_STRING", "SERVICE_ACCOUNT"]);
const kinesisAuthentication = z.enum(["IAM_ROLE", "IAM_USER"]);

const kafkaSource = z
  .object({
    /** Broker flavour, as the API names it. */
    type: text.optional(),
    /** Format of the messages. */
    format: z.enum(["JSONEachRow", "Avro", "AvroConfluent", "Protobuf"]).optional(),
    /** Broker list, `host:port[,host:port]`. */
    brokers: text,
    /** Topics to read. */
    topics: text,
    /** Consumer group. @default `pipes-<id>`, chosen by the API. */
    consumerGroup: optionalText,
    /** How the pipe authenticates to the brokers; `credentials` follow it. */
    authentication: kafkaAuthentication.optional(),
    /** Cloud role identifier (ARN-style) for IAM_ROLE authentication. */
    iamRole: optionalText,
    /** Where a new pipe starts reading the topics. */
    offset: z
      .object({
        /** From the oldest message, the newest, or `timestamp`. */
        strategy: z.enum(["from_beginning", "from_latest", "from_timestamp"]).optional(),
        /** With `strategy: from_timestamp`: `YYYY-MM-DDTHH:MM` (UTC, minute precision). */
        timestamp: kafkaOffsetTimestamp.nullish(),
      })
      .strict()
      .nullish(),
    /** Schema registry the messages' schemas come from (Avro, Protobuf). */
    schemaRegistry: z
      .object({
        /** Registry URL. */
        url: httpUrl("https://registry.example.com"),
        /** How the pipe authenticates to the registry. */
        authentication: z.enum(["PLAIN"]).optional(),
        /** CA certificate (PEM) to trust for TLS. */
        caCertificate: optionalText,
        /** Kept as a Pulumi secret; never returned by the API. */
        credentials: usernamePassword.optional(),
      })
      .strict()
      .nullish(),
    /** CA certificate (PEM) to trust for TLS. */
    caCertificate: optionalText,
    /** Ids from `getReversePrivateEndpoints`. */
    reversePrivateEndpointIds: z.array(text).optional(),
    /** Exactly-once delivery into the table (the API's transactional mode). */
    exactlyOnce: z.boolean().nullish(),
    /** Kept as a Pulumi secret; never returned by the API. */
    credentials: kafkaCredentials.optional(),
  })
  .strict();

const objectStorageSource = z
  .object({
    /** Provider flavour, as the API names it. */
    type: text.optional(),
    /** Format of the files. */
    format: z.enum(["JSONEachRow", "JSONAsObject", "CSV", "CSVWithNames", "TabSeparated", "TabSeparatedWithNames", "Parquet", "Avro"]).optional(),
    /** Object URL; glob patterns (`**`, `*.json`) select files. Left out where `path` and `azureContainerName` address the files. */
    url: optionalText,
    /** Field delimiter of CSV files, one character. */
    delimiter: z.string().min(1).max(1, "must be one character").nullish(),
    /** Compression of the files. @default `auto` (from the file name) */
    compression: z.enum(["none", "gzip", "gz", "brotli", "br", "xz", "LZMA", "zstd", "auto"]).nullish(),
    /** Keep reading new files. @default false (a one-off load that ends `Completed`) */
    isContinuous: z.boolean().nullish(),
    /** Queue that announces new files (event-driven continuous reading). */
    queueUrl: optionalText,
    /** A continuous pipe skips the files already there and reads only new ones. */
    skipInitialLoad: z.boolean().nullish(),
    /** Read only files whose key sorts after this one. */
    startAfter: optionalText,
    /** How the pipe authenticates to the storage; the matching credentials follow it. */
    authentication: objectStorageAuthentication.nullish(),
    /** Cloud role identifier (ARN-style) for IAM_ROLE authentication. */
    iamRole: optionalText,
    /** Path inside the container (with `azureContainerName`); glob patterns select files. */
    path: optionalText,
    /** Blob container to read, with CONNECTION_STRING authentication. */
    azureContainerName: optionalText,
    /** Storage connection string; carries an account key, so it is kept as a Pulumi secret. */
    connectionString: optionalText,
    /** Kept as a Pulumi secret; never returned by the API. */
    accessKey: accessKey.nullish(),
    /** Service account key (base64 JSON) for SERVICE_ACCOUNT authentication. Kept as a Pulumi secret; never returned by the API. */
    serviceAccountKey: optionalText,
  })
  .strict();

const kinesisSource = z
  .object({
    /** Format of the records. */
    format: z.enum(["JSONEachRow", "Avro", "AvroConfluent"]).optional(),
    /** Stream to read. */
    streamName: text,
    /** Region of the stream, e.g. `us-east-1`. */
    region: text,
    /** Read through a dedicated enhanced fan-out consumer. */
    useEnhancedFanOut: z.boolean().nullish(),
    /** Where reading starts: the oldest record, the newest, or `timestamp`. */
    iteratorType: z.enum(["TRIM_HORIZON", "LATEST", "AT_TIMESTAMP"]).optional(),
    /** Unix time in seconds; needed with `iteratorType: AT_TIMESTAMP`. */
    timestamp: z
      .number({
        invalid_type_error: 'must be Unix seconds (an integer), not a date string: convert it with Math.floor(Date.parse("2026-01-01T00:00:00Z") / 1000)',
      })
      .int("must be an integer")
      .min(0)
      .max(99_999_999_999, "must be Unix seconds, not milliseconds")
      .nullish(),
    /** How the pipe authenticates to the stream; the matching credentials follow it. */
    authentication: kinesisAuthentication.optional(),
    /** Cloud role identifier (ARN-style) for IAM_ROLE authentication. */
    iamRole: optionalText,
    /** Kept as a Pulumi secret; never returned by the API. */
    accessKey: accessKey.nullish(),
  })
  .strict();

/** A managed message topic read through a subscription the pipe creates. */
const pubsubSource = z
  .object({
    /** Format of the messages. */
    format: z.enum(["JSONEachRow", "Avro", "Protobuf"]),
    /** Project that owns the topic. */
    projectId: text,
    /** Topic name, not the fully qualified path. */
    topic: text,
    /** Only SERVICE_ACCOUNT is offered. */
    authentication: z.enum(["SERVICE_ACCOUNT"]),
    /** Where reading starts; `timestamp` needs `seekTimestamp`. */
    seekType: z.enum(["latest", "earliest", "timestamp"]),
    /** RFC 3339 time, e.g. `2026-04-10T12:00:00Z`; only with `seekType: timestamp`. */
    seekTimestamp: z.string().datetime({ offset: true, message: "must be an RFC 3339 time, e.g. 2026-04-10T12:00:00Z" }).nullish(),
    /** Subscription filter expression, at most 256 characters. */
    filter: text.max(256, "must be at most 256 characters").nullish(),
    /** Deliver messages with the same ordering key in order. */
    enableOrdering: z.boolean().nullish(),
    /** Seconds, 10-600. */
    ackDeadline: z.number().int("must be an integer").min(10, "must be at least 10").max(600, "must be at most 600").nullish(),
    /** Kept as a Pulumi secret; never returned by the API. */
    serviceAccountKey: serviceAccountFile.optional(),
  })
  .strict();

export const sourceKinds = ["kafka", "objectStorage", "kinesis", "postgres", "pubsub", "mysql", "mongodb", "bigquery"] as const;
/** Kinds that replicate database tables through table mappings (no scaling; resync). */
export const databaseKinds = ["postgres", "mysql", "mongodb", "bigquery"] as const satisfies readonly SourceKind[];
export type SourceKind = (typeof sourceKinds)[number];

/** The source kinds a source sets (`null` and absent are not set). */
export const setKinds = (source: Readonly<Record<string, unknown>>): SourceKind[] => sourceKinds.filter((k) => source[k] != null);

/** Why a source with `kinds` set is refused, or undefined when it sets exactly one. */
export const kindCountProblem = (kinds: readonly SourceKind[]): string | undefined =>
  kinds.length === 1 ? undefined : `must set exactly one of ${sourceKinds.join(", ")} (found ${kinds.length ? kinds.join(", ") : "none"})`;

/**
 * The shape written out by name: an inferred type would be expanded into the published .d.ts,
 * and the database kinds' fields (declared in another file) would lose their doc comments there.
 */
type PipeSourceShape = {
  /** A Kafka-style stream. */
  kafka: z.ZodOptional<z.ZodNullable<typeof kafkaSource>>;
  /** Files in object storage, read once or continuously. */
  objectStorage: z.ZodOptional<z.ZodNullable<typeof objectStorageSource>>;
  /** A Kinesis-style stream. */
  kinesis: z.ZodOptional<z.ZodNullable<typeof kinesisSource>>;
  /** Postgres tables, replicated by change data capture or a snapshot. */
  postgres: z.ZodOptional<z.ZodNullable<typeof postgresSource>>;
  /** A managed message topic, through a subscription the pipe creates. */
  pubsub: z.ZodOptional<z.ZodNullable<typeof pubsubSource>>;
  /** MySQL-style tables, replicated by change data capture or a snapshot. */
  mysql: z.ZodOptional<z.ZodNullable<typeof mysqlSource>>;
  /** MongoDB-style collections, replicated by change data capture or a snapshot. */
  mongodb: z.ZodOptional<z.ZodNullable<typeof mongodbSource>>;
  /** Warehouse tables, loaded once. */
  bigquery: z.ZodOptional<z.ZodNullable<typeof bigquerySource>>;
  /** Also check data samples, not only the connection. Write-only: kept from the inputs. */
  validateSamples: z.ZodOptional<z.ZodBoolean>;
};

export const pipeSource: z.ZodObject<PipeSourceShape, "strict"> = z
  .object({
    /** A Kafka-style stream. */
    kafka: kafkaSource.nullish(),
    /** Files in object storage, read once or continuously. */
    objectStorage: objectStorageSource.nullish(),
    /** A Kinesis-style stream. */
    kinesis: kinesisSource.nullish(),
    /** Postgres tables, replicated by change data capture or a snapshot. */
    postgres: postgresSource.nullish(),
    /** A managed message topic, through a subscription the pipe creates. */
    pubsub: pubsubSource.nullish(),
    /** MySQL-style tables, replicated by change data capture or a snapshot. */
    mysql: mysqlSource.nullish(),
    /** MongoDB-style collections, replicated by change data capture or a snapshot. */
    mongodb: mongodbSource.nullish(),
    /** Warehouse tables, loaded once. */
    bigquery: bigquerySource.nullish(),
    /** Also check data samples, not only the connection. Write-only: kept from the inputs. */
    validateSamples: z.boolean().optional(),
  })
  .strict();

export type PipeSourceInput = z.input<typeof pipeSource>;
export type PipeSource = z.output<typeof pipeSource>;

import { z } from "zod";
import { computed, computedKeys, type ComputedFields, type FieldPolicy, type SecretsOf, type ComputedOutputs } from "../../schemas/field-policy";
import type { PipeSpecInput } from "./schema";
import type { PipeSourceInput } from "./source";
import { cloudObjectPolicy } from "../../schemas/cloud-object";
import { serverStamps } from "../../schemas/server-stamps";
import { changed, fixed, inPlace as sentBy, instruction, replaced as replace, serverDefault, writeOnly, writeOnlySecret } from "../../schemas/field-rules";

/**
 * How an in-place change of a pipe is sent: in the body of PATCH `/pipes/{id}` at the field's own
 * path (`pipe`), as the whole of PUT `/settings` or PATCH `/scaling`, or as table mappings to
 * add and remove while the pipe is paused (`tableMappings`), or as a state command (`state`).
 */
export type PipePatch = "pipe" | "settings" | "scaling" | "tableMappings" | "state";

const inPlace = sentBy("pipe");
/** Credentials: never returned by the API, kept as a secret, sent again with a change. */
const secret = <S extends string>(name: S) => writeOnlySecret(inPlace, name);
const postgresSetting = fixed;

/** The settings every database kind takes (mysql and mongodb take a subset of postgres's, as their schemas `pick`). */
const databaseSettings = {
  replicationMode: postgresSetting,
  syncIntervalSeconds: serverDefault(inPlace),
  pullBatchSize: serverDefault(inPlace),
  snapshotNumRowsPerPartition: postgresSetting,
  snapshotNumberOfParallelTables: postgresSetting,
  deleteOnMerge: postgresSetting,
} as const;
const setting = changed;

/**
 * Every field of a pipe and its life cycle, from the API notes' list of what changes in place.
 * Adding a field to the schema without a line here does not compile.
 */
export const pipePolicy = {
  name: { ...inPlace, filled: true },
  ...cloudObjectPolicy,
  // Run state: a state command (PATCH /state), read back from the pipe's state.
  stopped: serverDefault({ ...sentBy("state"), sent: "never" }),
  // Never returned: kept from the program; a change sends one resync.
  resyncToken: writeOnly({ ...sentBy("state"), sent: "never", inputOnly: true }),
  // adoptId only says where the pipe came from: changing or dropping it changes nothing.
  adoptId: writeOnly(instruction("none")),
  fieldMappings: { ...inPlace, empty: [] },
  settings: {
    ...sentBy("settings"),
    empty: {},
    fields: {
      streaming_max_insert_wait_ms: setting,
      object_storage_concurrency: setting,
      object_storage_polling_interval_ms: setting,
      object_storage_max_insert_bytes: setting,
      object_storage_max_file_count: setting,
      db_max_threads: setting,
      db_max_insert_threads: setting,
      db_min_insert_block_size_bytes: setting,
      db_max_download_threads: setting,
      db_parallel_distributed_insert_select: setting,
      object_storage_use_cluster_function: setting,
      db_parallel_view_processing: setting,
    },
  },
  // Right after a scaling change the API may read CPU and memory as absent (or 0).
  scaling: {
    ...serverDefault(sentBy("scaling")),
    fields: {
      replicas: { ...serverDefault(changed), mayBeMissing: true },
      concurrency: { ...serverDefault(changed), mayBeMissing: true },
      replicaCpuMillicores: { ...serverDefault(changed), mayBeMissing: true },
      replicaMemoryGb: { ...serverDefault(changed), mayBeMissing: true },
    },
  },
  destination: {
    ...replace,
    empty: {},
    fields: {
      database: replace,
      table: replace,
      managedTable: replace,
      // The API fills in a table definition (engine, keys) for a managed table the program left open.
      tableDefinition: {
        ...fixed,
        fields: {
          engine: {
            ...fixed,
            fields: {
              type: fixed,
              versionColumnId: fixed,
              columnIds: fixed,
            },
          },
          sortingKey: fixed,
          partitionBy: fixed,
          primaryKey: fixed,
        },
      },
      columns: { ...inPlace, empty: [] },
      roles: writeOnly(replace),
    },
  },
  source: {
    ...replace,
    empty: {},
    fields: {
      validateSamples: { ...inPlace, writeOnly: true, empty: false },
      kafka: {
        ...replace,
        fields: {
          type: replace,
          format: replace,
          brokers: replace,
          topics: replace,
          consumerGroup: fixed,
          authentication: inPlace,
          iamRole: inPlace,
          offset: replace,
          schemaRegistry: {
            ...replace,
            whole: true,
            fields: { url: replace, authentication: replace, caCertificate: replace, credentials: writeOnlySecret(replace, "schemaRegistryCredentials") },
          },
          caCertificate: inPlace,
          reversePrivateEndpointIds: inPlace,
          exactlyOnce: replace,
          credentials: secret("credentials"),
        },
      },
      objectStorage: {
        ...replace,
        fields: {
          type: replace,
          format: replace,
          url: replace,
          delimiter: replace,
          compression: replace,
          isContinuous: replace,
          queueUrl: replace,
          skipInitialLoad: inPlace,
          startAfter: inPlace,
          authentication: inPlace,
          iamRole: inPlace,
          path: inPlace,
          azureContainerName: inPlace,
          // The API reads the connection string back, so it is secret but not write-only.
          connectionString: { ...inPlace, secret: "connectionString" },
          accessKey: secret("accessKey"),
          serviceAccountKey: secret("serviceAccountKey"),
        },
      },
      kinesis: {
        ...replace,
        fields: {
          format: replace,
          streamName: replace,
          region: replace,
          useEnhancedFanOut: replace,
          iteratorType: replace,
          timestamp: replace,
          authentication: inPlace,
          iamRole: inPlace,
          accessKey: secret("accessKey"),
        },
      },
      postgres: {
        ...replace,
        fields: {
          type: replace,
          host: inPlace,
          port: inPlace,
          database: inPlace,
          settings: {
            ...replace,
            fields: {
              ...databaseSettings,
              publicationName: postgresSetting,
              replicationSlotName: postgresSetting,
              allowNullableColumns: postgresSetting,
              initialLoadParallelism: postgresSetting,
              enableFailoverSlots: postgresSetting,
            },
          },
          authentication: replace,
          iamRole: replace,
          tlsHost: inPlace,
          caCertificate: inPlace,
          disableTls: inPlace,
          skipCertVerification: inPlace,
          tableMappings: sentBy("tableMappings"),
          credentials: secret("credentials"),
        },
      },
      pubsub: {
        ...replace,
        fields: {
          format: replace,
          projectId: replace,
          topic: replace,
          authentication: { ...inPlace, patchRequired: true },
          seekType: replace,
          seekTimestamp: replace,
          filter: replace,
          enableOrdering: replace,
          ackDeadline: inPlace,
          serviceAccountKey: { ...secret("serviceAccountKey"), patchRequired: true },
        },
      },
      mysql: {
        ...replace,
        fields: {
          type: replace,
          host: { ...inPlace, patchRequired: true },
          port: { ...inPlace, patchRequired: true },
          settings: {
            ...replace,
            fields: {
              ...databaseSettings,
              useCompression: serverDefault(inPlace),
              replicationMechanism: postgresSetting,
              allowNullableColumns: postgresSetting,
              initialLoadParallelism: postgresSetting,
            },
          },
          authentication: inPlace,
          iamRole: inPlace,
          tlsHost: inPlace,
          caCertificate: inPlace,
          disableTls: inPlace,
          skipCertVerification: inPlace,
          serverId: serverDefault(inPlace),
          tableMappings: sentBy("tableMappings"),
          credentials: secret("credentials"),
        },
      },
      mongodb: {
        ...replace,
        fields: {
          uri: { ...inPlace, patchRequired: true },
          readPreference: { ...inPlace, patchRequired: true },
          tlsHost: inPlace,
          disableTls: inPlace,
          skipCertVerification: inPlace,
          caCertificate: inPlace,
          settings: {
            ...replace,
            fields: {
              ...databaseSettings,
              useJsonNativeFormat: postgresSetting,
            },
          },
          tableMappings: sentBy("tableMappings"),
          credentials: secret("credentials"),
        },
      },
      // The API has no PATCH form for this kind: every change, credentials included, is a new pipe.
      bigquery: {
        ...replace,
        fields: {
          snapshotStagingPath: replace,
          settings: {
            ...replace,
            fields: {
              replicationMode: postgresSetting,
              allowNullableColumns: postgresSetting,
              initialLoadParallelism: postgresSetting,
              snapshotNumRowsPerPartition: postgresSetting,
              snapshotNumberOfParallelTables: postgresSetting,
            },
          },
          tableMappings: replace,
          credentials: writeOnlySecret(replace, "serviceAccount"),
        },
      },
    },
  },
} as const satisfies FieldPolicy<PipeSpecInput, PipePatch>;

/** The secret material of a pipe source, one key per secret name of the policy. */
export type PipeSourceSecrets = SecretsOf<PipeSourceInput, typeof pipePolicy.source.fields>;

/** Outputs of the server's own: read from every answer, never the program's to compare. */
export const pipeComputed = {
  /** `Provisioning`, `Running`, `Completed`, `Failed`, ... as the API reports it. */
  state: computed(z.string()),
  /** The API's reason for a failed state, when it gives one. */
  stateReason: computed(z.string().optional()),
  ...serverStamps,
} satisfies ComputedFields;

export const pipeServerOutputs = computedKeys(pipeComputed);

/**
 * A pipe's properties as the engine holds them: the program's spec with its secret material in
 * `sourceSecrets` (see `pipe-secrets.ts`), plus the serialized provider the engine adds.
 * During a preview any value may still be the engine's unknown placeholder.
 */
export type PipeInputs = PipeSpecInput & {
  sourceSecrets?: PipeSourceSecrets;
  __provider?: string;
};

/** A pipe's outputs: its inputs as the API reads them back, and the server's own fields. */
export type PipeOutputs = PipeInputs & ComputedOutputs<typeof pipeComputed>;

import { describe, expect, it } from "vitest";
import { validate } from "../../provider/schemas/check-failures";
import { pipeSpec } from "../../provider/resources/pipe/schema";
import { UNKNOWN } from "../../provider/schemas/unknown";
import { bigqueryPipe, kafkaPipe, kinesisPipe, mongodbPipe, mysqlPipe, objectStoragePipe, postgresPipe, pubsubPipe } from "../support/pipe-fixtures";

type Obj = Record<string, any>;
const check = (spec: unknown) => validate(pipeSpec, spec);

describe("pipe check: valid inputs pass", () => {
  it.each([
    ["kafka", kafkaPipe()],
    ["objectStorage", objectStoragePipe()],
    ["kinesis", kinesisPipe()],
    ["postgres", postgresPipe()],
    ["pubsub", pubsubPipe()],
    ["mysql", mysqlPipe()],
    ["mongodb", mongodbPipe()],
    ["bigquery", bigqueryPipe()],
    [
      "objectStorage addressed by path and container",
      merge(objectStoragePipe(), {
        source: {
          objectStorage: {
            url: undefined,
            path: "logs/*.json",
            azureContainerName: "c1",
            authentication: "CONNECTION_STRING",
            connectionString: "AccountKey=k",
            accessKey: undefined,
          },
        },
      }),
    ],
    [
      "objectStorage with a queue",
      merge(objectStoragePipe(), { source: { objectStorage: { type: "s3", queueUrl: "https://queue.example.test/1/q", skipInitialLoad: true } } }),
    ],
    ["pubsub from a timestamp", merge(pubsubPipe(), { source: { pubsub: { seekType: "timestamp", seekTimestamp: "2026-04-10T12:00:00Z" } } })],
  ])("%s", (_kind, spec) => {
    expect(check(spec)).toEqual({ ok: true, value: expect.anything() });
  });
});

/** Each case: a change to a valid input, the property path expected, and a word of the reason. */
const invalid: [string, () => Obj, string, RegExp][] = [
  ["no source kind", () => ({ ...kafkaPipe(), source: {} }), "source", /exactly one of/],
  ["two source kinds", () => ({ ...kafkaPipe(), source: { ...kafkaPipe().source, ...kinesisPipe().source } }), "source", /found kafka, kinesis/],
  ["unmapped column", () => ({ ...kafkaPipe(), fieldMappings: kafkaPipe().fieldMappings.slice(1) }), "fieldMappings", /unmapped: id/],
  [
    "mapping to no column",
    () => ({ ...kafkaPipe(), fieldMappings: [...kafkaPipe().fieldMappings, { sourceField: "x", destinationField: "nope" }] }),
    "fieldMappings[3].destinationField",
    /names no destination column/,
  ],
  ["replicas over 40", () => ({ ...kafkaPipe(), scaling: { replicas: 41 } }), "scaling.replicas", /at most 40/],
  ["cpu under 125", () => ({ ...kafkaPipe(), scaling: { replicaCpuMillicores: 100 } }), "scaling.replicaCpuMillicores", /at least 125/],
  ["memory over 8", () => ({ ...kafkaPipe(), scaling: { replicaMemoryGb: 9 } }), "scaling.replicaMemoryGb", /at most 8/],
  ["fractional replicas", () => ({ ...kafkaPipe(), scaling: { replicas: 1.5 } }), "scaling.replicas", /integer/],
  ["empty scaling", () => ({ ...kafkaPipe(), scaling: {} }), "scaling", /at least one/],
  ["scaling on postgres", () => ({ ...postgresPipe(), scaling: { replicas: 2 } }), "scaling", /only taken by/],
  [
    "insert wait too short",
    () => ({ ...kafkaPipe(), settings: { streaming_max_insert_wait_ms: 100 } }),
    "settings.streaming_max_insert_wait_ms",
    /at least 500/,
  ],
  [
    "max insert bytes too small",
    () => ({ ...kafkaPipe(), settings: { object_storage_max_insert_bytes: 1024 } }),
    "settings.object_storage_max_insert_bytes",
    /at least 10485760/,
  ],
  ["db threads over 64", () => ({ ...kafkaPipe(), settings: { db_max_threads: 65 } }), "settings.db_max_threads", /at most 64/],
  ["unknown setting", () => ({ ...kafkaPipe(), settings: { max_threads: 1 } }), "settings.max_threads", /not a known field/],
  [
    "kinesis timestamp as a date string",
    () => merge(kinesisPipe(), { source: { kinesis: { iteratorType: "AT_TIMESTAMP", timestamp: "2026-01-01T00:00:00Z" } } }),
    "source.kinesis.timestamp",
    /Unix seconds.*Math\.floor\(Date\.parse/,
  ],
  [
    "offset with seconds",
    () => merge(kafkaPipe(), { source: { kafka: { offset: { strategy: "from_timestamp", timestamp: "2026-01-02T03:04:05" } } } }),
    "source.kafka.offset.timestamp",
    /YYYY-MM-DDTHH:MM/,
  ],
  [
    "offset with zone",
    () => merge(kafkaPipe(), { source: { kafka: { offset: { timestamp: "2026-01-02T03:04Z" } } } }),
    "source.kafka.offset.timestamp",
    /YYYY-MM-DDTHH:MM/,
  ],
  ["bad format", () => merge(kafkaPipe(), { source: { kafka: { format: "XML" } } }), "source.kafka.format", /Invalid enum/],
  ["bad authentication", () => merge(kafkaPipe(), { source: { kafka: { authentication: "TOKEN" } } }), "source.kafka.authentication", /Invalid enum/],
  [
    "SCRAM without password",
    () => withCredentials("SCRAM-SHA-256", { accessKeyId: "a", secretKey: "bbbb" }),
    "source.kafka.credentials",
    /username and password/,
  ],
  ["MUTUAL_TLS without key", () => withCredentials("MUTUAL_TLS", { certificate: "cert" }), "source.kafka.credentials", /certificate and privateKey/],
  [
    "IAM_ROLE without role",
    () => merge(kafkaPipe(), { source: { kafka: { authentication: "IAM_ROLE", credentials: undefined } } }),
    "source.kafka.iamRole",
    /required/,
  ],
  [
    "object storage auth enum",
    () => merge(objectStoragePipe(), { source: { objectStorage: { authentication: "PLAIN" } } }),
    "source.objectStorage.authentication",
    /Invalid enum/,
  ],
  [
    "object storage IAM_USER without key",
    () => merge(objectStoragePipe(), { source: { objectStorage: { accessKey: undefined } } }),
    "source.objectStorage.accessKey",
    /required/,
  ],
  [
    "compression enum",
    () => merge(objectStoragePipe(), { source: { objectStorage: { compression: "rar" } } }),
    "source.objectStorage.compression",
    /Invalid enum/,
  ],
  ["kinesis ms timestamp", () => merge(kinesisPipe(), { source: { kinesis: { timestamp: 1_767_225_600_000 } } }), "source.kinesis.timestamp", /Unix seconds/],
  [
    "kinesis AT_TIMESTAMP without timestamp",
    () => merge(kinesisPipe(), { source: { kinesis: { timestamp: undefined } } }),
    "source.kinesis.timestamp",
    /required/,
  ],
  ["postgres port", () => merge(postgresPipe(), { source: { postgres: { port: 70000 } } }), "source.postgres.port", /65535/],
  [
    "postgres rows per partition",
    () => merge(postgresPipe(), { source: { postgres: { settings: { snapshotNumRowsPerPartition: 10 } } } }),
    "source.postgres.settings.snapshotNumRowsPerPartition",
    /1000/,
  ],
  ["postgres without mappings", () => merge(postgresPipe(), { source: { postgres: { tableMappings: [] } } }), "source.postgres.tableMappings", /at least one/],
  [
    "postgres basic without credentials",
    () => merge(postgresPipe(), { source: { postgres: { credentials: undefined } } }),
    "source.postgres.credentials",
    /required/,
  ],
  [
    "ReplacingMergeTree without version",
    () => merge(kafkaPipe(), { destination: { tableDefinition: { engine: { type: "ReplacingMergeTree" }, sortingKey: ["id"] } } }),
    "destination.tableDefinition.engine.versionColumnId",
    /required/,
  ],
  [
    "ReplacingMergeTree without sorting key",
    () => merge(kafkaPipe(), { destination: { tableDefinition: { engine: { type: "ReplacingMergeTree", versionColumnId: "ts" } } } }),
    "destination.tableDefinition.sortingKey",
    /required/,
  ],
  [
    "version column not a column",
    () => merge(kafkaPipe(), { destination: { tableDefinition: { engine: { type: "ReplacingMergeTree", versionColumnId: "nope" }, sortingKey: ["id"] } } }),
    "destination.tableDefinition.engine.versionColumnId",
    /names no destination column/,
  ],
  [
    "engine enum",
    () => merge(kafkaPipe(), { destination: { tableDefinition: { engine: { type: "Log" } } } }),
    "destination.tableDefinition.engine.type",
    /Invalid enum/,
  ],
  ["stream pipe without table", () => merge(kafkaPipe(), { destination: { table: undefined } }), "destination.table", /required for a kafka pipe/],
  ["name too long", () => ({ ...kafkaPipe(), name: "x".repeat(256) }), "name", /255/],
  ["typo in a field", () => merge(kafkaPipe(), { source: { kafka: { topic: "x" } } }), "source.kafka.topic", /not a known field/],
  ["wrong type", () => merge(kafkaPipe(), { source: { kafka: { brokers: 9092 } } }), "source.kafka.brokers", /Expected string/],
  [
    "object storage with neither url nor path",
    () => merge(objectStoragePipe(), { source: { objectStorage: { url: undefined } } }),
    "source.objectStorage.url",
    /unless the store is addressed by path and azureContainerName/,
  ],
  [
    "object storage path without container",
    () => merge(objectStoragePipe(), { source: { objectStorage: { url: undefined, path: "logs/*.json" } } }),
    "source.objectStorage.azureContainerName",
    /required with path/,
  ],
  [
    "container store without container",
    () => merge(objectStoragePipe(), { source: { objectStorage: { type: "azureblobstorage" } } }),
    "source.objectStorage.azureContainerName",
    /required with type azureblobstorage/,
  ],
  [
    "queue without continuous reading",
    () => merge(objectStoragePipe(), { source: { objectStorage: { queueUrl: "https://queue.example.test/q", isContinuous: false } } }),
    "source.objectStorage.queueUrl",
    /isContinuous: true/,
  ],
  [
    "queue on a public store",
    () =>
      merge(objectStoragePipe(), { source: { objectStorage: { queueUrl: "https://queue.example.test/q", authentication: undefined, accessKey: undefined } } }),
    "source.objectStorage.queueUrl",
    /needs an authentication/,
  ],
  [
    "queue on a store type without notifications",
    () => merge(objectStoragePipe(), { source: { objectStorage: { type: "dospaces", queueUrl: "https://queue.example.test/q" } } }),
    "source.objectStorage.queueUrl",
    /only taken by store types s3 and gcs/,
  ],
  [
    "queue of the wrong form for its store",
    () => merge(objectStoragePipe(), { source: { objectStorage: { type: "gcs", queueUrl: "https://queue.example.test/q" } } }),
    "source.objectStorage.queueUrl",
    /projects\/\{project\}\/subscriptions\/\{name\}/,
  ],
  [
    "skipInitialLoad without a queue",
    () => merge(objectStoragePipe(), { source: { objectStorage: { skipInitialLoad: true } } }),
    "source.objectStorage.skipInitialLoad",
    /needs queueUrl/,
  ],
  [
    "startAfter with skipInitialLoad",
    () =>
      merge(objectStoragePipe(), { source: { objectStorage: { queueUrl: "https://queue.example.test/q", skipInitialLoad: true, startAfter: "2026/01/" } } }),
    "source.objectStorage.startAfter",
    /cannot be set with skipInitialLoad/,
  ],
  [
    "object storage SERVICE_ACCOUNT without key",
    () => merge(objectStoragePipe(), { source: { objectStorage: { authentication: "SERVICE_ACCOUNT", accessKey: undefined } } }),
    "source.objectStorage.serviceAccountKey",
    /required/,
  ],
  ["pubsub without key", () => merge(pubsubPipe(), { source: { pubsub: { serviceAccountKey: undefined } } }), "source.pubsub.serviceAccountKey", /required/],
  [
    "pubsub timestamp seek without time",
    () => merge(pubsubPipe(), { source: { pubsub: { seekType: "timestamp" } } }),
    "source.pubsub.seekTimestamp",
    /required with seekType timestamp/,
  ],
  [
    "pubsub time with another seek",
    () => merge(pubsubPipe(), { source: { pubsub: { seekTimestamp: "2026-04-10T12:00:00Z" } } }),
    "source.pubsub.seekTimestamp",
    /left out with seekType earliest/,
  ],
  [
    "pubsub time not RFC 3339",
    () => merge(pubsubPipe(), { source: { pubsub: { seekType: "timestamp", seekTimestamp: "2026-04-10 12:00" } } }),
    "source.pubsub.seekTimestamp",
    /RFC 3339/,
  ],
  ["pubsub ack deadline over 600", () => merge(pubsubPipe(), { source: { pubsub: { ackDeadline: 601 } } }), "source.pubsub.ackDeadline", /at most 600/],
  ["pubsub filter over 256", () => merge(pubsubPipe(), { source: { pubsub: { filter: "x".repeat(257) } } }), "source.pubsub.filter", /256/],
  ["pubsub resyncToken", () => ({ ...pubsubPipe(), resyncToken: "1" }), "resyncToken", /only taken by database/],
  ["mysql basic without credentials", () => merge(mysqlPipe(), { source: { mysql: { credentials: undefined } } }), "source.mysql.credentials", /required/],
  [
    "mysql IAM_ROLE without role",
    () => merge(mysqlPipe(), { source: { mysql: { authentication: "IAM_ROLE", credentials: undefined } } }),
    "source.mysql.iamRole",
    /required/,
  ],
  [
    "mysql without replication mode",
    () => merge(mysqlPipe(), { source: { mysql: { settings: { replicationMode: undefined } } } }),
    "source.mysql.settings.replicationMode",
    /Required/,
  ],
  [
    "mysql mapping with an expression",
    () => merge(mysqlPipe(), { source: { mysql: { tableMappings: [{ sourceSchemaName: "s", sourceTable: "t", targetTable: "u", partitionByExpr: "x" }] } } }),
    "source.mysql.tableMappings[0].partitionByExpr",
    /not a known field/,
  ],
  ["mysql server id 0", () => merge(mysqlPipe(), { source: { mysql: { serverId: 0 } } }), "source.mysql.serverId", /1/],
  ["mysql scaling", () => ({ ...mysqlPipe(), scaling: { replicas: 2 } }), "scaling", /only taken by/],
  ["mongodb read preference", () => merge(mongodbPipe(), { source: { mongodb: { readPreference: "any" } } }), "source.mongodb.readPreference", /Invalid enum/],
  [
    "mongodb mapping without collection",
    () => merge(mongodbPipe(), { source: { mongodb: { tableMappings: [{ sourceDatabaseName: "app", targetTable: "t" }] } } }),
    "source.mongodb.tableMappings[0].sourceCollection",
    /Required/,
  ],
  ["bigquery without key", () => merge(bigqueryPipe(), { source: { bigquery: { credentials: undefined } } }), "source.bigquery.credentials", /required/],
  [
    "bigquery cdc",
    () => merge(bigqueryPipe(), { source: { bigquery: { settings: { replicationMode: "cdc" } } } }),
    "source.bigquery.settings.replicationMode",
    /Invalid enum/,
  ],
  [
    "bigquery custom sorting key without keys",
    () =>
      merge(bigqueryPipe(), {
        source: { bigquery: { tableMappings: [{ sourceDatasetName: "d", sourceTable: "t", targetTable: "u", useCustomSortingKey: true }] } },
      }),
    "source.bigquery.tableMappings[0].sortingKeys",
    /required when useCustomSortingKey/,
  ],
];

function withCredentials(authentication: string, credentials: Obj): Obj {
  const spec = kafkaPipe() as Obj;
  spec.source.kafka.authentication = authentication;
  spec.source.kafka.credentials = credentials;
  return spec;
}

function merge(base: Obj, patch: Obj): Obj {
  const out: Obj = Array.isArray(base) ? [...base] : { ...base };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) delete out[k];
    else if (v && typeof v === "object" && !Array.isArray(v) && base[k] && typeof base[k] === "object") out[k] = merge(base[k], v);
    else out[k] = v;
  }
  return out;
}

describe("pipe check: invalid inputs fail with a property path and a reason", () => {
  it.each(invalid)("%s", (_name, make, property, reason) => {
    const result = check(make());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const failure = result.failures.find((f) => f.property === property);
    expect(failure, JSON.stringify(result.failures)).toBeDefined();
    expect(failure!.reason).toMatch(reason);
  });
});

describe("pipe check: unknown preview values pass", () => {
  it.each([
    ["a whole source", () => ({ ...kafkaPipe(), source: UNKNOWN })],
    ["brokers", () => merge(kafkaPipe(), { source: { kafka: { brokers: UNKNOWN } } })],
    ["a number field", () => ({ ...kafkaPipe(), scaling: { replicas: UNKNOWN } })],
    ["the endpoint ids", () => merge(kafkaPipe(), { source: { kafka: { reversePrivateEndpointIds: UNKNOWN } } })],
    ["the columns", () => merge(kafkaPipe(), { destination: { columns: UNKNOWN } })],
    ["the credentials", () => merge(kafkaPipe(), { source: { kafka: { credentials: UNKNOWN } } })],
    ["a pubsub key", () => merge(pubsubPipe(), { source: { pubsub: { serviceAccountKey: UNKNOWN } } })],
    ["a pubsub seek type", () => merge(pubsubPipe(), { source: { pubsub: { seekType: UNKNOWN, seekTimestamp: "2026-04-10T12:00:00Z" } } })],
    ["mysql settings", () => merge(mysqlPipe(), { source: { mysql: { settings: UNKNOWN } } })],
    ["mongodb mappings", () => merge(mongodbPipe(), { source: { mongodb: { tableMappings: UNKNOWN } } })],
    ["an object storage url", () => merge(objectStoragePipe(), { source: { objectStorage: { url: UNKNOWN } } })],
    ["an object storage queue", () => merge(objectStoragePipe(), { source: { objectStorage: { type: "gcs", queueUrl: UNKNOWN, skipInitialLoad: true } } })],
  ])("%s", (_name, make) => {
    expect(check(make()).ok).toBe(true);
  });

  it("but a known bad value beside an unknown one still fails", () => {
    const result = check({ ...kafkaPipe(), scaling: { replicas: UNKNOWN, replicaMemoryGb: 20 } });
    expect(result.ok).toBe(false);
  });
});

describe("check messages never carry a secret value", () => {
  it("a bad credential shape names the path only", () => {
    const spec = merge(kafkaPipe(), {
      source: { kafka: { credentials: { username: "u", password: "kafka-password-plain-1234", token: "zzzz-secret-token" } } },
    });
    const result = check(spec);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.failures.map((f) => f.property)).toContain("source.kafka.credentials.token");
    const text = JSON.stringify(result.failures);
    expect(text).not.toContain("zzzz-secret-token");
    expect(text).not.toContain("kafka-password-plain-1234");
  });
});

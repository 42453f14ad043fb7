import { describe, expect, it } from "vitest";
import { pipeEngine, wouldCollide } from "../support/engines";

const diff = pipeEngine.diff;
import { pipeOutputs } from "../../provider/resources/pipe/body";
import { pipeRecord } from "../../provider/resources/pipe/record";

/** The outputs of an API answer, parsed as the engine parses it. */
const outputsOf = (api: unknown, carried: Record<string, any>) => pipeOutputs(pipeRecord.parse(api), carried as any);
import { UNKNOWN } from "../../provider/schemas/unknown";
import { sealed } from "../../provider/engine/fingerprint";
import { fieldChanges } from "../../provider/engine/field-diff";
import { pipeDiff } from "../../provider/resources/pipe/diff";
import { planUpdate } from "../../provider/resources/pipe/update-plan";
import { bigqueryPipe, kafkaPipe, kinesisPipe, mongodbPipe, mysqlPipe, objectStoragePipe, postgresPipe, pubsubPipe } from "../support/pipe-fixtures";
import { engineInputs } from "../support/pipe-props";

type Obj = Record<string, any>;

/** Sets a dotted path (creating objects on the way); `undefined` removes it. */
function set(o: Obj, path: string, value: unknown): Obj {
  const copy = JSON.parse(JSON.stringify(o));
  const keys = path.split(".");
  let node = copy;
  for (const k of keys.slice(0, -1)) node = node[k] ??= {};
  if (value === undefined) delete node[keys[keys.length - 1]];
  else node[keys[keys.length - 1]] = value;
  return copy;
}

const base = {
  kafka: engineInputs(kafkaPipe()),
  objectStorage: engineInputs(objectStoragePipe()),
  kinesis: engineInputs(kinesisPipe()),
  postgres: engineInputs(postgresPipe()),
  pubsub: engineInputs(pubsubPipe()),
  mysql: engineInputs(mysqlPipe()),
  mongodb: engineInputs(mongodbPipe()),
  bigquery: engineInputs(bigqueryPipe()),
};

type Expect = "none" | "update" | "replace";
/** [source kind, path changed, new value, expected kind of change] — every field of the notes. */
const table: [keyof typeof base, string, unknown, Expect][] = [
  ["kafka", "name", "renamed", "update"],
  ["kafka", "organizationId", "org-2", "replace"],
  ["kafka", "serviceId", "svc-2", "replace"],
  ["kafka", "waitTimeoutSeconds", 30, "update"],
  ["kafka", "adoptId", "6f1c0000-0000-4000-8000-000000000000", "none"],
  ["kafka", "fieldMappings", [...kafkaPipe().fieldMappings].reverse(), "update"],
  ["kafka", "settings.streaming_max_insert_wait_ms", 9000, "update"],
  ["kafka", "settings", undefined, "update"],
  ["kafka", "scaling.replicas", 3, "update"],
  ["kafka", "scaling.replicaCpuMillicores", 500, "update"],
  ["kafka", "scaling.replicaMemoryGb", 2, "update"],
  ["kafka", "scaling", undefined, "none"],
  ["kafka", "destination.columns", [...kafkaPipe().destination.columns, { name: "extra", type: "String" }], "update"],
  ["kafka", "destination.database", "other", "replace"],
  ["kafka", "destination.table", "other", "replace"],
  ["kafka", "destination.managedTable", false, "replace"],
  ["kafka", "destination.tableDefinition", { sortingKey: ["id"] }, "replace"],
  ["kafka", "destination.roles", ["other_role"], "replace"],
  ["kafka", "source.validateSamples", true, "update"],
  ["kafka", "source.kafka.authentication", "SCRAM-SHA-512", "update"],
  ["kafka", "source.kafka.iamRole", "arn:role/x", "update"],
  ["kafka", "source.kafka.caCertificate", "-----BEGIN CERTIFICATE-----", "update"],
  ["kafka", "source.kafka.reversePrivateEndpointIds", ["rpe-1"], "update"],
  ["kafka", "source.kafka.brokers", "broker-2:9092", "replace"],
  ["kafka", "source.kafka.topics", "other", "replace"],
  ["kafka", "source.kafka.consumerGroup", "group-2", "replace"],
  ["kafka", "source.kafka.offset.timestamp", "2026-02-02T00:00", "replace"],
  ["kafka", "source.kafka.schemaRegistry", { url: "https://registry.example.test" }, "replace"],
  ["kafka", "source.kafka.format", "Avro", "replace"],
  ["kafka", "source.kafka.type", "other", "replace"],
  ["kafka", "source.kafka.exactlyOnce", true, "replace"],
  ["kafka", "sourceSecrets.credentials.password", "new-password", "update"],
  ["kafka", "sourceSecrets.schemaRegistryCredentials", { username: "u", password: "pppp" }, "replace"],
  ["kafka", "source.kafka", undefined, "replace"],
  ["objectStorage", "source.objectStorage.authentication", "IAM_ROLE", "update"],
  ["objectStorage", "source.objectStorage.iamRole", "arn:role/y", "update"],
  ["objectStorage", "source.objectStorage.path", "logs/*.json", "update"],
  ["objectStorage", "source.objectStorage.azureContainerName", "container", "update"],
  ["objectStorage", "sourceSecrets.accessKey.secretKey", "rotated-key", "update"],
  ["objectStorage", "sourceSecrets.connectionString", "AccountKey=rotated", "update"],
  ["objectStorage", "source.objectStorage.skipInitialLoad", true, "update"],
  ["objectStorage", "source.objectStorage.startAfter", "2026/01/", "update"],
  ["objectStorage", "sourceSecrets.serviceAccountKey", "eyJrZXkiOiAxfQ==", "update"],
  ["objectStorage", "source.objectStorage.url", "https://bucket.example.test/other/*", "replace"],
  ["objectStorage", "source.objectStorage.isContinuous", false, "replace"],
  ["objectStorage", "source.objectStorage.compression", "gzip", "replace"],
  ["objectStorage", "source.objectStorage.delimiter", ";", "replace"],
  ["objectStorage", "source.objectStorage.format", "CSV", "replace"],
  ["objectStorage", "source.objectStorage.queueUrl", "https://queue.example.test/q", "replace"],
  ["kinesis", "source.kinesis.authentication", "IAM_ROLE", "update"],
  ["kinesis", "source.kinesis.iamRole", "arn:role/z", "update"],
  ["kinesis", "sourceSecrets.accessKey.secretKey", "rotated-kinesis", "update"],
  ["kinesis", "source.kinesis.streamName", "other", "replace"],
  ["kinesis", "source.kinesis.region", "eu-west-1", "replace"],
  ["kinesis", "source.kinesis.timestamp", 1_767_312_000, "replace"],
  ["kinesis", "source.kinesis.useEnhancedFanOut", true, "replace"],
  ["postgres", "source.postgres.host", "db2.example.test", "update"],
  ["postgres", "source.postgres.port", 6432, "update"],
  ["postgres", "source.postgres.database", "app2", "update"],
  ["postgres", "source.postgres.settings.syncIntervalSeconds", 60, "update"],
  ["postgres", "source.postgres.settings.pullBatchSize", 5000, "update"],
  ["postgres", "source.postgres.settings.publicationName", "pub", "replace"],
  ["postgres", "source.postgres.settings.replicationSlotName", "slot", "replace"],
  ["postgres", "source.postgres.tableMappings", [{ sourceSchemaName: "public", sourceTable: "users", targetTable: "public_users" }], "update"],
  ["postgres", "sourceSecrets.credentials.password", "rotated-pg", "update"],
  ["postgres", "source.postgres.tlsHost", "db.internal", "update"],
  ["postgres", "source.postgres.caCertificate", "-----BEGIN CERTIFICATE-----", "update"],
  ["postgres", "source.postgres.disableTls", true, "update"],
  ["postgres", "source.postgres.skipCertVerification", true, "update"],
  ["postgres", "source.postgres.authentication", "IAM_ROLE", "replace"],
  ["postgres", "source.postgres.type", "other", "replace"],
  ["postgres", "destination.database", "replica2", "replace"],
  ["pubsub", "source.pubsub.ackDeadline", 120, "update"],
  ["pubsub", "sourceSecrets.serviceAccountKey", { serviceAccountFile: "rotated-key-file" }, "update"],
  ["pubsub", "source.pubsub.projectId", "project-2", "replace"],
  ["pubsub", "source.pubsub.topic", "other", "replace"],
  ["pubsub", "source.pubsub.format", "Avro", "replace"],
  ["pubsub", "source.pubsub.seekType", "latest", "replace"],
  ["pubsub", "source.pubsub.filter", 'attributes.kind = "a"', "replace"],
  ["pubsub", "source.pubsub.enableOrdering", true, "replace"],
  ["pubsub", "scaling.replicas", 2, "update"],
  ["mysql", "source.mysql.host", "mysql2.example.test", "update"],
  ["mysql", "source.mysql.port", 3307, "update"],
  ["mysql", "source.mysql.authentication", "IAM_ROLE", "update"],
  ["mysql", "source.mysql.iamRole", "arn:role/m", "update"],
  ["mysql", "source.mysql.serverId", 4242, "update"],
  ["mysql", "source.mysql.tlsHost", "mysql.internal", "update"],
  ["mysql", "source.mysql.settings.syncIntervalSeconds", 60, "update"],
  ["mysql", "source.mysql.settings.useCompression", true, "update"],
  ["mysql", "source.mysql.settings.replicationMechanism", "FILE_POS", "replace"],
  ["mysql", "source.mysql.settings.replicationMode", "cdc_only", "replace"],
  ["mysql", "source.mysql.tableMappings", [{ sourceSchemaName: "shop", sourceTable: "users", targetTable: "shop_users" }], "update"],
  ["mysql", "sourceSecrets.credentials.password", "rotated-mysql", "update"],
  ["mysql", "source.mysql.type", "mariadb", "replace"],
  ["mongodb", "source.mongodb.uri", "mongodb://db2.example.test/app", "update"],
  ["mongodb", "source.mongodb.readPreference", "primary", "update"],
  ["mongodb", "source.mongodb.caCertificate", "-----BEGIN CERTIFICATE-----", "update"],
  ["mongodb", "source.mongodb.settings.pullBatchSize", 5000, "update"],
  ["mongodb", "source.mongodb.settings.useJsonNativeFormat", true, "replace"],
  ["mongodb", "source.mongodb.tableMappings", [{ sourceDatabaseName: "app", sourceCollection: "users", targetTable: "app_users" }], "update"],
  ["mongodb", "sourceSecrets.credentials.password", "rotated-mongo", "update"],
  ["bigquery", "source.bigquery.snapshotStagingPath", "https://staging.example.test/other/", "replace"],
  ["bigquery", "source.bigquery.tableMappings", [{ sourceDatasetName: "analytics", sourceTable: "events", targetTable: "analytics_events" }], "replace"],
  ["bigquery", "sourceSecrets.serviceAccount", { serviceAccountFile: "rotated-key-file" }, "replace"],
];

describe("pipe diff: each field's change previews as the right kind", () => {
  it.each(table)("%s %s", async (kind, path, value, expected) => {
    const olds = base[kind];
    const news = set(olds, path, value);
    const result = await diff("id", olds, news);
    if (expected === "none") {
      expect(result.changes).toBe(false);
      return;
    }
    // A credential-only change answers "unknown": the engine then diffs the inputs itself and
    // marks the secret path as changed (a dynamic provider cannot send a detailed diff).
    expect(result.changes).toBe(expected === "update" && path.startsWith("sourceSecrets") ? undefined : true);
    if (expected === "replace") expect(result.replaces!.length, JSON.stringify(result)).toBeGreaterThan(0);
    else expect(result.replaces, JSON.stringify(result)).toEqual([]);
  });
});

/** Old outputs as the provider writes them now: the credentials only as fingerprints. */
const fingerprinted = (inputs: Obj): Obj => ({ ...inputs, sourceSecrets: sealed(inputs.sourceSecrets, undefined) });

describe("pipe diff against fingerprinted outputs: the program's plaintext against the old fingerprint", () => {
  it.each(Object.keys(base) as (keyof typeof base)[])("%s: the same credentials are no change", async (kind) => {
    const olds = fingerprinted(base[kind]);
    expect(JSON.stringify(olds.sourceSecrets)).toMatch(/hmac-sha256:/);
    expect(await diff("id", olds, base[kind])).toMatchObject({ changes: false, diffs: [] });
  });

  it.each(table.filter(([, path]) => path.startsWith("sourceSecrets")))("%s %s", async (kind, path, value, expected) => {
    const olds = fingerprinted(base[kind]);
    const result = await diff("id", olds, set(base[kind], path, value));
    const secret = path.split(".").slice(0, 2).join(".");
    expect(result.diffs).toEqual([{ path: secret, kind: expected }]);
    expect(result.changes).toBe(expected === "update" ? undefined : true);
  });

  it("a credential not known yet is a change", async () => {
    const result = await diff("id", fingerprinted(base.kafka), set(base.kafka, "sourceSecrets.credentials.password", UNKNOWN));
    expect(result.diffs).toEqual([{ path: "sourceSecrets.credentials", kind: "update" }]);
  });

  it("an update of a changed credential sends the program's new plaintext", () => {
    const olds = fingerprinted(base.kafka);
    const news = set(base.kafka, "sourceSecrets.credentials.password", "rotated-password");
    const plan = planUpdate(olds as never, news as never, fieldChanges(olds, news, pipeDiff));
    expect(plan.patch).toEqual({ source: { kafka: { credentials: { username: "ingest", password: "rotated-password" } } } });
  });
});

describe("pipe diff: no change when the API answers in another form", () => {
  const inputs = base.kafka;
  const api = {
    id: "p1",
    serviceId: "svc-1",
    name: "events",
    state: "Running",
    source: {
      kafka: { ...inputs.source.kafka, consumerGroup: "pipes-p1", iamRole: null, caCertificate: null, schemaRegistry: null },
      objectStorage: null,
      kinesis: null,
      postgres: null,
    },
    destination: { ...inputs.destination, roles: undefined, tableDefinition: { engine: { type: "MergeTree()" } } },
    fieldMappings: inputs.fieldMappings,
    scaling: { replicas: 2, replicaCpuMillicores: "250m", replicaMemoryGb: "1Gi" },
    settings: { streaming_max_insert_wait_ms: 5000, db_max_threads: null },
    createdAt: "2026-01-01T00:00:00Z",
    updatedAt: "2026-01-01T00:00:00Z",
  };

  it("quantity strings, MergeTree(), nulls and a server-chosen consumer group", async () => {
    const news = set(inputs, "destination.tableDefinition", { engine: { type: "MergeTree" } });
    const outs = outputsOf(api, news);
    expect(await diff("p1", outs, news)).toMatchObject({ changes: false });
  });

  it("scaling read as absent right after a scaling change", async () => {
    const outs = outputsOf({ ...api, scaling: { replicas: 2 } }, inputs);
    expect(await diff("p1", outs, inputs)).toMatchObject({ changes: false });
  });

  it("a real scaling drift is still seen", async () => {
    const outs = outputsOf({ ...api, scaling: { replicas: 2, replicaCpuMillicores: "500m", replicaMemoryGb: "1Gi" } }, inputs);
    const result = await diff("p1", outs, inputs);
    expect(result.changes).toBe(true);
    expect(result.replaces).toEqual([]);
  });

  it("512Mi reads as 0.5 GB", async () => {
    const news = set(inputs, "scaling.replicaMemoryGb", 0.5);
    const outs = outputsOf({ ...api, scaling: { replicas: 2, replicaCpuMillicores: "250m", replicaMemoryGb: "512Mi" } }, news);
    expect((await diff("p1", outs, news)).changes).toBe(false);
  });
});

describe("pipe diff: unknown values in a preview", () => {
  it("an unknown updatable field is an update", async () => {
    const result = await diff("id", base.kafka, set(base.kafka, "source.kafka.reversePrivateEndpointIds", UNKNOWN));
    expect(result).toMatchObject({ changes: true, replaces: [] });
  });
  it("an unknown fixed field is a replacement", async () => {
    const result = await diff("id", base.kafka, set(base.kafka, "source.kafka.brokers", UNKNOWN));
    expect(result.replaces).toEqual(["source.kafka.brokers"]);
  });
  it("a wholly unknown source may replace", async () => {
    const result = await diff("id", base.kafka, { ...base.kafka, source: UNKNOWN });
    expect(result.replaces).toEqual(["source"]);
  });
});

describe("pipe diff: replacement deletes first when the pipes would collide", () => {
  it.each([
    ["same name and table", {}, true],
    ["new name, same table", { name: "other" }, true],
    ["new name and table", { name: "other", "destination.table": "other_table" }, false],
    ["new name, table, same consumer group", { name: "other", "destination.table": "t2", "source.kafka.consumerGroup": "g" }, true],
    ["another service", { serviceId: "svc-2" }, false],
  ])("%s", (_n, changes, expected) => {
    let olds = set(base.kafka, "source.kafka.consumerGroup", "g");
    let news = set(olds, "source.kafka.brokers", "b2:9092");
    if (!("source.kafka.consumerGroup" in changes)) news = set(news, "source.kafka.consumerGroup", "g-new");
    for (const [p, v] of Object.entries(changes)) news = set(news, p, v);
    olds = { ...olds };
    expect(wouldCollide(olds, news)).toBe(expected);
  });
});

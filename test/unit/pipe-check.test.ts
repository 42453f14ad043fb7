import { describe, expect, it } from "vitest";
import { validate } from "../../provider/schemas/check-failures";
import { pipeSpec } from "../../provider/schemas/pipe";
import { UNKNOWN } from "../../provider/schemas/unknown";
import { kafkaPipe, kinesisPipe, objectStoragePipe, postgresPipe } from "../support/pipe-fixtures";

type Obj = Record<string, any>;
const check = (spec: unknown) => validate(pipeSpec, spec);

describe("pipe check: valid inputs pass", () => {
  it.each([
    ["kafka", kafkaPipe()],
    ["objectStorage", objectStoragePipe()],
    ["kinesis", kinesisPipe()],
    ["postgres", postgresPipe()],
  ])("%s", (_kind, spec) => {
    expect(check(spec)).toEqual({ ok: true, value: expect.anything() });
  });
});

/** Each case: a change to a valid input, the property path expected, and a word of the reason. */
const invalid: [string, () => Obj, string, RegExp][] = [
  ["no source kind", () => ({ ...kafkaPipe(), source: {} }), "source", /exactly one of/],
  ["two source kinds", () => ({ ...kafkaPipe(), source: { ...kafkaPipe().source, ...kinesisPipe().source } }), "source", /found kafka, kinesis/],
  ["unmapped column", () => ({ ...kafkaPipe(), fieldMappings: kafkaPipe().fieldMappings.slice(1) }), "fieldMappings", /unmapped: id/],
  ["mapping to no column", () => ({ ...kafkaPipe(), fieldMappings: [...kafkaPipe().fieldMappings, { sourceField: "x", destinationField: "nope" }] }), "fieldMappings[3].destinationField", /names no destination column/],
  ["replicas over 40", () => ({ ...kafkaPipe(), scaling: { replicas: 41 } }), "scaling.replicas", /at most 40/],
  ["cpu under 125", () => ({ ...kafkaPipe(), scaling: { replicaCpuMillicores: 100 } }), "scaling.replicaCpuMillicores", /at least 125/],
  ["memory over 8", () => ({ ...kafkaPipe(), scaling: { replicaMemoryGb: 9 } }), "scaling.replicaMemoryGb", /at most 8/],
  ["fractional replicas", () => ({ ...kafkaPipe(), scaling: { replicas: 1.5 } }), "scaling.replicas", /integer/],
  ["empty scaling", () => ({ ...kafkaPipe(), scaling: {} }), "scaling", /at least one/],
  ["scaling on postgres", () => ({ ...postgresPipe(), scaling: { replicas: 2 } }), "scaling", /only taken by/],
  ["insert wait too short", () => ({ ...kafkaPipe(), settings: { streaming_max_insert_wait_ms: 100 } }), "settings.streaming_max_insert_wait_ms", /at least 500/],
  ["max insert bytes too small", () => ({ ...kafkaPipe(), settings: { object_storage_max_insert_bytes: 1024 } }), "settings.object_storage_max_insert_bytes", /at least 10485760/],
  ["db threads over 64", () => ({ ...kafkaPipe(), settings: { db_max_threads: 65 } }), "settings.db_max_threads", /at most 64/],
  ["unknown setting", () => ({ ...kafkaPipe(), settings: { max_threads: 1 } }), "settings.max_threads", /not a known field/],
  ["kinesis timestamp as a date string", () => merge(kinesisPipe(), { source: { kinesis: { iteratorType: "AT_TIMESTAMP", timestamp: "2026-01-01T00:00:00Z" } } }), "source.kinesis.timestamp", /Unix seconds.*Math\.floor\(Date\.parse/],
  ["offset with seconds", () => merge(kafkaPipe(), { source: { kafka: { offset: { strategy: "from_timestamp", timestamp: "2026-01-02T03:04:05" } } } }), "source.kafka.offset.timestamp", /YYYY-MM-DDTHH:MM/],
  ["offset with zone", () => merge(kafkaPipe(), { source: { kafka: { offset: { timestamp: "2026-01-02T03:04Z" } } } }), "source.kafka.offset.timestamp", /YYYY-MM-DDTHH:MM/],
  ["bad format", () => merge(kafkaPipe(), { source: { kafka: { format: "XML" } } }), "source.kafka.format", /Invalid enum/],
  ["bad authentication", () => merge(kafkaPipe(), { source: { kafka: { authentication: "TOKEN" } } }), "source.kafka.authentication", /Invalid enum/],
  ["SCRAM without password", () => withCredentials("SCRAM-SHA-256", { accessKeyId: "a", secretKey: "bbbb" }), "source.kafka.credentials", /username and password/],
  ["MUTUAL_TLS without key", () => withCredentials("MUTUAL_TLS", { certificate: "cert" }), "source.kafka.credentials", /certificate and privateKey/],
  ["IAM_ROLE without role", () => merge(kafkaPipe(), { source: { kafka: { authentication: "IAM_ROLE", credentials: undefined } } }), "source.kafka.iamRole", /required/],
  ["object storage auth enum", () => merge(objectStoragePipe(), { source: { objectStorage: { authentication: "PLAIN" } } }), "source.objectStorage.authentication", /Invalid enum/],
  ["object storage IAM_USER without key", () => merge(objectStoragePipe(), { source: { objectStorage: { accessKey: undefined } } }), "source.objectStorage.accessKey", /required/],
  ["compression enum", () => merge(objectStoragePipe(), { source: { objectStorage: { compression: "rar" } } }), "source.objectStorage.compression", /Invalid enum/],
  ["kinesis ms timestamp", () => merge(kinesisPipe(), { source: { kinesis: { timestamp: 1_767_225_600_000 } } }), "source.kinesis.timestamp", /Unix seconds/],
  ["kinesis AT_TIMESTAMP without timestamp", () => merge(kinesisPipe(), { source: { kinesis: { timestamp: undefined } } }), "source.kinesis.timestamp", /required/],
  ["postgres port", () => merge(postgresPipe(), { source: { postgres: { port: 70000 } } }), "source.postgres.port", /65535/],
  ["postgres rows per partition", () => merge(postgresPipe(), { source: { postgres: { settings: { snapshotNumRowsPerPartition: 10 } } } }), "source.postgres.settings.snapshotNumRowsPerPartition", /1000/],
  ["postgres without mappings", () => merge(postgresPipe(), { source: { postgres: { tableMappings: [] } } }), "source.postgres.tableMappings", /at least one/],
  ["postgres basic without credentials", () => merge(postgresPipe(), { source: { postgres: { credentials: undefined } } }), "source.postgres.credentials", /required/],
  ["ReplacingMergeTree without version", () => merge(kafkaPipe(), { destination: { tableDefinition: { engine: { type: "ReplacingMergeTree" }, sortingKey: ["id"] } } }), "destination.tableDefinition.engine.versionColumnId", /required/],
  ["ReplacingMergeTree without sorting key", () => merge(kafkaPipe(), { destination: { tableDefinition: { engine: { type: "ReplacingMergeTree", versionColumnId: "ts" } } } }), "destination.tableDefinition.sortingKey", /required/],
  ["version column not a column", () => merge(kafkaPipe(), { destination: { tableDefinition: { engine: { type: "ReplacingMergeTree", versionColumnId: "nope" }, sortingKey: ["id"] } } }), "destination.tableDefinition.engine.versionColumnId", /names no destination column/],
  ["engine enum", () => merge(kafkaPipe(), { destination: { tableDefinition: { engine: { type: "Log" } } } }), "destination.tableDefinition.engine.type", /Invalid enum/],
  ["stream pipe without table", () => merge(kafkaPipe(), { destination: { table: undefined } }), "destination.table", /required for a kafka pipe/],
  ["name too long", () => ({ ...kafkaPipe(), name: "x".repeat(256) }), "name", /255/],
  ["typo in a field", () => merge(kafkaPipe(), { source: { kafka: { topic: "x" } } }), "source.kafka.topic", /not a known field/],
  ["wrong type", () => merge(kafkaPipe(), { source: { kafka: { brokers: 9092 } } }), "source.kafka.brokers", /Expected string/],
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
    const spec = merge(kafkaPipe(), { source: { kafka: { credentials: { username: "u", password: "kafka-password-plain-1234", token: "zzzz-secret-token" } } } });
    const result = check(spec);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.failures.map((f) => f.property)).toContain("source.kafka.credentials.token");
    const text = JSON.stringify(result.failures);
    expect(text).not.toContain("zzzz-secret-token");
    expect(text).not.toContain("kafka-password-plain-1234");
  });
});

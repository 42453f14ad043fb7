import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { pipeEngine, EXISTING } from "../support/engines";

const check = pipeEngine.check;
import { splitSourceSecrets } from "../../provider/resources/pipe/secrets";

type Obj = Record<string, any>;
const RUNS = 300;
let casesRun = 0;

const name = fc.stringMatching(/^[a-z][a-z0-9_-]{0,40}$/);
const text = fc.stringMatching(/^[A-Za-z0-9._:/-]{1,40}$/);
const columnNames = fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/), { minLength: 1, maxLength: 6 });

const kafka = fc.record({
  brokers: text,
  topics: text,
  format: fc.constantFrom("JSONEachRow", "Avro", "Protobuf"),
  authentication: fc.constant("PLAIN"),
  credentials: fc.record({ username: text, password: text }),
});
const objectStorage = fc.record({
  url: text,
  format: fc.constantFrom("CSV", "Parquet", "JSONEachRow"),
  compression: fc.constantFrom("auto", "gzip", "none"),
  isContinuous: fc.boolean(),
});
const kinesis = fc.record({ streamName: text, region: text, useEnhancedFanOut: fc.boolean() });
const pubsub = fc.record({
  format: fc.constantFrom("JSONEachRow", "Avro", "Protobuf"),
  projectId: text,
  topic: text,
  authentication: fc.constant("SERVICE_ACCOUNT"),
  seekType: fc.constantFrom("latest", "earliest"),
  ackDeadline: fc.integer({ min: 10, max: 600 }),
  serviceAccountKey: fc.record({ serviceAccountFile: text }),
});
const scaling = fc.record(
  {
    replicas: fc.integer({ min: 1, max: 40 }),
    replicaCpuMillicores: fc.integer({ min: 125, max: 2000 }),
    replicaMemoryGb: fc.double({ min: 0.5, max: 8, noNaN: true }),
  },
  { requiredKeys: ["replicas"] },
);
const settings = fc.record(
  {
    streaming_max_insert_wait_ms: fc.integer({ min: 500, max: 60_000 }),
    object_storage_max_file_count: fc.integer({ min: 1, max: 10_000 }),
    db_max_threads: fc.integer({ min: 0, max: 64 }),
    db_parallel_view_processing: fc.boolean(),
  },
  { requiredKeys: ["db_max_threads"] },
);

/** A valid streaming pipe, as a program would write it. */
const validPipe = fc
  .tuple(
    name,
    fc.oneof(
      kafka.map((k) => ({ kafka: k })),
      objectStorage.map((o) => ({ objectStorage: o })),
      kinesis.map((k) => ({ kinesis: k })),
      pubsub.map((p) => ({ pubsub: p })),
    ),
    columnNames,
    fc.option(scaling, { nil: undefined }),
    fc.option(settings, { nil: undefined }),
  )
  .map(([n, source, cols, sc, st]) => {
    const spec: Obj = {
      name: n,
      organizationId: "org",
      serviceId: "svc",
      source,
      destination: { database: "default", table: `${n}_t`, managedTable: true, columns: cols.map((c) => ({ name: c, type: "String" })) },
      fieldMappings: cols.map((c) => ({ sourceField: c, destinationField: c })),
    };
    if (sc) spec.scaling = sc;
    if (st) spec.settings = st;
    return spec;
  });

/** The engine's view: secrets split out as the resource class does. */
function engineView(spec: Obj): Obj {
  const { source, secrets } = splitSourceSecrets(spec.source);
  return { ...spec, source, sourceSecrets: secrets };
}

type Mutation = [string, (s: Obj) => Obj];
/** Ways to break a valid pipe, each a class of bad input. */
const mutations: Mutation[] = [
  ["wrong type for name", (s) => ({ ...s, name: 42 })],
  ["empty name", (s) => ({ ...s, name: "" })],
  ["oversized name", (s) => ({ ...s, name: "n".repeat(300) })],
  ["replicas out of range", (s) => ({ ...s, scaling: { replicas: 1000 } })],
  ["negative cpu", (s) => ({ ...s, scaling: { replicaCpuMillicores: -5 } })],
  ["memory as a string", (s) => ({ ...s, scaling: { replicaMemoryGb: "1Gi" } })],
  ["setting out of range", (s) => ({ ...s, settings: { db_max_insert_threads: 17 } })],
  ["bad enum", (s) => ({ ...s, source: { kinesis: { streamName: "s", region: "r", iteratorType: "SOMETIME" } } })],
  ["missing destination", (s) => ({ ...s, destination: undefined })],
  ["missing source", (s) => ({ ...s, source: undefined })],
  ["several source kinds", (s) => ({ ...s, source: { kafka: { brokers: "b", topics: "t" }, kinesis: { streamName: "s", region: "r" } } })],
  ["unmapped column", (s) => ({ ...s, fieldMappings: s.fieldMappings.slice(1) })],
  ["columns not an array", (s) => ({ ...s, destination: { ...s.destination, columns: "id String" } })],
  ["unknown field", (s) => ({ ...s, colour: "blue" })],
  ["null source kind body", (s) => ({ ...s, source: { kafka: { brokers: null, topics: "t" } } })],
  [
    "pubsub seek time without a timestamp seek",
    (s) => ({
      ...s,
      source: {
        pubsub: {
          format: "Avro",
          projectId: "p",
          topic: "t",
          authentication: "SERVICE_ACCOUNT",
          seekType: "latest",
          seekTimestamp: "2026-01-01T00:00:00Z",
          serviceAccountKey: { serviceAccountFile: "k" },
        },
      },
    }),
  ],
  [
    "object storage queue without continuous reading",
    (s) => ({ ...s, source: { objectStorage: { url: "u", queueUrl: "https://q.example.test/q", authentication: "IAM_ROLE", iamRole: "r" } } }),
  ],
];

describe("pipe check, property-based", () => {
  afterAll(() => {
    console.log(`pipe check property cases run: ${casesRun}`);
  });

  it("generated valid inputs pass", async () => {
    await fc.assert(
      fc.asyncProperty(validPipe, async (spec) => {
        casesRun++;
        const { failures } = await check(EXISTING, engineView(spec));
        expect(failures).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it("generated invalid inputs fail with a property path and a reason, never a crash", async () => {
    await fc.assert(
      fc.asyncProperty(validPipe, fc.constantFrom(...mutations), async (spec, [, mutate]) => {
        casesRun++;
        const broken = mutate(spec);
        for (const k of Object.keys(broken)) if (broken[k] === undefined) delete broken[k];
        const view = broken.source && typeof broken.source === "object" ? engineView(broken) : broken;
        const { failures } = await check(EXISTING, view);
        expect(failures!.length).toBeGreaterThan(0);
        for (const f of failures!) {
          expect(typeof f.property).toBe("string");
          expect(f.reason.length).toBeGreaterThan(3);
        }
        expect(failures!.some((f) => f.property !== "")).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it("arbitrary JSON never crashes check", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (junk) => {
        casesRun++;
        const input = junk !== null && typeof junk === "object" && !Array.isArray(junk) ? junk : { name: junk };
        const result = await check(EXISTING, input);
        expect(Array.isArray(result.failures)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { cloud } from "../support/raw-api";
import { kafkaPipe, kinesisPipe, objectStoragePipe, postgresPipe } from "../support/pipe-bodies";
import { startTestEmulator } from "../support/emulator";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());

type Body = Record<string, any>;
let n = 0;
const unique = (label: string) => `${label}-${++n}`;

/** [label, body, fragment that the 400 message must contain] */
const invalid: Array<[string, () => Body, string]> = [
  ["a wrong type (OpenAPI)", () => ({ ...kafkaPipe(unique("t")), name: 42 }), "name: must be string"],
  ["scaling above its bound (OpenAPI)", () => kafkaPipe(unique("s"), { scaling: { replicas: 41 } }), "scaling.replicas: must be <= 40"],
  ["cpu below its bound", () => kafkaPipe(unique("s"), { scaling: { replicaCpuMillicores: 100 } }), "scaling.replicaCpuMillicores: must be >= 125"],
  ["memory above its bound", () => kafkaPipe(unique("s"), { scaling: { replicaMemoryGb: 9 } }), "scaling.replicaMemoryGb: must be <= 8"],
  [
    "a setting out of range",
    () => kafkaPipe(unique("s"), { settings: { streaming_max_insert_wait_ms: 100 } }),
    "settings.streaming_max_insert_wait_ms: must be >= 500",
  ],
  [
    "an unknown setting",
    () => kafkaPipe(unique("s"), { settings: { streaming_max_insert_wait: 1000 } }),
    "settings.streaming_max_insert_wait: unknown setting",
  ],
  ["an empty scaling object", () => kafkaPipe(unique("s"), { scaling: {} }), "scaling: must not be empty"],
  ["an empty settings object", () => kafkaPipe(unique("s"), { settings: {} }), "settings: must not be empty"],
  [
    "an enum value not in the spec",
    () => {
      const b = kafkaPipe(unique("e"));
      b.source.kafka.format = "XML";
      return b;
    },
    "source.kafka.format: must be equal to one of the allowed values",
  ],
  [
    "two source kinds",
    () => ({ ...kafkaPipe(unique("k")), source: { ...kafkaPipe("x").source, kinesis: kinesisPipe("y").source.kinesis } }),
    "source: exactly one source kind must be set",
  ],
  ["no source kind", () => ({ ...kafkaPipe(unique("k")), source: {} }), "source: exactly one source kind must be set"],
  [
    "an unmapped destination column",
    () => {
      const b = kafkaPipe(unique("m"));
      b.fieldMappings = b.fieldMappings.slice(1);
      return b;
    },
    "fieldMappings: destination column id is not mapped",
  ],
  [
    "a mapping to no column",
    () => {
      const b = kafkaPipe(unique("m"));
      b.fieldMappings.push({ sourceField: "x", destinationField: "nope" });
      return b;
    },
    "fieldMappings.3.destinationField: nope is not a destination column",
  ],
  [
    "ReplacingMergeTree without versionColumnId",
    () => {
      const b = kafkaPipe(unique("r"));
      b.destination.tableDefinition.engine = { type: "ReplacingMergeTree" };
      return b;
    },
    "destination.tableDefinition.engine.versionColumnId: is required for ReplacingMergeTree",
  ],
  [
    "ReplacingMergeTree without sortingKey",
    () => {
      const b = kafkaPipe(unique("r"));
      b.destination.tableDefinition = { engine: { type: "ReplacingMergeTree", versionColumnId: "ts" } };
      return b;
    },
    "destination.tableDefinition.sortingKey: is required for ReplacingMergeTree",
  ],
  [
    "versionColumnId naming no column",
    () => {
      const b = kafkaPipe(unique("r"));
      b.destination.tableDefinition.engine = { type: "ReplacingMergeTree", versionColumnId: "version" };
      return b;
    },
    "engine.versionColumnId: version is not a destination column",
  ],
  [
    "a kafka offset with seconds",
    () => {
      const b = kafkaPipe(unique("o"));
      b.source.kafka.offset = { strategy: "from_timestamp", timestamp: "2024-01-01T00:00:00" };
      return b;
    },
    "source.kafka.offset.timestamp: must be a UTC time as YYYY-MM-DDTHH:MM",
  ],
  [
    "a kafka offset on a day that does not exist",
    () => {
      const b = kafkaPipe(unique("o"));
      b.source.kafka.offset = { strategy: "from_timestamp", timestamp: "2024-02-30T10:00" };
      return b;
    },
    "source.kafka.offset.timestamp",
  ],
  [
    "kinesis timestamp in milliseconds",
    () => {
      const b = kinesisPipe(unique("k"));
      b.source.kinesis.iteratorType = "AT_TIMESTAMP";
      b.source.kinesis.timestamp = 1700000000000;
      return b;
    },
    "source.kinesis.timestamp: must be Unix time in seconds",
  ],
  [
    "scaling on a database pipe",
    () => ({ ...postgresPipe(unique("pg")), scaling: { replicas: 2 } }),
    "scaling: only kafka, kinesis, objectStorage, pubsub pipes take scaling",
  ],
  [
    "postgres snapshotNumRowsPerPartition below 1000",
    () => {
      const b = postgresPipe(unique("pg"));
      b.source.postgres.settings.snapshotNumRowsPerPartition = 999;
      return b;
    },
    "source.postgres.settings.snapshotNumRowsPerPartition: must be >= 1000",
  ],
  [
    "an empty-string postgres setting",
    () => {
      const b = postgresPipe(unique("pg"));
      b.source.postgres.settings.publicationName = "";
      return b;
    },
    "source.postgres.settings.publicationName: must not be empty",
  ],
  ["an empty name", () => ({ ...kafkaPipe(unique("n")), name: "" }), "name: must be a non-empty string"],
  ["a name of 256 characters", () => ({ ...kafkaPipe(unique("n")), name: "x".repeat(256) }), "name: must be at most 255 characters"],
  ["a top-level id", () => ({ ...kafkaPipe(unique("i")), id: "8d1f6ad1-0000-4000-8000-000000000000" }), "id: must not be sent in a request body"],
  [
    "kafka credentials that are not an object",
    () => {
      const b = kafkaPipe(unique("c"));
      b.source.kafka.credentials = "user:pass";
      return b;
    },
    "source.kafka.credentials: must be object",
  ],
  ["an unknown scaling key", () => kafkaPipe(unique("u"), { scaling: { replicas: 2, replicaCount: 3 } }), "scaling.replicaCount: unknown field"],
  ["an unknown top-level key", () => kafkaPipe(unique("u"), { sink: "x" }), "sink: unknown field"],
  [
    "an unknown key in the kind's source",
    () => {
      const b = kafkaPipe(unique("u"));
      b.source.kafka.topic = "events";
      return b;
    },
    "source.kafka.topic: unknown field",
  ],
  [
    "an unknown destination key",
    () => {
      const b = kafkaPipe(unique("u"));
      b.destination.tabel = "x";
      return b;
    },
    "destination.tabel: unknown field",
  ],
];

describe("pipe create validation", () => {
  it.each(invalid)("refuses %s with a 400 naming the path", async (_label, body, fragment) => {
    const answer = await cloud(emulator).call("POST", "/pipes", body());
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json.error).toMatch(/^BAD_REQUEST: /);
    expect(answer.json.error).toContain(fragment);
  });

  it("reports every problem of a body in one message", async () => {
    const body = kafkaPipe(unique("many"), { scaling: { replicas: 99 }, settings: {} });
    body.fieldMappings = [];
    const answer = await cloud(emulator).call("POST", "/pipes", body);
    const problems = (answer.json.error as string).replace(/^BAD_REQUEST: /, "").split("; ");
    expect(problems).toEqual(
      expect.arrayContaining([
        "scaling.replicas: must be <= 40",
        "settings: must not be empty (omit it instead)",
        "fieldMappings: destination column id is not mapped",
        "fieldMappings: destination column body is not mapped",
      ]),
    );
  });

  it("stores nothing for a refused body", async () => {
    const before = (await cloud(emulator).call("GET", "/pipes")).json.result.length;
    await cloud(emulator).call("POST", "/pipes", { ...kafkaPipe(unique("nothing")), scaling: { replicas: 0 } });
    expect((await cloud(emulator).call("GET", "/pipes")).json.result.length).toBe(before);
  });

  const valid: Array<[string, () => Body]> = [
    [
      "kafka with PLAIN credentials and an offset",
      () => {
        const b = kafkaPipe(unique("ok"));
        b.source.kafka.offset = { strategy: "from_timestamp", timestamp: "2024-02-29T23:59" };
        return b;
      },
    ],
    [
      "kafka with every other kind null",
      () => {
        const b = kafkaPipe(unique("ok"));
        Object.assign(b.source, { objectStorage: null, kinesis: null, postgres: null });
        return b;
      },
    ],
    [
      "ReplacingMergeTree with version column and sorting key",
      () => {
        const b = kafkaPipe(unique("ok"));
        b.destination.tableDefinition = { engine: { type: "ReplacingMergeTree", versionColumnId: "ts" }, sortingKey: ["id"] };
        return b;
      },
    ],
    [
      "object storage with scaling and settings",
      () => ({
        ...objectStoragePipe(unique("ok"), true),
        scaling: { replicas: 2, replicaCpuMillicores: 250, replicaMemoryGb: 0.5 },
        settings: { object_storage_concurrency: 4 },
      }),
    ],
    [
      "kinesis at a timestamp in seconds",
      () => {
        const b = kinesisPipe(unique("ok"));
        b.source.kinesis.iteratorType = "AT_TIMESTAMP";
        b.source.kinesis.timestamp = 1700000000;
        return b;
      },
    ],
    [
      "postgres with snapshotNumRowsPerPartition 1000",
      () => {
        const b = postgresPipe(unique("ok"));
        b.source.postgres.settings.snapshotNumRowsPerPartition = 1000;
        return b;
      },
    ],
  ];
  it.each(valid)("accepts %s", async (_label, body) => {
    const answer = await cloud(emulator).call("POST", "/pipes", body());
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.result.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("pipe update validation", () => {
  let kafkaId: string;
  beforeAll(async () => {
    kafkaId = (await cloud(emulator).call("POST", "/pipes", kafkaPipe("patch-target"))).json.result.id;
  });

  const refused: Array<[string, Body, string]> = [
    ["a fixed source field", { source: { kafka: { brokers: "other:9092" } } }, "source.kafka.brokers: is fixed at creation"],
    ["another source kind", { source: { kinesis: { iamRole: "arn:x" } } }, "source.kinesis: the pipe's source kind is kafka"],
    ["the destination table", { destination: { table: "elsewhere" } }, "destination.table: is fixed at creation"],
    ["scaling through PATCH /pipes/{id}", { scaling: { replicas: 2 } }, "scaling: change it with PATCH /pipes/{pipeId}/scaling"],
    [
      "columns no mapping covers",
      {
        destination: {
          columns: [
            { name: "id", type: "UInt64" },
            { name: "extra", type: "String" },
          ],
        },
      },
      "fieldMappings: destination column extra is not mapped",
    ],
    ["a top-level id", { id: "x", name: "renamed" }, "id: must not be sent in a request body"],
    ["an unknown top-level field", { sink: "x" }, "sink: unknown field"],
    ["an unknown source field", { source: { kafka: { topic: "x" } } }, "source.kafka.topic: unknown field"],
    ["an unknown member of source", { source: { kafkaa: {} } }, "source.kafkaa: unknown field"],
    ["an unknown destination field", { destination: { tabel: "x" } }, "destination.tabel: unknown field"],
  ];
  it.each(refused)("refuses %s", async (_label, body, fragment) => {
    const answer = await cloud(emulator).call("PATCH", `/pipes/${kafkaId}`, body);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json.error).toContain(fragment);
  });

  it("says unknown, not fixed at creation, for a field no schema lists", async () => {
    const answer = await cloud(emulator).call("PATCH", `/pipes/${kafkaId}`, { foo: 1, source: { kafka: { bar: 2 } } });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toBe("BAD_REQUEST: foo: unknown field; source.kafka.bar: unknown field");
  });

  it("refuses an unknown scaling key and keeps the stored scaling", async () => {
    const before = (await cloud(emulator).call("GET", `/pipes/${kafkaId}`)).json.result.scaling;
    const answer = await cloud(emulator).call("PATCH", `/pipes/${kafkaId}/scaling`, { replicas: 3, replicaCount: 3 });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json.error).toBe("BAD_REQUEST: replicaCount: unknown field");
    expect((await cloud(emulator).call("GET", `/pipes/${kafkaId}`)).json.result.scaling).toEqual(before);
  });

  it("refuses a scaling change out of bounds", async () => {
    const answer = await cloud(emulator).call("PATCH", `/pipes/${kafkaId}/scaling`, { replicas: 0 });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toContain("replicas: must be >= 1");
  });

  it("refuses an unknown state command", async () => {
    const answer = await cloud(emulator).call("PATCH", `/pipes/${kafkaId}/state`, { command: "pause" });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toContain("command: must be equal to one of the allowed values");
  });
});

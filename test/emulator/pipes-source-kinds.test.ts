/**
 * The source kinds beyond the contract's four (pubsub, mysql, mongodb, bigquery): created,
 * read without their secrets, changed in place by their PATCH forms, and the object storage
 * addressing and queue rules, all refused with the path where the spec says so.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { bigqueryPipe, mongodbPipe, mysqlPipe, objectStoragePipe, pubsubPipe } from "../support/pipe-bodies";
import { cloud } from "../support/raw-api";
import { control } from "../support/control-api";
import { startTestEmulator } from "../support/emulator";

let emulator: Emulator;
let api: ReturnType<typeof cloud>;
beforeAll(async () => {
  emulator = await startTestEmulator();
  api = cloud(emulator);
});
afterAll(() => emulator.close());

type Body = Record<string, any>;
let n = 0;
const unique = (label: string) => `${label}-${++n}`;

async function created(body: Body): Promise<Body> {
  const answer = await api.call("POST", "/pipes", body);
  expect(answer.status, answer.text).toBe(200);
  return answer.json.result;
}

/** [kind, body, its secret, the state it settles in] */
const kinds: Array<[string, (name: string) => Body, string, string]> = [
  ["pubsub", pubsubPipe, "pubsub-key-file-5151", "Running"],
  ["mysql", mysqlPipe, "mysql-pass-6262", "Running"],
  ["mongodb", mongodbPipe, "mongo-pass-7373", "Running"],
  ["bigquery", bigqueryPipe, "warehouse-key-file-8484", "Completed"],
];

describe("each new source kind", () => {
  it.each(kinds)("%s: is created, settles, and never echoes its secret", async (kind, make, secret, settled) => {
    const pipe = await created(make(unique(kind)));
    expect(pipe.source[kind]).toBeTruthy();
    const read = await api.call("GET", `/pipes/${pipe.id}`);
    expect(read.json.result.state).toBe(settled);
    const list = await api.call("GET", "/pipes");
    for (const text of [JSON.stringify(pipe), read.text, list.text]) expect(text).not.toContain(secret);
  });
});

describe("create validation of the new kinds", () => {
  const invalid: Array<[string, () => Body, string]> = [
    [
      "pubsub without its key",
      () => {
        const b = pubsubPipe(unique("p"));
        delete b.source.pubsub.serviceAccountKey;
        return b;
      },
      "source.pubsub: must have required property 'serviceAccountKey'",
    ],
    [
      "pubsub timestamp seek without a time",
      () => {
        const b = pubsubPipe(unique("p"));
        b.source.pubsub.seekType = "timestamp";
        return b;
      },
      "source.pubsub.seekTimestamp: is required when seekType is timestamp",
    ],
    [
      "pubsub time with another seek",
      () => {
        const b = pubsubPipe(unique("p"));
        b.source.pubsub.seekTimestamp = "2026-04-10T12:00:00Z";
        return b;
      },
      "source.pubsub.seekTimestamp: must be omitted",
    ],
    [
      "pubsub ack deadline over 600",
      () => {
        const b = pubsubPipe(unique("p"));
        b.source.pubsub.ackDeadline = 601;
        return b;
      },
      "source.pubsub.ackDeadline: must be <= 600",
    ],
    [
      "mysql without settings",
      () => {
        const b = mysqlPipe(unique("m"));
        delete b.source.mysql.settings;
        return b;
      },
      "source.mysql: must have required property 'settings'",
    ],
    [
      "mysql mapping without a table",
      () => {
        const b = mysqlPipe(unique("m"));
        delete b.source.mysql.tableMappings[0].sourceTable;
        return b;
      },
      "source.mysql.tableMappings.0",
    ],
    [
      "mongodb without a read preference",
      () => {
        const b = mongodbPipe(unique("g"));
        delete b.source.mongodb.readPreference;
        return b;
      },
      "source.mongodb: must have required property 'readPreference'",
    ],
    [
      "mongodb mapping without its collection",
      () => {
        const b = mongodbPipe(unique("g"));
        delete b.source.mongodb.tableMappings[0].sourceCollection;
        return b;
      },
      "sourceCollection",
    ],
    [
      "bigquery in cdc mode",
      () => {
        const b = bigqueryPipe(unique("b"));
        b.source.bigquery.settings.replicationMode = "cdc";
        return b;
      },
      "source.bigquery.settings.replicationMode: must be equal to one of the allowed values",
    ],
    [
      "scaling on a mysql pipe",
      () => ({ ...mysqlPipe(unique("m")), scaling: { replicas: 2 } }),
      "scaling: only kafka, kinesis, objectStorage, pubsub pipes take scaling",
    ],
  ];
  it.each(invalid)("refuses %s with a 400 naming the path", async (_label, body, fragment) => {
    const answer = await api.call("POST", "/pipes", body());
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json.error).toContain(fragment);
  });
});

describe("object storage addressing and queue rules", () => {
  const store = (over: Body) => {
    const b = objectStoragePipe(unique("os"), true);
    Object.assign(b.source.objectStorage, over);
    return b;
  };
  it("takes a store addressed by path and container, without url", async () => {
    const b = store({
      url: undefined,
      path: "logs/*.json",
      azureContainerName: "c1",
      type: "azureblobstorage",
      authentication: "CONNECTION_STRING",
      connectionString: "AccountKey=k1",
      accessKey: undefined,
    });
    await created(JSON.parse(JSON.stringify(b)));
  });
  it("takes a queue with a notifying store, authentication and continuous reading", async () => {
    await created(store({ type: "s3", queueUrl: "https://queue.example.test/1/q", skipInitialLoad: true }));
  });
  const invalid: Array<[string, Body, string]> = [
    ["path without a container", { url: undefined, path: "logs/*.json" }, "source.objectStorage.azureContainerName: is required with path"],
    [
      "a queue on a one-off pipe",
      { isContinuous: false, queueUrl: "https://queue.example.test/q" },
      "source.objectStorage.queueUrl: only applicable when isContinuous is true",
    ],
    [
      "a queue on a public store",
      { authentication: undefined, accessKey: undefined, queueUrl: "https://queue.example.test/q" },
      "source.objectStorage.queueUrl: not applicable to a public store",
    ],
    [
      "a queue on a store type without notifications",
      { type: "dospaces", queueUrl: "https://queue.example.test/q" },
      "source.objectStorage.queueUrl: not applicable to type dospaces",
    ],
    ["skipInitialLoad without a queue", { skipInitialLoad: true }, "source.objectStorage.skipInitialLoad: only applicable when queueUrl is provided"],
    [
      "startAfter with skipInitialLoad",
      { queueUrl: "https://queue.example.test/q", skipInitialLoad: true, startAfter: "a/" },
      "source.objectStorage.startAfter: cannot be provided when skipInitialLoad is true",
    ],
  ];
  it.each(invalid)("refuses %s", async (_label, over, fragment) => {
    const answer = await api.call("POST", "/pipes", JSON.parse(JSON.stringify(store(over))));
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json.error).toContain(fragment);
  });
});

describe("PATCH of the new kinds", () => {
  it("pubsub: the ack deadline changes with the key and authentication the PATCH form requires; not without", async () => {
    const pipe = await created(pubsubPipe(unique("p")));
    const bare = await api.call("PATCH", `/pipes/${pipe.id}`, { source: { pubsub: { ackDeadline: 120 } } });
    expect(bare.status).toBe(400);
    expect(bare.json.error).toContain("source.pubsub: must have required property 'authentication'");
    const key = { serviceAccountFile: "rotated-key-file-9191" };
    const full = await api.call("PATCH", `/pipes/${pipe.id}`, {
      source: { pubsub: { ackDeadline: 120, authentication: "SERVICE_ACCOUNT", serviceAccountKey: key } },
    });
    expect(full.status, full.text).toBe(200);
    expect(full.json.result.source.pubsub.ackDeadline).toBe(120);
    expect(full.text).not.toContain("rotated-key-file-9191");
    const topic = await api.call("PATCH", `/pipes/${pipe.id}`, {
      source: { pubsub: { topic: "other", authentication: "SERVICE_ACCOUNT", serviceAccountKey: key } },
    });
    expect(topic.json.error).toContain("source.pubsub.topic: is fixed at creation");
  });

  it("mysql: host, port and the editable settings change in place; the replication mechanism is fixed", async () => {
    const pipe = await created(mysqlPipe(unique("m")));
    const noPort = await api.call("PATCH", `/pipes/${pipe.id}`, { source: { mysql: { host: "mysql2.example.test" } } });
    expect(noPort.json.error).toContain("source.mysql: must have required property 'port'");
    const moved = await api.call("PATCH", `/pipes/${pipe.id}`, {
      source: { mysql: { host: "mysql2.example.test", port: 3307, serverId: 4242, settings: { useCompression: true } } },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.result.source.mysql).toMatchObject({
      host: "mysql2.example.test",
      port: 3307,
      serverId: 4242,
      settings: { replicationMode: "cdc", useCompression: true },
    });
    const fixed = await api.call("PATCH", `/pipes/${pipe.id}`, {
      source: { mysql: { host: "h.example.test", port: 3306, settings: { replicationMechanism: "FILE_POS" } } },
    });
    expect(fixed.json.error).toContain("source.mysql.settings.replicationMechanism: is fixed at creation");
  });

  it("mongodb: a collection mapping edit needs the pipe paused and cannot remove and add one collection at once", async () => {
    const name = unique("g");
    const pipe = await created(mongodbPipe(name));
    const required = { uri: "mongodb://db.example.test/app", readPreference: "primary" };
    const orders = { sourceDatabaseName: "app", sourceCollection: "orders", targetTable: `${name}_orders` };
    const running = await api.call("PATCH", `/pipes/${pipe.id}`, { source: { mongodb: { ...required, tableMappingsToAdd: [orders] } } });
    expect(running.json.error).toContain("must be paused to edit");
    await api.call("PATCH", `/pipes/${pipe.id}/state`, { command: "stop" });
    const users = { sourceDatabaseName: "app", sourceCollection: "users", targetTable: `${name}_users` };
    const both = await api.call("PATCH", `/pipes/${pipe.id}`, {
      source: { mongodb: { ...required, tableMappingsToRemove: [users], tableMappingsToAdd: [{ ...users, tableEngine: "MergeTree" }] } },
    });
    expect(both.json.error).toContain("source.mongodb.tableMappingsToAdd.0: app.users is also in tableMappingsToRemove");
    const added = await api.call("PATCH", `/pipes/${pipe.id}`, { source: { mongodb: { ...required, tableMappingsToAdd: [orders] } } });
    expect(added.status, added.text).toBe(200);
    expect(added.json.result.source.mongodb.tableMappings).toEqual([users, orders]);
    expect(added.text).not.toContain("mongo-pass-7373");
  });

  it("bigquery: has no PATCH form, so every source field is fixed", async () => {
    const pipe = await created(bigqueryPipe(unique("b")));
    const change = { source: { bigquery: { snapshotStagingPath: "https://staging.example.test/x/" } } };
    expect((await api.call("PATCH", `/pipes/${pipe.id}`, change)).json.error).toContain("is Completed");
    // Still loading (not yet Completed), the source rule answers.
    await control(emulator, "POST", `/pipes/${pipe.id}/state`, { state: "Snapshot" });
    const answer = await api.call("PATCH", `/pipes/${pipe.id}`, change);
    expect(answer.status).toBe(400);
    expect(answer.json.error).toContain("source.bigquery.snapshotStagingPath: is fixed at creation");
  });

  it("mysql takes a resync (a database pipe); pubsub does not", async () => {
    const mysql = await created(mysqlPipe(unique("m")));
    expect((await api.call("PATCH", `/pipes/${mysql.id}/state`, { command: "resync" })).status).toBe(200);
    const pubsub = await created(pubsubPipe(unique("p")));
    const refused = await api.call("PATCH", `/pipes/${pubsub.id}/state`, { command: "resync" });
    expect(refused.json.error).toContain("resync is only supported for database (postgres, mysql, mongodb, bigquery) pipes");
  });
});

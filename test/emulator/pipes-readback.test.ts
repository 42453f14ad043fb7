import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { cloud } from "../support/raw-api";
import { control } from "../support/control-api";
import { kafkaPipe, kinesisPipe, objectStoragePipe, postgresPipe } from "../support/pipe-bodies";
import { startTestEmulator } from "../support/emulator";

let emulator: Emulator;
let plain: Emulator;
beforeAll(async () => {
  [emulator, plain] = await Promise.all([startTestEmulator(), startTestEmulator({ quirks: false })]);
});
afterAll(() => Promise.all([emulator.close(), plain.close()]));

describe("secrets and write-only fields never leave", () => {
  const withEverySecret = (): Record<string, any> => {
    const body = kafkaPipe("secret-kafka");
    body.source.validateSamples = true;
    body.source.kafka.schemaRegistry = {
      url: "https://registry.example.test",
      authentication: "PLAIN",
      credentials: { username: "reg", password: "registry-pass-5555" },
    };
    body.destination.roles = ["role-writer-secret"];
    return body;
  };
  /** [label, body, secret values, write-only field names] */
  const cases: Array<[string, () => Record<string, any>, string[], string[]]> = [
    [
      "kafka (credentials, schema registry, roles, validateSamples)",
      withEverySecret,
      ["kafka-pass-4242", "registry-pass-5555", "role-writer-secret"],
      ["validateSamples", "credentials", "roles"],
    ],
    ["object storage (accessKey)", () => objectStoragePipe("secret-os", true), ["object-secret-9999"], ["accessKey"]],
    ["kinesis (accessKey)", () => kinesisPipe("secret-kinesis"), ["kinesis-secret-7777"], ["accessKey"]],
    ["postgres (credentials)", () => postgresPipe("secret_pg"), ["pg-pass-31337"], ["credentials"]],
  ];
  it.each(cases)("%s: absent from create, get and list; values absent from the state dump", async (_label, body, secrets, fields) => {
    const api = cloud(emulator);
    const created = await api.call("POST", "/pipes", body());
    expect(created.status, created.text).toBe(200);
    const responses = [created.text, (await api.call("GET", `/pipes/${created.json.result.id}`)).text, (await api.call("GET", "/pipes")).text];
    for (const text of responses) for (const needle of [...secrets, ...fields]) expect(text).not.toContain(needle);
    const dump = (await control(emulator, "GET", "/state")).text;
    expect(dump).toContain(created.json.result.id);
    for (const secret of secrets) expect(dump).not.toContain(secret);
  });

  it("returns an object storage connectionString (the live API does) but not in the state dump", async () => {
    const body = objectStoragePipe("conn-string", true);
    Object.assign(body.source.objectStorage, {
      authentication: "CONNECTION_STRING",
      connectionString: "AccountName=a;AccountKey=conn-key-1234",
      azureContainerName: "c",
      path: "logs/*.json",
    });
    delete body.source.objectStorage.accessKey;
    const created = await cloud(emulator).call("POST", "/pipes", body);
    expect(created.json.result.source.objectStorage.connectionString).toContain("conn-key-1234");
    expect((await control(emulator, "GET", "/state")).text).not.toContain("conn-key-1234");
  });
});

describe("read-back quirks (on by default)", () => {
  let pipe: any;
  beforeAll(async () => {
    pipe = (await cloud(emulator).call("POST", "/pipes", kafkaPipe("quirky"))).json.result;
  });

  it("keeps the source kinds not set as null", () => {
    expect(pipe.source.objectStorage).toBeNull();
    expect(pipe.source.kinesis).toBeNull();
    expect(pipe.source.postgres).toBeNull();
  });
  it("adds parentheses to the table engine", () => expect(pipe.destination.tableDefinition.engine.type).toBe("MergeTree()"));
  it("reads optional fields not sent as null", () => {
    expect(pipe.source.kafka.iamRole).toBeNull();
    expect(pipe.source.kafka.caCertificate).toBeNull();
  });
  it("defaults the consumer group to pipes-<id>", () => expect(pipe.source.kafka.consumerGroup).toBe(`pipes-${pipe.id}`));
  it("reads a streaming pipe without scaling with the default scaling", () =>
    expect(pipe.scaling).toEqual({ replicas: 1, replicaCpuMillicores: "500m", replicaMemoryGb: "2Gi" }));
  it("reads settings not sent as {}", () => expect(pipe.settings).toEqual({}));

  it.each([
    [250, 0.5, "250m", "512Mi"],
    [1000, 1, "1000m", "1Gi"],
    [2000, 1.5, "2000m", "1536Mi"],
  ])("writes cpu %d and memory %d back as %s and %s", async (cpu, memory, cpuText, memoryText) => {
    const body = objectStoragePipe(`quantities-${cpu}`, true);
    body.scaling = { replicas: 2, replicaCpuMillicores: cpu, replicaMemoryGb: memory };
    const created = await cloud(emulator).call("POST", "/pipes", body);
    expect(created.json.result.scaling).toEqual({ replicas: 2, replicaCpuMillicores: cpuText, replicaMemoryGb: memoryText });
  });

  it("omits cpu and memory on the first GET after PATCH /scaling only", async () => {
    const api = cloud(emulator);
    const patched = await api.call("PATCH", `/pipes/${pipe.id}/scaling`, { replicas: 3, replicaCpuMillicores: 250 });
    expect(patched.json.result.scaling).toEqual({ replicas: 3, replicaCpuMillicores: "250m", replicaMemoryGb: "2Gi" });
    const first = await api.call("GET", `/pipes/${pipe.id}`);
    expect(first.json.result.scaling).toEqual({ replicas: 3 });
    const second = await api.call("GET", `/pipes/${pipe.id}`);
    expect(second.json.result.scaling).toEqual({ replicas: 3, replicaCpuMillicores: "250m", replicaMemoryGb: "2Gi" });
  });

  it("refuses PATCH /scaling on a database pipe", async () => {
    const pg = await cloud(emulator).call("POST", "/pipes", postgresPipe("scale_pg"));
    const answer = await cloud(emulator).call("PATCH", `/pipes/${pg.json.result.id}/scaling`, { replicas: 2 });
    expect(answer.status).toBe(400);
  });
});

describe("read-back with quirks off", () => {
  it("reads a pipe back as sent (minus secrets)", async () => {
    const sent = kafkaPipe("plain");
    const created = (await cloud(plain).call("POST", "/pipes", sent)).json.result;
    expect(created.destination.tableDefinition.engine.type).toBe("MergeTree");
    expect(created.source.kafka).not.toHaveProperty("iamRole");
    expect(created.source.kafka).not.toHaveProperty("consumerGroup");
    expect(created.scaling).toBeNull();
    expect(created.settings).toBeNull();
    const scaled = await cloud(plain).call("PATCH", `/pipes/${created.id}/scaling`, { replicaCpuMillicores: 250, replicaMemoryGb: 0.5 });
    expect(scaled.json.result.scaling).toEqual({ replicas: 1, replicaCpuMillicores: 250, replicaMemoryGb: 0.5 });
    expect((await cloud(plain).call("GET", `/pipes/${created.id}`)).json.result.scaling).toEqual({
      replicas: 1,
      replicaCpuMillicores: 250,
      replicaMemoryGb: 0.5,
    });
  });
});

describe("settings", () => {
  it("PUT replaces the whole settings object and GET /settings reads it", async () => {
    const api = cloud(emulator);
    const body = kafkaPipe("settings-put", { settings: { streaming_max_insert_wait_ms: 5000, db_max_threads: 4 } });
    const id = (await api.call("POST", "/pipes", body)).json.result.id;
    const put = await api.call("PUT", `/pipes/${id}/settings`, { db_max_insert_threads: 2 });
    expect(put.status, put.text).toBe(200);
    expect(put.json.result).toEqual({ db_max_insert_threads: 2 });
    expect((await api.call("GET", `/pipes/${id}/settings`)).json.result).toEqual({ db_max_insert_threads: 2 });
    const patched = await api.call("PATCH", `/pipes/${id}`, { settings: { db_max_threads: 8 } });
    expect(patched.json.result.settings).toEqual({ db_max_insert_threads: 2, db_max_threads: 8 });
  });

  it("refuses PUT /settings out of bounds", async () => {
    const api = cloud(emulator);
    const id = (await api.call("POST", "/pipes", kafkaPipe("settings-bad"))).json.result.id;
    const put = await api.call("PUT", `/pipes/${id}/settings`, { object_storage_max_file_count: 0 });
    expect(put.status).toBe(400);
    expect(put.json.error).toContain("object_storage_max_file_count: must be >= 1");
  });
});

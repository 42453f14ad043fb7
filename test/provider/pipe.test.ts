import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { pipeEngine as provider, EXISTING } from "../support/engines";
import { fixtureSecrets, kafkaPipe, kinesisPipe, objectStoragePipe, postgresPipe } from "../support/pipe-fixtures";
import { checkedPipe, engineInputs } from "../support/pipe-props";
import { emulatorWithEngine } from "../support/engine";
import { rawCall } from "../support/raw-api";
import { storedPipes } from "../support/stored";
import { sameCredential } from "../../provider/engine/fingerprint";
import { isSealed, unseal } from "../../provider/engine/sealed-inputs";

type Obj = Record<string, any>;
let emulator: Emulator;

beforeAll(async () => {
  emulator = await emulatorWithEngine({ stepMs: 30 });
});
afterAll(() => emulator.close());
beforeEach(() => {
  emulator.control.reset();
  emulator.control.clearScripts();
  emulator.control.resetStats();
});

const checked = (spec: Obj) => checkedPipe(emulator, spec);

/** A created postgres pipe, and the checked inputs that add one table mapping to it. */
async function postgresWithAddedMapping(): Promise<{ id: string; outs: Obj; news: Obj }> {
  const { id, outs } = await provider.create(await checked(postgresPipe()));
  const spec = postgresPipe();
  spec.source.postgres.tableMappings.push({ sourceSchemaName: "public", sourceTable: "items", targetTable: "public_items" });
  return { id, outs, news: await checked(spec) };
}

const kinds: [string, () => Obj, string][] = [
  ["kafka", () => kafkaPipe(), "Running"],
  ["objectStorage", () => objectStoragePipe(), "Running"],
  [
    "objectStorage one-off",
    () => ({ ...objectStoragePipe("once"), source: { objectStorage: { ...objectStoragePipe().source.objectStorage, isContinuous: false } } }),
    "Completed",
  ],
  ["kinesis", () => kinesisPipe(), "Running"],
  ["postgres", () => postgresPipe(), "Running|Snapshot"],
];

describe.each(kinds)("pipe lifecycle: %s", (_kind, spec, settled) => {
  it("creates, waits until settled, reads with no diff, updates in place, deletes", async () => {
    const inputs = await checked(spec());
    const created = await provider.create(inputs);
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.outs.state).toMatch(new RegExp(`^(${settled})$`));
    expect(storedPipes(emulator)).toHaveLength(1);

    // No perpetual diff: outputs against the same inputs.
    expect(await provider.diff(created.id, created.outs, inputs)).toMatchObject({ changes: false });
    const read = await provider.read(created.id, created.outs);
    expect(read.id).toBe(created.id);
    expect(await provider.diff(created.id, read.props, inputs)).toMatchObject({ changes: false });

    // Secrets: nowhere in outputs' readable part; the API never had them back.
    const readable = JSON.stringify({ ...read.props, sourceSecrets: undefined });
    for (const s of fixtureSecrets) expect(readable).not.toContain(s);

    // Rename: an update in place (a Completed one-off pipe takes none: a new pipe instead).
    const renamed = { ...inputs, name: `${inputs.name}-2` };
    if (read.props.state === "Completed") {
      expect(await provider.diff(created.id, read.props, renamed)).toMatchObject({ changes: true, replaces: ["name"] });
      await provider.delete(created.id, read.props);
      expect(storedPipes(emulator)).toHaveLength(0);
      return;
    }
    const d = await provider.diff(created.id, read.props, renamed);
    expect(d).toMatchObject({ changes: true, replaces: [] });
    const updated = await provider.update(created.id, read.props, renamed);
    expect(updated.outs.name).toBe(`${inputs.name}-2`);
    expect(storedPipes(emulator)[0].name).toBe(`${inputs.name}-2`);
    expect(await provider.diff(created.id, updated.outs, renamed)).toMatchObject({ changes: false });

    await provider.delete(created.id, updated.outs);
    expect(storedPipes(emulator)).toHaveLength(0);
    const gone = await provider.read(created.id, updated.outs);
    expect(gone.id).toBe("");
  });
});

describe("pipe updates", () => {
  it("scaling, settings, columns and credentials change in place with the right calls", async () => {
    const inputs = await checked(kafkaPipe());
    const { id, outs } = await provider.create(inputs);
    emulator.control.resetStats();
    const spec = kafkaPipe();
    spec.scaling = { replicas: 3, replicaCpuMillicores: 500, replicaMemoryGb: 2 };
    spec.settings = { streaming_max_insert_wait_ms: 9000 };
    spec.destination.columns = [...spec.destination.columns, { name: "extra", type: "String" }];
    spec.fieldMappings = [...spec.fieldMappings, { sourceField: "extra", destinationField: "extra" }];
    spec.source.kafka.credentials.password = "rotated-password-0000";
    const news = await checked(spec);
    expect(await provider.diff(id, outs, news)).toMatchObject({ changes: true, replaces: [] });
    const updated = await provider.update(id, outs, news);
    const routes = emulator.control.stats().byRoute;
    const count = (suffix: string) =>
      Object.entries(routes)
        .filter(([k]) => k.endsWith(suffix))
        .reduce((n, [, v]) => n + v, 0);
    expect(count("PATCH /v1/organizations/{organizationId}/services/{serviceId}/pipes/{pipeId}")).toBe(1);
    expect(count("PUT /v1/organizations/{organizationId}/services/{serviceId}/pipes/{pipeId}/settings")).toBe(1);
    expect(count("PATCH /v1/organizations/{organizationId}/services/{serviceId}/pipes/{pipeId}/scaling")).toBe(1);
    expect(updated.outs.scaling).toEqual({ replicas: 3, replicaCpuMillicores: 500, replicaMemoryGb: 2 });
    expect(await provider.diff(id, updated.outs, news)).toMatchObject({ changes: false });
    // After the first GET (which lacks cpu and memory right after a scaling change), a refresh agrees.
    const read = await provider.read(id, updated.outs);
    expect(await provider.diff(id, read.props, news)).toMatchObject({ changes: false });
  });

  it("a database pipe is paused around a table-mapping edit", async () => {
    const { id, outs, news } = await postgresWithAddedMapping();
    expect(await provider.diff(id, outs, news)).toMatchObject({ changes: true, replaces: [] });
    emulator.control.resetStats();
    const updated = await provider.update(id, outs, news);
    const stateCalls = Object.entries(emulator.control.stats().byRoute).find(([k]) => k.startsWith("PATCH") && k.endsWith("/state"));
    expect(stateCalls?.[1]).toBe(2); // stop, then start
    expect((updated.outs.source as Obj).postgres.tableMappings).toHaveLength(3);
    expect(updated.outs.state).toMatch(/Running|Snapshot/);
  });

  const patchCount = () =>
    Object.entries(emulator.control.stats().byRoute)
      .filter(([k]) => k === "PATCH /v1/organizations/{organizationId}/services/{serviceId}/pipes/{pipeId}")
      .reduce((n, [, v]) => n + v, 0);
  const stateCount = () =>
    Object.entries(emulator.control.stats().byRoute)
      .filter(([k]) => k.startsWith("PATCH") && k.endsWith("/state"))
      .reduce((n, [, v]) => n + v, 0);

  it("an edited table mapping is removed, then added back in a second PATCH, while paused", async () => {
    const inputs = await checked(postgresPipe());
    const { id, outs } = await provider.create(inputs);
    const spec = postgresPipe();
    spec.source.postgres.tableMappings[0].targetTable = "public_users_v2";
    const news = await checked(spec);
    emulator.control.resetStats();
    const updated = await provider.update(id, outs, news);
    expect(patchCount()).toBe(2);
    expect(stateCount()).toBe(2);
    expect((updated.outs.source as Obj).postgres.tableMappings.map((m: Obj) => m.targetTable).sort()).toEqual(["public_orders", "public_users_v2"]);
    expect(await provider.diff(id, updated.outs, news)).toMatchObject({ changes: false });
  });

  it("a field-mappings change alone is sent with the destination columns", async () => {
    const inputs = await checked(kafkaPipe());
    const { id, outs } = await provider.create(inputs);
    const spec = kafkaPipe();
    spec.fieldMappings = [...spec.fieldMappings].reverse();
    const news = await checked(spec);
    const updated = await provider.update(id, outs, news);
    expect(await provider.diff(id, updated.outs, news)).toMatchObject({ changes: false });
  });

  it("a mapping edit answered `must be paused` is retried, and the pipe is started again", async () => {
    const { id, outs, news } = await postgresWithAddedMapping();
    emulator.control.resetStats();
    emulator.control.script({
      method: "PATCH",
      path: "/pipes/[^/]+$",
      status: 400,
      body: { status: 400, error: "BAD_REQUEST: pipe must be paused to edit table mappings", requestId: "r-1" },
    });
    const updated = await provider.update(id, outs, news);
    expect(patchCount()).toBe(2);
    expect((updated.outs.source as Obj).postgres.tableMappings).toHaveLength(3);
    expect(updated.outs.state).toMatch(/Running|Snapshot/);
  });

  it("a failed mapping edit still starts the pipe it paused, and reports the edit's error", async () => {
    const { id, outs, news } = await postgresWithAddedMapping();
    emulator.control.resetStats();
    emulator.control.script({
      method: "PATCH",
      path: "/pipes/[^/]+$",
      status: 400,
      body: { status: 400, error: "BAD_REQUEST: table public.items has no primary key", requestId: "r-2" },
    });
    await expect(provider.update(id, outs, news)).rejects.toThrow(/no primary key/);
    expect(stateCount()).toBe(2); // stop, then start again
    expect(storedPipes(emulator)[0].state).not.toMatch(/Paus/);
  });

  it("a snapshot-only database pipe that ends Completed is settled, not a time-out", async () => {
    const spec = postgresPipe();
    (spec.source.postgres.settings as Obj).replicationMode = "snapshot";
    const inputs = await checked(spec);
    const { id, outs } = await provider.create(inputs);
    emulator.control.setPipeState(id, "Completed");
    const news = { ...inputs, waitTimeoutSeconds: 1 };
    expect(await provider.diff(id, { ...outs, state: "Completed" }, news)).toMatchObject({ changes: true, replaces: [] });
    const updated = await provider.update(id, { ...outs, state: "Completed" }, news);
    expect(updated.outs.state).toBe("Completed");
  });

  it("a Completed one-off pipe is replaced, not updated (the API refuses its updates)", async () => {
    const spec = objectStoragePipe("once");
    spec.source.objectStorage.isContinuous = false;
    const inputs = await checked(spec);
    const { id, outs } = await provider.create(inputs);
    expect(outs.state).toBe("Completed");
    const renamed = { ...inputs, name: "once-renamed" };
    expect(await provider.diff(id, outs, renamed)).toMatchObject({ changes: true, replaces: ["name"] });
    expect(await provider.diff(id, { ...outs, state: "Running" }, renamed)).toMatchObject({ changes: true, replaces: [] });
  });

  it("a field added by one schema line and one policy line (serviceAccountKey) is secret, sent on create, never read back, rotated in place", async () => {
    const serviceAccountPipe = () => {
      const spec: Obj = objectStoragePipe("gcs");
      const { accessKey: _a, ...rest } = spec.source.objectStorage;
      spec.source.objectStorage = { ...rest, authentication: "SERVICE_ACCOUNT", serviceAccountKey: "eyJzZXJ2aWNlLWFjY291bnQta2V5LTAwMDEifQ==" };
      return spec;
    };
    const inputs = await checked(serviceAccountPipe());
    // Check answers it sealed (`sealed-inputs.ts`): this process opens it.
    expect(isSealed(inputs.sourceSecrets.serviceAccountKey)).toBe(true);
    expect(unseal(inputs.sourceSecrets.serviceAccountKey)).toBe("eyJzZXJ2aWNlLWFjY291bnQta2V5LTAwMDEifQ==");
    expect(inputs.source.objectStorage).not.toHaveProperty("serviceAccountKey");
    const { id, outs } = await provider.create(inputs);
    expect(storedPipes(emulator)[0].source.authentication).toBe("SERVICE_ACCOUNT");
    expect(JSON.stringify(outs)).not.toContain("eyJzZXJ2aWNlLWFjY291bnQta2V5LTAwMDEifQ==");
    // The outputs hold a fingerprint of it (see the fingerprint tests).
    expect(outs.sourceSecrets).toEqual({ serviceAccountKey: expect.stringMatching(/^hmac-sha256:/) });
    expect(sameCredential(outs.sourceSecrets, { serviceAccountKey: "eyJzZXJ2aWNlLWFjY291bnQta2V5LTAwMDEifQ==" })).toBe(true);
    const read = await provider.read(id, outs);
    expect(await provider.diff(id, read.props, inputs)).toMatchObject({ changes: false });

    const rotated = serviceAccountPipe();
    rotated.source.objectStorage.serviceAccountKey = "eyJzZXJ2aWNlLWFjY291bnQta2V5LTAwMDIifQ==";
    const news = await checked(rotated);
    const d = await provider.diff(id, read.props, news);
    // A credential-only change leaves `changes` to the engine, which then marks `sourceSecrets`.
    expect(d).toMatchObject({ changes: undefined, replaces: [], diffs: [{ path: "sourceSecrets.serviceAccountKey", kind: "update" }] });
    emulator.control.resetStats();
    const updated = await provider.update(id, read.props, news);
    const patches = Object.entries(emulator.control.stats().byRoute).filter(
      ([k]) => k === "PATCH /v1/organizations/{organizationId}/services/{serviceId}/pipes/{pipeId}",
    );
    expect(patches.map(([, n]) => n)).toEqual([1]);
    expect(sameCredential(updated.outs.sourceSecrets, { serviceAccountKey: "eyJzZXJ2aWNlLWFjY291bnQta2V5LTAwMDIifQ==" })).toBe(true);
    expect(JSON.stringify(updated.outs)).not.toContain("eyJzZXJ2aWNlLWFjY291bnQta2V5LTAwMDIifQ==");
  });

  it("a change to a fixed field is a replacement, deleted first when it would collide", async () => {
    const inputs = await checked(kafkaPipe());
    const { id, outs } = await provider.create(inputs);
    const spec = kafkaPipe();
    spec.source.kafka.brokers = "broker-9.example.test:9092";
    const d = await provider.diff(id, outs, await checked(spec));
    expect(d).toEqual({
      changes: true,
      replaces: ["source.kafka.brokers"],
      deleteBeforeReplace: true,
      diffs: [{ path: "source.kafka.brokers", kind: "replace" }],
    });
  });
});

describe("pipe defaults", () => {
  it('destination.database and postgres port left out default to "default" and 5432, with no diff afterwards', async () => {
    const spec = postgresPipe();
    delete (spec.source.postgres as Obj).port;
    delete (spec.destination as Obj).database;
    const inputs = await checked(spec);
    expect(inputs.destination.database).toBe("default");
    expect(inputs.source.postgres.port).toBe(5432);
    const { id, outs } = await provider.create(inputs);
    expect(storedPipes(emulator)[0]).toMatchObject({ destination: { database: "default" }, source: { port: 5432 } });
    expect(await provider.diff(id, outs, inputs)).toMatchObject({ changes: false });
    // A second check of the same program (the next preview) gives the same inputs.
    expect(await provider.diff(id, (await provider.read(id, outs)).props, await checked(spec))).toMatchObject({ changes: false });
  });
});

describe("postgres mapping fields", () => {
  it("partitionKey and partitionByExpr are sent, read back with no diff, and an edit is a remove then an add", async () => {
    const spec = postgresPipe();
    Object.assign(spec.source.postgres.tableMappings[0], { partitionKey: "id", partitionByExpr: "toYYYYMM(created_at)" });
    const inputs = await checked(spec);
    const { id, outs } = await provider.create(inputs);
    expect(storedPipes(emulator)[0].source.tableMappings[0]).toMatchObject({ partitionKey: "id", partitionByExpr: "toYYYYMM(created_at)" });
    const read = await provider.read(id, outs);
    expect(await provider.diff(id, read.props, inputs)).toMatchObject({ changes: false });
    (spec.source.postgres.tableMappings[0] as Obj).partitionByExpr = "toYYYYMMDD(created_at)";
    const news = await checked(spec);
    expect(await provider.diff(id, read.props, news)).toMatchObject({ changes: true, replaces: [] });
    const updated = await provider.update(id, read.props, news);
    expect(storedPipes(emulator)[0].source.tableMappings.find((m: Obj) => m.sourceTable === "users")).toMatchObject({
      partitionByExpr: "toYYYYMMDD(created_at)",
    });
    expect(await provider.diff(id, updated.outs, news)).toMatchObject({ changes: false });
  });
});

describe("pipe run state from code", () => {
  const stateCommands = () =>
    Object.entries(emulator.control.stats().byRoute)
      .filter(([k]) => k.startsWith("PATCH") && k.endsWith("/state"))
      .reduce((n, [, v]) => n + v, 0);

  it("stopped: true stops in place, reads back with no diff, and stopped: false starts again", async () => {
    const inputs = await checked(kafkaPipe());
    const { id, outs } = await provider.create(inputs);
    expect(outs).not.toHaveProperty("stopped"); // not managed: not read back
    const stop = { ...inputs, stopped: true };
    expect(await provider.diff(id, outs, stop)).toMatchObject({ changes: true, replaces: [] });
    const stopped = await provider.update(id, outs, stop);
    expect(stopped.outs.state).toBe("Stopped");
    expect(storedPipes(emulator)[0].state).toBe("Stopped");
    const read = await provider.read(id, stopped.outs);
    expect(read.props.stopped).toBe(true);
    expect(await provider.diff(id, read.props, stop)).toMatchObject({ changes: false });
    // Left out, the run state is not managed: a stopped pipe is no change.
    expect(await provider.diff(id, read.props, inputs)).toMatchObject({ changes: false });
    const start = { ...inputs, stopped: false };
    const started = await provider.update(id, read.props, start);
    expect(started.outs.state).toBe("Running");
    expect(await provider.diff(id, started.outs, start)).toMatchObject({ changes: false });
  });

  it("outputs written before `stopped` existed: stopped: false on a running pipe sends no start", async () => {
    const inputs = await checked(kafkaPipe());
    const { id, outs } = await provider.create(inputs);
    const { stopped: _s, ...older } = outs;
    emulator.control.resetStats();
    const updated = await provider.update(id, older, { ...inputs, stopped: false });
    expect(stateCommands()).toBe(0);
    expect(updated.outs.stopped).toBe(false);
  });

  it("a pipe created with stopped: true is stopped once created", async () => {
    const inputs = await checked({ ...kafkaPipe(), stopped: true });
    const { outs } = await provider.create(inputs);
    expect(outs).toMatchObject({ stopped: true, state: "Stopped" });
  });

  it("a Failed pipe reads as stopped, so stopped: false starts it again", async () => {
    const inputs = await checked({ ...kafkaPipe(), stopped: false });
    const { id, outs } = await provider.create(inputs);
    emulator.control.setPipeState(id, "Failed", "broker went away");
    const read = await provider.read(id, outs);
    expect(read.props.stopped).toBe(true);
    expect(await provider.diff(id, read.props, inputs)).toMatchObject({ changes: true, replaces: [] });
    const started = await provider.update(id, read.props, inputs);
    expect(started.outs).toMatchObject({ state: "Running", stopped: false });
  });

  it("a changed resyncToken sends one resync and previews as an update", async () => {
    const inputs = await checked(postgresPipe());
    const { id, outs } = await provider.create(inputs);
    const news = { ...inputs, resyncToken: "2026-11-23" };
    expect(await provider.diff(id, outs, news)).toMatchObject({ changes: true, replaces: [] });
    emulator.control.resetStats();
    const updated = await provider.update(id, outs, news);
    expect(stateCommands()).toBe(1);
    expect(updated.outs.resyncToken).toBe("2026-11-23");
    const read = await provider.read(id, updated.outs);
    expect(await provider.diff(id, read.props, news)).toMatchObject({ changes: false });
  });

  it("a resyncToken on a pipe that cannot resync fails in check, with its path", async () => {
    const inputs = engineInputs(
      { ...kafkaPipe(), resyncToken: "1" },
      { organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId },
    );
    const result = await provider.check(EXISTING, inputs);
    expect(result.failures).toEqual([expect.objectContaining({ property: "resyncToken" })]);
  });
});

describe("pipe create: failures and faults", () => {
  it("an ambiguous POST (applied, then 504 HTML) never makes a second pipe", async () => {
    emulator.control.script({ method: "POST", path: "/pipes$", kind: "html", status: 504, apply: true });
    const { id } = await provider.create(await checked(kafkaPipe()));
    expect(storedPipes(emulator).map((p) => p.id)).toEqual([id]);
  });

  it("a dropped connection after the POST was applied never makes a second pipe", async () => {
    emulator.control.script({ method: "POST", path: "/pipes$", kind: "drop", apply: true });
    const { id } = await provider.create(await checked(kafkaPipe()));
    expect(storedPipes(emulator).map((p) => p.id)).toEqual([id]);
  });

  it("a 503 before the POST was applied is followed by one real create", async () => {
    emulator.control.script({ method: "POST", path: "/pipes$", status: 503, count: 2 });
    await provider.create(await checked(kafkaPipe()));
    expect(storedPipes(emulator)).toHaveLength(1);
  });

  it("429 with a reset header is waited out and retried", async () => {
    emulator.control.script({ method: "GET", path: "/pipes/[^/]+$", status: 429, headers: { "X-RateLimit-Reset": "0" }, count: 2 });
    const { id, outs } = await provider.create(await checked(kafkaPipe()));
    const read = await provider.read(id, outs);
    expect(read.id).toBe(id);
  });

  it("5xx on reads are retried with backoff", async () => {
    const { id, outs } = await provider.create(await checked(kafkaPipe()));
    emulator.control.script({ method: "GET", path: "/pipes/[^/]+$", status: 502, count: 3 });
    expect((await provider.read(id, outs)).id).toBe(id);
  });

  it("a failed pipe is an error with the API's reason, and is kept (not lost)", async () => {
    const spec = { ...kafkaPipe("fail-broken") };
    const err = await provider.create(await checked(spec)).catch((e) => e);
    expect(err.message).toMatch(/is Failed/);
    expect(err.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(err.properties.__provider).toBeUndefined(); // no provider in these inputs; the shim adds it in real runs
    expect(storedPipes(emulator)).toHaveLength(1);
  });

  it("a 400 surfaces status, code, message and requestId, without secrets", async () => {
    emulator.control.script({
      method: "POST",
      path: "/pipes$",
      status: 400,
      body: { status: 400, error: "BAD_REQUEST: password kafka-password-plain-1234 rejected", requestId: "req-123" },
    });
    const err = await provider.create(await checked(kafkaPipe())).catch((e) => e);
    expect(err.message).toMatch(/POST \/v1\/organizations\/.+\/pipes -> 400 BAD_REQUEST: .* \(requestId req-123\)/);
    expect(err.message).not.toContain("kafka-password-plain-1234");
    expect(err.message).not.toContain(emulator.options.keySecret);
    expect(storedPipes(emulator)).toHaveLength(0);
  });

  it("an idle service is woken, then the request is retried", async () => {
    emulator.control.setServiceState(emulator.options.serviceId, "idle");
    const { id } = await provider.create(await checked(kafkaPipe()));
    expect(storedPipes(emulator).map((p) => p.id)).toEqual([id]);
  });

  it("a stopped service is reported, not woken", async () => {
    emulator.control.setServiceState(emulator.options.serviceId, "stopped");
    const err = await provider.create(await checked(kafkaPipe())).catch((e) => e);
    expect(err.message).toMatch(/424 FAILED_DEPENDENCY.*stopped/);
    emulator.control.setServiceState(emulator.options.serviceId, "running");
  });

  it("a non-JSON 404 (no such route) is not taken for a deleted pipe", async () => {
    const { id, outs } = await provider.create(await checked(kafkaPipe()));
    emulator.control.script({ method: "GET", path: "/pipes/[^/]+$", status: 404, kind: "html" });
    await expect(provider.read(id, outs)).rejects.toThrow(/404/);
  });
});

describe("pipe read and delete", () => {
  it("an externally deleted pipe reads as gone, and delete treats 404 as done", async () => {
    const { id, outs } = await provider.create(await checked(kafkaPipe()));
    expect((await rawCall(emulator, "cloud", "DELETE", `/pipes/${id}`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect((await provider.read(id, outs)).id).toBe("");
    await expect(provider.delete(id, outs)).resolves.toBeUndefined();
  });

  it("a change made on the API is seen by read as drift", async () => {
    const inputs = await checked(kafkaPipe());
    const { id, outs } = await provider.create(inputs);
    expect((await rawCall(emulator, "cloud", "PATCH", `/pipes/${id}`, { name: "renamed-outside" })).status).toBe(200);
    const read = await provider.read(id, outs);
    expect(read.props.name).toBe("renamed-outside");
    expect(await provider.diff(id, read.props, inputs)).toMatchObject({ changes: true, replaces: [] });
  });
});

describe("adoption", () => {
  it("adopts an existing pipe by id, applying in-place differences", async () => {
    const { id } = await provider.create(await checked(kafkaPipe()));
    const spec = { ...kafkaPipe(), settings: { streaming_max_insert_wait_ms: 7000 }, adoptId: id };
    const adopted = await provider.create(await checked(spec));
    expect(adopted.id).toBe(id);
    expect(storedPipes(emulator)).toHaveLength(1);
    expect(storedPipes(emulator)[0].settings).toEqual({ streaming_max_insert_wait_ms: 7000 });
  });

  it("refuses to adopt a pipe that differs in fixed fields, or does not exist", async () => {
    const { id } = await provider.create(await checked(kafkaPipe()));
    const spec = kafkaPipe();
    spec.source.kafka.topics = "other-topic";
    await expect(provider.create(await checked({ ...spec, adoptId: id }))).rejects.toThrow(/fixed at creation: source.kafka.topics/);
    // The live value beside the program's: the fix is to copy one into the other.
    await expect(provider.create(await checked({ ...spec, adoptId: id }))).rejects.toThrow(
      `source.kafka.topics: live ${JSON.stringify(kafkaPipe().source.kafka.topics)}, program "other-topic"`,
    );
    await expect(provider.create(await checked({ ...kafkaPipe(), adoptId: "00000000-0000-4000-8000-00000000dead" }))).rejects.toThrow(/no pipe/);
  });
});

describe("check", () => {
  it("fills organization and service from settings", async () => {
    const inputs = engineInputs(kafkaPipe(), {} as any);
    const { inputs: out, failures } = await provider.check(EXISTING, inputs);
    expect(failures).toEqual([]);
    expect(out).toMatchObject({ organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId });
  });

  it("fails before any network call", async () => {
    emulator.control.resetStats();
    const spec = kafkaPipe();
    spec.scaling.replicas = 99;
    const { failures } = await provider.check(EXISTING, engineInputs(spec));
    expect(failures).toEqual([{ property: "scaling.replicas", reason: "must be at most 40" }]);
    expect(emulator.control.stats().requests).toBe(0);
  });
});

describe("retries are marked", () => {
  it("every re-sent request carries X-Retry-Count, first attempts do not", async () => {
    const { id, outs } = await provider.create(await checked(kafkaPipe()));
    emulator.control.resetStats();
    emulator.control.script({ method: "GET", path: "/pipes/[^/]+$", status: 503, count: 2 });
    await provider.read(id, outs);
    expect(emulator.control.stats()).toMatchObject({ requests: 3, retries: 2 });
  });
});

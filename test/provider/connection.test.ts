/**
 * One program, two accounts: the engine is configured for account A (stack config), resources
 * and functions with a `connection` talk to account B, a second emulator with its own keys,
 * organization and service. Each side's recorded requests show who was asked.
 */
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { getReversePrivateEndpointsOutput } from "../../provider/functions/list-functions";
import { getStackSources, getStackSourcesOutput } from "../../provider/functions/list-functions";
import { getStackWebhooks, getStackWebhooksOutput } from "../../provider/functions/list-functions";
import { startTestEmulator } from "../support/emulator";
import { emulatorWithEngine } from "../support/engine";
import { endpointInputs } from "../support/endpoint-fixtures";
import { alertEngine, dashboardEngine, endpointEngine, pipeEngine, savedSearchEngine, EXISTING } from "../support/engines";
import { kafkaPipe } from "../support/pipe-fixtures";
import { engineInputs } from "../support/pipe-props";
import { storedEndpoints, storedPipes, storedStack } from "../support/stored";
import { checked, up } from "../support/engine-run";
import { fixturesOn } from "../support/stack-targets";

type Obj = Record<string, any>;

const B = {
  keyId: "account-b-key-id",
  keySecret: "account-b-key-secret-73c1d0",
  stackToken: "account-b-stack-token-e91a4f",
  organizationId: "0b000000-0000-4000-8000-00000000000b",
  serviceId: "0b000000-0000-4000-8000-0000000000b2",
};

let a: Emulator;
let b: Emulator;
/** Account B as a resource's connection names it. */
let connB: Obj;

beforeAll(async () => {
  a = await emulatorWithEngine({ retryAfterSeconds: 0 });
  // Account B's stack is a current server (A's the first generation): saved searches and webhooks.
  b = await startTestEmulator({ ...B, retryAfterSeconds: 0, stackApiVersion: "2.36.0" });
  connB = { apiUrl: b.url, keyId: B.keyId, keySecret: B.keySecret, organizationId: B.organizationId, serviceId: B.serviceId };
  void pulumi.runtime.setMocks({ newResource: (r) => ({ id: `${r.name}-id`, state: r.inputs }), call: (r) => r.inputs }, "project", "stack", false);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});
beforeEach(() => {
  for (const e of [a, b]) {
    e.control.reset();
    e.control.resetStats();
  }
});

const requests = (e: Emulator): number => Object.values(e.control.stats().byRoute).reduce((n, c) => n + c, 0);

/** A program's pipe as the engine checks it; the service is left to the connection or the config. */
async function checkedPipe(spec: Obj): Promise<Obj> {
  const { organizationId: _o, serviceId: _s, ...inputs } = engineInputs(spec);
  const result = await pipeEngine.check(EXISTING, inputs);
  expect(result.failures).toEqual([]);
  return result.inputs!;
}

/** The error of an object created but not ready, as the engine records it (id and properties). */
function initFailure(run: Promise<unknown>): Promise<{ message: string; id: string; properties: Obj }> {
  return run.then(
    () => Promise.reject(new Error("expected the call to fail")),
    (e: unknown) => e as { message: string; id: string; properties: Obj },
  );
}

describe("a pipe with a connection", () => {
  it("lives in the connection's account, from create to read and delete; one without stays in the configured one", async () => {
    const news = await checkedPipe({ ...kafkaPipe("in-b"), connection: connB });
    expect(news).toMatchObject({ organizationId: B.organizationId, serviceId: B.serviceId });
    const created = await pipeEngine.create(news);
    expect(storedPipes(b).map((p) => p.name)).toEqual(["in-b"]);
    expect(storedPipes(a)).toEqual([]);
    expect(created.outs.connection, "the outputs carry the connection, for refresh and destroy").toEqual(connB);
    expect((await pipeEngine.diff(created.id, created.outs, news)).changes).toBe(false);

    const plain = await pipeEngine.create(await checkedPipe(kafkaPipe("in-a")));
    expect(storedPipes(a).map((p) => p.name)).toEqual(["in-a"]);
    expect(plain.outs).not.toHaveProperty("connection");

    // Refresh and destroy get the old outputs only.
    const read = await pipeEngine.read(created.id, created.outs);
    expect(read.id).toBe(created.id);
    expect(read.props.connection).toEqual(connB);
    await pipeEngine.delete(created.id, read.props);
    expect(storedPipes(b)).toEqual([]);
    expect(storedPipes(a)).toHaveLength(1);
  });

  it("updates in place when only the connection's keys change, and replaces when it names another service", async () => {
    const news = await checkedPipe({ ...kafkaPipe("moving"), connection: connB });
    const created = await pipeEngine.create(news);
    const rotated = await checkedPipe({ ...kafkaPipe("moving"), connection: { ...connB, stackToken: "account-b-rotated-token-55" } });
    const diff = await pipeEngine.diff(created.id, created.outs, rotated);
    expect(diff).toMatchObject({ changes: true, replaces: [] });
    expect(diff.diffs).toEqual([{ path: "connection", kind: "update" }]);
    const updated = await pipeEngine.update(created.id, created.outs, rotated);
    expect(updated.outs.connection, "state records the new connection").toEqual(rotated.connection);
    expect(storedPipes(b)).toHaveLength(1);

    const elsewhere = await checkedPipe({ ...kafkaPipe("moving"), connection: { ...connB, serviceId: "0b000000-0000-4000-8000-0000000000b3" } });
    expect((await pipeEngine.diff(created.id, updated.outs, elsewhere)).replaces).toEqual(["serviceId"]);
  });

  it("a pipe created but failed is recorded with its connection, so its delete reaches the same account", async () => {
    const err = await initFailure(pipeEngine.create(await checkedPipe({ ...kafkaPipe("fail-broken"), connection: connB })));
    expect(err.message).toMatch(/is Failed/);
    expect(err.properties.connection).toEqual(connB);
    expect(storedPipes(b)).toHaveLength(1);
    await pipeEngine.delete(err.id, err.properties);
    expect(storedPipes(b)).toEqual([]);
  });

  it("an update that leaves the pipe failed is recorded with the new connection", async () => {
    const created = await pipeEngine.create(await checkedPipe({ ...kafkaPipe("fails-later"), connection: connB }));
    b.control.setPipeState(created.id, "Failed", "broker went away");
    const rotated = await checkedPipe({ ...kafkaPipe("fails-later"), connection: { ...connB, stackToken: "account-b-rotated-token-66" } });
    const err = await initFailure(pipeEngine.update(created.id, created.outs, rotated));
    expect(err.message).toMatch(/is Failed: broker went away/);
    expect(err.properties.connection).toEqual(rotated.connection);
  });

  it("a bad connection fails check with its path, before any request and without echoing a secret", async () => {
    const bad = { ...connB, apiUrl: "not a url", keySecret: "", extra: B.keySecret };
    const { organizationId: _o, serviceId: _s, ...inputs } = engineInputs({ ...kafkaPipe(), connection: bad });
    const result = await pipeEngine.check(EXISTING, inputs);
    expect(result.failures!.map((f) => f.property).sort()).toEqual(["connection.apiUrl", "connection.extra", "connection.keySecret"]);
    expect(JSON.stringify(result.failures)).not.toContain(B.keySecret);
    expect(requests(a) + requests(b)).toBe(0);
  });

  it("an API error under the connection's keys names the status and never the secret", async () => {
    const wrong = { ...connB, keySecret: "account-b-wrong-secret-0042" };
    const news = await checkedPipe({ ...kafkaPipe("refused"), connection: wrong });
    const message = await pipeEngine.create(news).then(
      () => "created",
      (e: Error) => e.message,
    );
    expect(message).toMatch(/401/);
    expect(message).not.toContain(wrong.keySecret);
    expect(requests(b)).toBeGreaterThan(0);
    expect(requests(a)).toBe(0);
  });
});

describe("a reverse private endpoint with a connection", () => {
  it("is made, read and deleted in the connection's account", async () => {
    const { organizationId: _o, serviceId: _s, ...spec } = endpointInputs({ connection: connB, waitTimeoutSeconds: 30 });
    const result = await endpointEngine.check(EXISTING, spec);
    expect(result.failures).toEqual([]);
    const news = result.inputs!;
    expect(news).toMatchObject({ organizationId: B.organizationId, serviceId: B.serviceId });
    const ids = (e: Emulator) => storedEndpoints(e).map((x) => x.id);
    const [seededA, seededB] = [ids(a), ids(b)];
    const created = await endpointEngine.create(news);
    expect(ids(b)).toEqual([...seededB, created.id]);
    expect(ids(a)).toEqual(seededA);
    expect(created.outs.connection).toEqual(connB);
    expect((await endpointEngine.read(created.id, created.outs)).id).toBe(created.id);
    await endpointEngine.delete(created.id, created.outs);
    expect(ids(b)).toEqual(seededB);
  });
});

describe("stack resources with a connection", () => {
  it("a dashboard and an alert on account B's cloud stack, refreshed and deleted from their outputs alone", async () => {
    const { alertInputs, dashboardInputs } = fixturesOn(b, "cloud");
    const board = await up(dashboardEngine, { ...dashboardInputs(), connection: connB });
    const alert = await up(alertEngine, { ...alertInputs({ dashboardId: board.id, tileId: board.outs.tileIds.Errors }), connection: connB });
    expect(storedStack(b, "cloud").dashboards.map((d) => d.id)).toEqual([board.id]);
    expect(storedStack(b, "cloud").alerts.map((x) => x.id)).toEqual([alert.id]);
    expect(storedStack(a, "cloud").dashboards).toEqual([]);
    expect(alert.outs).toMatchObject({ organizationId: B.organizationId, serviceId: B.serviceId, connection: connB });
    expect((await alertEngine.read(alert.id, alert.outs)).props).toEqual(alert.outs);
    await alertEngine.delete(alert.id, alert.outs);
    await dashboardEngine.delete(board.id, board.outs);
    expect(storedStack(b, "cloud").dashboards).toEqual([]);
    expect(storedStack(b, "cloud").alerts).toEqual([]);
  });

  it("a saved search and an alert on it on account B's cloud stack, refreshed and deleted from their outputs alone", async () => {
    const { alertInputs } = fixturesOn(b, "cloud");
    const sourceId = storedStack(b, "cloud").sources[0].id;
    const search = await up(savedSearchEngine, { name: "errors", sourceId, where: "level:error", connection: connB });
    const alert = await up(alertEngine, {
      ...alertInputs({ source: "saved_search", dashboardId: undefined, tileId: undefined, savedSearchId: search.id, groupBy: "host" }),
      connection: connB,
    });
    expect(storedStack(b, "cloud").savedSearches.map((x) => x.id)).toEqual([search.id]);
    expect(storedStack(b, "cloud").alerts.map((x) => x.id)).toEqual([alert.id]);
    expect(storedStack(a, "cloud").savedSearches).toEqual([]);
    expect(search.outs).toMatchObject({ organizationId: B.organizationId, serviceId: B.serviceId, connection: connB });
    expect((await savedSearchEngine.read(search.id, search.outs)).props).toEqual(search.outs);
    await alertEngine.delete(alert.id, alert.outs);
    await savedSearchEngine.delete(search.id, search.outs);
    expect(storedStack(b, "cloud").savedSearches).toEqual([]);
    expect(storedStack(b, "cloud").alerts).toEqual([]);
    expect(requests(a)).toBe(0);
  });

  it("a dashboard on account B's open-source stack server, by the connection's stackUrl and stackToken", async () => {
    const { dashboardInputs } = fixturesOn(b, "server");
    const connection = { stackUrl: b.url, stackToken: B.stackToken };
    const news = await checked(dashboardEngine, { ...dashboardInputs(), connection });
    expect(news.stackUrl).toBe(b.url);
    const board = await dashboardEngine.create(news);
    expect(storedStack(b, "server").dashboards.map((d) => d.id)).toEqual([board.id]);
    expect(storedStack(a, "server").dashboards).toEqual([]);
    await dashboardEngine.delete(board.id, board.outs);
    expect(storedStack(b, "server").dashboards).toEqual([]);
  });
});

describe("functions with a connection", () => {
  it("getStackSources lists account B's sources; a secret key does not make the list secret", async () => {
    const seeded = storedStack(b, "cloud")
      .sources.map((s) => s.id)
      .sort();
    expect(seeded.length).toBeGreaterThan(0);
    expect((await getStackSources({ connection: connB })).map((s) => s.id).sort()).toEqual(seeded);
    const out = getStackSourcesOutput({ connection: { ...connB, keySecret: pulumi.secret(B.keySecret) } }) as unknown as {
      promise(): Promise<{ id: string }[]>;
      isSecret: Promise<boolean>;
    };
    expect((await out.promise()).map((s) => s.id).sort()).toEqual(seeded);
    expect(await out.isSecret).toBe(false);
    expect(requests(a)).toBe(0);
  });

  it("getStackWebhooks lists account B's webhooks, in either form", async () => {
    const seeded = storedStack(b, "cloud")
      .webhooks.map((w) => w.id)
      .sort();
    expect(seeded.length).toBeGreaterThan(0);
    expect((await getStackWebhooks({ connection: connB })).map((w) => w.id).sort()).toEqual(seeded);
    const out = getStackWebhooksOutput({ connection: connB }) as unknown as { promise(): Promise<{ id: string }[]> };
    expect((await out.promise()).map((w) => w.id).sort()).toEqual(seeded);
    expect(requests(a)).toBe(0);
  });

  it("getReversePrivateEndpoints lists account B's endpoints", async () => {
    const seeded = ((b.control.state() as Obj).services[B.serviceId].reversePrivateEndpoints as Obj[]).map((e) => e.id).sort();
    const out = getReversePrivateEndpointsOutput({ connection: connB }) as unknown as { promise(): Promise<{ id: string }[]> };
    expect((await out.promise()).map((e) => e.id).sort()).toEqual(seeded);
    expect(requests(a)).toBe(0);
  });

  it("a bad connection names its field", async () => {
    await expect(getStackSources({ connection: { apiUrl: "nope" } })).rejects.toThrow(/getStackSources: connection\.apiUrl must be a URL/);
  });
});

/**
 * Round trips are the cost users pay. What each create and delete sends, counted by the emulator
 * over a preview and an `up` as the engine drives them (each a provider process of its own, whose
 * gates read a collection once: provider/engine/shared-list.ts), and that N creates in one process
 * read their list once, not N times: the engine calls `check` one resource at a time.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import {
  alertEngine as alerts,
  dashboardEngine as dashboards,
  endpointEngine as endpoints,
  pipeEngine as pipes,
  savedSearchEngine as searches,
  webhookEngine as webhooks,
  engineOf,
  type Engine,
} from "../support/engines";
import { endpointInputs } from "../support/endpoint-fixtures";
import { kafkaPipe } from "../support/pipe-fixtures";
import { kafkaPipe as kafkaBody } from "../support/pipe-bodies";
import { engineInputs } from "../support/pipe-props";
import { storedPipes, storedStack } from "../support/stored";
import { fixturesOn, useTarget, type TargetKind } from "../support/stack-targets";
import { startTestEmulator } from "../support/emulator";
import { forgetGenerations } from "../../provider/engine/stack/generation";
import type { ResourceTypeName } from "../../provider/registry";

type Obj = Record<string, any>;
let emulator: Emulator;

beforeAll(async () => {
  // A latency, so that concurrent operations overlap as they do against a real API.
  emulator = await startTestEmulator({ latencyMs: 5, stackApiVersion: "2.36.0" });
});
afterAll(() => emulator.close());
beforeEach(() => {
  emulator.control.reset();
  emulator.control.clearScripts();
});

/** A provider process of its own on `kind`'s target: nothing read or learnt before (the stack's generation too) is known to it. */
const newProcess = (kind: TargetKind = "cloud") => {
  forgetGenerations();
  useTarget(kind, emulator, { pollIntervalMs: "10", maxRetries: "1" });
};

/**
 * The requests since the last reset, by method and route, polls of one object (`GET .../{id}`)
 * apart. A `GET /webhooks` of a kind other than webhooks is the stack server's generation asked.
 */
function sent(): { requests: Record<string, number>; polls: number } {
  const requests: Record<string, number> = {};
  let polls = 0;
  for (const [route, n] of Object.entries(emulator.control.stats().byRoute)) {
    if (/^GET .*\/\{\w+\}$/.test(route)) polls += n;
    else requests[route.replace(/\/v1\/organizations\/\{organizationId\}\/services\/\{serviceId\}/, "").replace(/^(\w+) \/api\/v2/, "$1 ")] = n;
  }
  return { requests, polls };
}

/** `pulumi preview` then `pulumi up` of one new object: the preview's check, then the up's check and create. */
async function previewAndUp(engine: Engine, kind: TargetKind, inputs: Obj): Promise<{ id: string; outs: Obj }> {
  newProcess(kind);
  expect((await engine.check({}, inputs)).failures, "preview").toEqual([]);
  newProcess(kind);
  const checked = await engine.check({}, inputs);
  expect(checked.failures, "up").toEqual([]);
  return engine.create(checked.inputs!);
}

/** `pulumi destroy` of one object, in a provider process of its own. */
async function destroy(engine: Engine, kind: TargetKind, made: { id: string; outs: Obj }): Promise<void> {
  newProcess(kind);
  emulator.control.resetStats();
  await engine.delete(made.id, made.outs);
}

const pipeInputs = (name: string) => engineInputs(kafkaPipe(name), { organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId });

describe("requests per object over preview + up, and per delete", () => {
  it("a pipe: one list per provider process, its POST and its rename (3 requests past the preview's list); delete: DELETE and one list", async () => {
    emulator.control.resetStats();
    const made = await previewAndUp(pipes, "cloud", pipeInputs("counted"));
    expect(sent().requests).toEqual({ "GET /pipes": 2, "POST /pipes": 1, "PATCH /pipes/{pipeId}": 1 });
    await destroy(pipes, "cloud", made);
    expect(sent()).toEqual({ requests: { "DELETE /pipes/{pipeId}": 1, "GET /pipes": 1 }, polls: 0 });
    expect(storedPipes(emulator)).toEqual([]);
  });

  it("a reverse private endpoint: one list per provider process and its POST; delete: DELETE and the lists until it is gone", async () => {
    emulator.control.resetStats();
    const made = await previewAndUp(
      endpoints,
      "cloud",
      endpointInputs({ organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId }),
    );
    expect(sent().requests).toEqual({ "GET /pipesReversePrivateEndpoints": 2, "POST /pipesReversePrivateEndpoints": 1 });
    await destroy(endpoints, "cloud", made);
    expect(sent()).toEqual({
      requests: { "DELETE /pipesReversePrivateEndpoints/{reversePrivateEndpointId}": 1, "GET /pipesReversePrivateEndpoints": 1 },
      polls: 0,
    });
  });

  it("a dashboard and a saved search: one list per provider process, POST and PUT, no generation asked (the saved searches' list tells it); delete: DELETE and one list", async () => {
    const fx = fixturesOn(emulator, "server");
    emulator.control.resetStats();
    const board = await previewAndUp(dashboards, "server", fx.dashboardInputs({ name: "counted" }));
    expect(sent()).toEqual({ requests: { "GET /dashboards": 2, "POST /dashboards": 1, "PUT /dashboards/{id}": 1 }, polls: 0 });
    await destroy(dashboards, "server", board);
    expect(sent()).toEqual({ requests: { "DELETE /dashboards/{id}": 1, "GET /dashboards": 1 }, polls: 0 });

    emulator.control.resetStats();
    const search = await previewAndUp(searches, "server", {
      name: "errors",
      sourceId: storedStack(emulator, "server").sources[0].id,
      where: "level:error",
      stackUrl: emulator.url,
    });
    expect(sent()).toEqual({ requests: { "GET /saved-searches": 2, "POST /saved-searches": 1, "PUT /saved-searches/{id}": 1 }, polls: 0 });
    await destroy(searches, "server", search);
    expect(sent()).toEqual({ requests: { "DELETE /saved-searches/{id}": 1, "GET /saved-searches": 1 }, polls: 0 });
  });

  it("a webhook: one list per provider process, which also tells the server's generation, and its POST; delete: DELETE and one list", async () => {
    const fresh = () => newProcess("server");
    const routes = () => Object.fromEntries(Object.entries(emulator.control.stats().byRoute).map(([r, n]) => [r.replace(/^(\w+) \/api\/v2/, "$1 "), n]));
    const inputs = { name: "counted", url: "https://hooks.example.com/alerts", stackUrl: emulator.url };
    emulator.control.resetStats();
    fresh();
    expect((await webhooks.check({}, inputs)).failures, "preview").toEqual([]);
    fresh();
    const checked = await webhooks.check({}, inputs);
    expect(checked.failures, "up").toEqual([]);
    const made = await webhooks.create(checked.inputs!);
    expect(routes()).toEqual({ "GET /webhooks": 2, "POST /webhooks": 1 });
    fresh();
    emulator.control.resetStats();
    await webhooks.delete(made.id, made.outs);
    expect(routes()).toEqual({ "DELETE /webhooks/{id}": 1, "GET /webhooks": 1 });
  });

  it("a tile alert: its dashboard read once per provider process (which tells the generation), POST and PUT; delete: DELETE and one list", async () => {
    const fx = fixturesOn(emulator, "server");
    newProcess("server");
    const board = await dashboards.create((await dashboards.check({}, fx.dashboardInputs({ name: "with-alerts", tiles: [fx.tile("Errors")] }))).inputs!);
    const tileId = storedStack(emulator, "server").dashboards.find((d) => d.id === board.id)!.tiles[0].id as string;
    emulator.control.resetStats();
    const alert = await previewAndUp(alerts, "server", fx.alertInputs({ dashboardId: board.id, tileId }));
    // The dashboard is read once in the preview and once in the up (its check and its create share the
    // read); its answer tells the server's generation, which the body needs: no GET /webhooks.
    expect(sent()).toEqual({ requests: { "POST /alerts": 1, "PUT /alerts/{id}": 1 }, polls: 2 });
    await destroy(alerts, "server", alert);
    expect(sent()).toEqual({ requests: { "DELETE /alerts/{id}": 1, "GET /alerts": 1 }, polls: 0 });
  });
});

/** A kind whose preview + up and delete are counted by the table below: its inputs on `target`, and what each sends. */
interface CountRow {
  target: TargetKind;
  inputs: () => Obj;
  created: Record<string, number>;
  deleted: Record<string, number>;
}

/**
 * Every registered kind's round trips: a row counted by the table's case, or the name of the case
 * above that counts it (its flow has more to say). A kind the registry gains fails to compile
 * until it has one.
 */
const COUNTED: Record<ResourceTypeName, string | CountRow> = {
  Pipe: "a pipe",
  ReversePrivateEndpoint: "a reverse private endpoint",
  StackDashboard: "a dashboard and a saved search",
  StackSavedSearch: "a dashboard and a saved search",
  StackWebhook: "a webhook",
  StackAlert: "a tile alert",
  StackConnection: {
    target: "server",
    inputs: () => ({ name: "counted", host: "https://db.example.com:8443", username: "reader", password: "counted-password" }),
    created: { "GET /connections": 2, "POST /connections": 1, "PUT /connections/{id}": 1 },
    deleted: { "DELETE /connections/{id}": 1, "GET /connections": 1 },
  },
  StackSource: {
    target: "server",
    inputs: () => ({
      name: "counted",
      kind: "log",
      connectionId: storedStack(emulator, "server").sources[0].connection,
      from: { databaseName: "otel", tableName: "otel_logs" },
      timestampValueExpression: "TimestampTime",
      defaultTableSelectExpression: "Timestamp, Body",
    }),
    created: { "GET /sources": 2, "POST /sources": 1, "PUT /sources/{id}": 1 },
    deleted: { "DELETE /sources/{id}": 1, "GET /sources": 1 },
  },
};

describe("requests per object over preview + up (one list per provider process, POST and PUT), and per delete (DELETE and one list), of the kinds the table counts", () => {
  const rows = (Object.entries(COUNTED) as [ResourceTypeName, string | CountRow][]).filter((e): e is [ResourceTypeName, CountRow] => typeof e[1] !== "string");

  it.each(rows)("%s", async (type, row) => {
    const engine = engineOf(type);
    emulator.control.resetStats();
    const made = await previewAndUp(engine, row.target, row.inputs());
    expect(sent()).toEqual({ requests: row.created, polls: 0 });
    await destroy(engine, row.target, made);
    expect(sent()).toEqual({ requests: row.deleted, polls: 0 });
  });
});

describe("N creates in one provider process read their list once", () => {
  const N = 20;

  it(`${N} pipes: ${N} checks read the pipe list once, ${N} creates (8 at a time) none, ${N} deletes each proven by its own read`, async () => {
    newProcess();
    emulator.control.resetStats();
    const inputs: Obj[] = [];
    // The engine checks one resource at a time.
    for (let i = 0; i < N; i += 1) {
      const r = await pipes.check({}, pipeInputs(`many-${i}`));
      expect(r.failures).toEqual([]);
      inputs.push(r.inputs!);
    }
    expect(sent().requests, "the checks").toEqual({ "GET /pipes": 1 });
    const made = await eightAtATime(inputs, (i) => pipes.create(i));
    expect(sent().requests, "checks and creates").toEqual({ "GET /pipes": 1, "POST /pipes": N, "PATCH /pipes/{pipeId}": N });
    emulator.control.resetStats();
    await eightAtATime(made, (m) => pipes.delete(m.id, m.outs));
    const { requests, polls } = sent();
    expect(requests["DELETE /pipes/{pipeId}"]).toBe(N);
    // The checks listed the pipes in this process: each pipe's own 404 after its DELETE proves it, no list.
    expect(requests["GET /pipes"], "no list read").toBeUndefined();
    expect(polls, "one read of each pipe").toBe(N);
    expect(storedPipes(emulator)).toEqual([]);
  });

  it(`${N} dashboards: their checks read the collection once, their creates none`, async () => {
    const fx = fixturesOn(emulator, "server");
    newProcess("server");
    emulator.control.resetStats();
    const inputs: Obj[] = [];
    for (let i = 0; i < N; i += 1) inputs.push((await dashboards.check({}, fx.dashboardInputs({ name: `board-${i}` }))).inputs!);
    await eightAtATime(inputs, (i) => dashboards.create(i));
    expect(sent()).toEqual({ requests: { "GET /dashboards": 1, "POST /dashboards": N, "PUT /dashboards/{id}": N }, polls: 0 });
  });

  it(`${N} tile alerts on one dashboard: their checks, diffs and creates read it once`, async () => {
    const fx = fixturesOn(emulator, "server");
    newProcess("server");
    const board = await dashboards.create((await dashboards.check({}, fx.dashboardInputs({ name: "many-alerts", tiles: [fx.tile("Errors")] }))).inputs!);
    newProcess("server");
    emulator.control.resetStats();
    const inputs: Obj[] = [];
    for (let i = 0; i < N; i += 1) {
      const r = await alerts.check({}, fx.alertInputs({ dashboardId: board.id, tileId: undefined, tile: "Errors", message: `alert ${i}` }));
      expect(r.failures).toEqual([]);
      inputs.push(r.inputs!);
    }
    await eightAtATime(inputs, (i) => alerts.create(i));
    // One read of the dashboard (polls: 1) for all of them, which also tells the generation.
    expect(sent()).toEqual({ requests: { "POST /alerts": N, "PUT /alerts/{id}": N }, polls: 1 });
  });

  it(`${N} new pipes beside 2,000 existing ones: preview and up read the 2,000-pipe list at most 3 times`, { timeout: 120_000 }, async () => {
    // The service's list answered with 2,000 other pipes (1.7 MB from a real API), as many times as it could be read.
    const existing = Array.from({ length: 2000 }, (_, i) => ({ ...kafkaBody(`existing-${i}`), id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}` }));
    emulator.control.script({
      method: "GET",
      path: "/pipes$",
      status: 200,
      count: 10,
      body: { status: 200, requestId: "00000000-0000-4000-8000-0000000000aa", result: existing },
    });
    emulator.control.resetStats();
    for (const phase of ["preview", "up"]) {
      newProcess();
      const checked: Obj[] = [];
      for (let i = 0; i < N; i += 1) checked.push((await pipes.check({}, pipeInputs(`new-${i}`))).inputs!);
      if (phase === "up") await eightAtATime(checked, (i) => pipes.create(i));
    }
    expect(sent().requests).toEqual({ "GET /pipes": 2, "POST /pipes": N, "PATCH /pipes/{pipeId}": N });
    expect(emulator.control.stats().faults.scripted, "each list read was the 2,000-pipe one").toBe(2);
  });
});

/** Runs `op` on every item, at most 8 at a time (the engine's default parallelism). */
async function eightAtATime<T, R>(items: readonly T[], op: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await op(items[i]);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return out;
}

/**
 * Issue 42: a delete is proven by its collection listed after the DELETE answered (the
 * read-or-gone rule, provider/engine/gone.ts), and the deletes of one run share that proof: a
 * `pulumi destroy` of 40 alerts read the alert list 28 times. Over every registered kind: 40
 * objects deleted as the engine drives a destroy (8 at a time, the CLI's default parallelism on a
 * 2-core machine, started 10 ms apart, each a DELETE paced by the emulator's latency), counting
 * the list reads.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Emulator } from "../../emulator";
import type { ResourceTypeName } from "../../provider/registry";
import { registry } from "../../provider/registry";
import { engineOf } from "../support/engines";
import { startTestEmulator } from "../support/emulator";
import { rawJson } from "../support/raw-api";
import { storedEndpoints, storedPipes, storedStack, type Stored } from "../support/stored";
import { useTarget, type TargetKind } from "../support/stack-targets";
import { kafkaPipe } from "../support/pipe-fixtures";
import { engineInputs } from "../support/pipe-props";
import { endpointInputs } from "../support/endpoint-fixtures";
import { forgetGenerations } from "../../provider/engine/stack/generation";
import { GATHER_MS } from "../../provider/engine/shared-list";

type Obj = Record<string, any>;
const COUNT = 40;
const PARALLEL = 8;
/**
 * At most this many list reads prove the 40 deletes: 5 or 6 on a quiet machine (one per wave of 8,
 * and a spare); a loaded one (load 15 and more) read 8, its pauses between the engine's deletes
 * passing GATHER_MS. Unshared (a read of its own per delete), these rows read 35 to 40.
 */
const MOST_READS = 9;

let emulator: Emulator;
beforeAll(async () => {
  // A latency, so that concurrent requests overlap and answer apart, as against a real API.
  emulator = await startTestEmulator({ latencyMs: 5, stackApiVersion: "2.36.0" });
}, 60_000);
afterAll(() => emulator?.close());

const SERVICE = "/v1/organizations/{organizationId}/services/{serviceId}";
const serviceIds = () => ({ organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId });
const stack = () => storedStack(emulator, "server");

interface Row {
  target: TargetKind;
  /** The route of the collection that proves a delete. */
  list: string;
  /** The route of one object's read, when its 404 is the API's JSON (then it proves a delete, once the list was read). */
  own?: string;
  inputs(i: number): Obj | Promise<Obj>;
  stored(): Stored[];
}

let searchId: string | undefined;
const ROWS = {
  Pipe: {
    target: "cloud",
    list: `GET ${SERVICE}/pipes`,
    own: `GET ${SERVICE}/pipes/{pipeId}`,
    inputs: (i) => engineInputs(kafkaPipe(`deleted-${i}`), serviceIds()),
    stored: () => storedPipes(emulator),
  },
  ReversePrivateEndpoint: {
    target: "cloud",
    list: `GET ${SERVICE}/pipesReversePrivateEndpoints`,
    own: `GET ${SERVICE}/pipesReversePrivateEndpoints/{reversePrivateEndpointId}`,
    inputs: () => endpointInputs(serviceIds()),
    stored: () => storedEndpoints(emulator),
  },
  StackDashboard: { target: "server", list: "GET /api/v2/dashboards", inputs: (i) => ({ name: `deleted-${i}`, tiles: [] }), stored: () => stack().dashboards },
  StackAlert: {
    target: "server",
    list: "GET /api/v2/alerts",
    own: "GET /api/v2/alerts/{id}",
    inputs: async (i) => {
      searchId ??= (await rawJson(emulator, "stack-server", "POST", "/saved-searches", { name: "alerted", sourceId: stack().sources[0].id })).id as string;
      return {
        name: `deleted-${i}`,
        source: "saved_search",
        savedSearchId: searchId,
        threshold: 1,
        thresholdType: "above",
        interval: "5m",
        channel: { type: "webhook", webhookId: stack().webhooks[0].id },
      };
    },
    stored: () => stack().alerts,
  },
  StackSavedSearch: {
    target: "server",
    list: "GET /api/v2/saved-searches",
    own: "GET /api/v2/saved-searches/{id}",
    inputs: (i) => ({ name: `deleted-${i}`, sourceId: stack().sources[0].id, where: "level:error" }),
    stored: () => stack().savedSearches,
  },
  StackWebhook: {
    target: "server",
    list: "GET /api/v2/webhooks",
    inputs: (i) => ({ name: `deleted-${i}`, url: `https://hooks.example.com/deleted-${i}` }),
    stored: () => stack().webhooks,
  },
  StackConnection: {
    target: "server",
    list: "GET /api/v2/connections",
    inputs: (i) => ({ name: `deleted-${i}`, host: "https://db.example.com:8443", username: "reader", password: "deleted-password" }),
    stored: () => stack().connections,
  },
  StackSource: {
    target: "server",
    list: "GET /api/v2/sources",
    own: "GET /api/v2/sources/{id}",
    inputs: (i) => ({
      name: `deleted-${i}`,
      kind: "log",
      connectionId: stack().sources[0].connection,
      from: { databaseName: "otel", tableName: "otel_logs" },
      timestampValueExpression: "TimestampTime",
      defaultTableSelectExpression: "Timestamp, Body",
    }),
    stored: () => stack().sources,
  },
} as const satisfies Record<ResourceTypeName, Row>;

/** Runs `work` over `items`, `parallel` at a time, as the Pulumi engine runs independent steps. */
async function pooled<T>(items: readonly T[], parallel: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (slot: number) => {
    while (next < items.length) {
      const item = items[next++];
      // The engine starts the next deletes one after the other (each finished step written to the state first).
      await new Promise((r) => setTimeout(r, slot * 10));
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: parallel }, (_, slot) => worker(slot)));
}

/** A provider process of its own on `target`: nothing read before is known to it. */
const newProcess = (target: TargetKind) => {
  forgetGenerations();
  useTarget(target, emulator, { pollIntervalMs: "10", maxRetries: "1" });
};

it("has a row for every registered kind", () => {
  expect(Object.keys(ROWS).sort()).toEqual(registry.map((d) => d.type).sort());
});

/** None of `made` is left in the emulator's store of `row`'s kind. */
function expectAllDeleted(row: Row, made: readonly { id: string }[]): void {
  const ids = new Set(row.stored().map((o) => o.id));
  expect(
    made.filter((m) => ids.has(m.id)),
    "every object deleted",
  ).toEqual([]);
}

describe.each(Object.entries(ROWS) as [ResourceTypeName, Row][])("%s: a destroy of 40", (type, row) => {
  const engine = engineOf(type);
  const make = async () => {
    newProcess(row.target);
    const made: { id: string; outs: Obj }[] = [];
    for (let i = 0; i < COUNT; i += 1) {
      const checked = await engine.check({}, await row.inputs(i));
      expect(checked.failures).toEqual([]);
      made.push(await engine.create(checked.inputs!));
    }
    newProcess(row.target);
    return made;
  };

  it(`reads its list at most ${MOST_READS} times to prove 40 deletes, ${PARALLEL} at a time`, async () => {
    const made = await make();
    emulator.control.resetStats();
    await pooled(made, PARALLEL, (m) => engine.delete(m.id, m.outs));
    expectAllDeleted(row, made);
    const reads = emulator.control.stats().byRoute[row.list] ?? 0;
    expect(reads, "the deletes are proven by their list").toBeGreaterThan(0);
    expect(reads, JSON.stringify(emulator.control.stats().byRoute)).toBeLessThanOrEqual(MOST_READS);
  }, 120_000);

  // With checkpoints skipped the engine starts a wave's 8 deletes together, as the last wave's
  // proof answers: each wave then waited GATHER_MS for deletes that could not start (a third of
  // a 1,000-pipe destroy at 150 ms per request). Once one proof has proven a wave, the next
  // wave as wide is read for at once.
  it(`reads at once for a wave of ${PARALLEL} deletes started together, after the first`, async () => {
    const made = await make();
    emulator.control.resetStats();
    // Which proofs waited for more deletes: the waits of GATHER_MS (observed, not replaced).
    const timers = vi.spyOn(globalThis, "setTimeout");
    const gathers = () => timers.mock.calls.filter(([, ms]) => ms === GATHER_MS).length;
    const waited: number[] = [];
    try {
      for (let i = 0; i < made.length; i += PARALLEL) {
        const before = gathers();
        await Promise.all(made.slice(i, i + PARALLEL).map((m) => engine.delete(m.id, m.outs)));
        waited.push(gathers() - before);
      }
    } finally {
      timers.mockRestore();
    }
    expectAllDeleted(row, made);
    const reads = emulator.control.stats().byRoute[row.list] ?? 0;
    // One read a wave when the machine keeps up. On a loaded one (load 15 and more) a delete can
    // reach its DELETE more than GATHER_MS after the others of its wave answered, and is proven by
    // a read of its own: a wave then takes two (a run took 8 for 5 waves). Unshared, it takes 8.
    expect(reads, "at most two list reads per wave").toBeLessThanOrEqual(waited.length * 2);
    expect(waited[0], "the first wave waits for more deletes").toBeGreaterThan(0);
    expect(waited.slice(1), "later waves do not").toEqual(waited.slice(1).map(() => 0));
  }, 120_000);
});

describe.each(Object.entries(ROWS) as [ResourceTypeName, Row][])("%s: deletes after the list was read", (type, row) => {
  // A list of the whole collection per wave was most of a 1,000-pipe destroy's bytes and time.
  it(
    row.own ? "are each proven by the object's own 404, with no list read" : "are proven by the list (its own 404 is not the API's, or it has none)",
    async () => {
      const engine = engineOf(type);
      newProcess(row.target);
      const made: { id: string; outs: Obj }[] = [];
      for (let i = 0; i < 4; i += 1) {
        const checked = await engine.check({}, await row.inputs(i));
        made.push(await engine.create(checked.inputs!));
      }
      newProcess(row.target);
      // The first delete of a new process: only the list can prove it (and shows the route lives).
      await engine.delete(made[0].id, made[0].outs);
      emulator.control.resetStats();
      for (const m of made.slice(1)) await engine.delete(m.id, m.outs);
      expectAllDeleted(row, made);
      const byRoute = emulator.control.stats().byRoute;
      if (row.own) {
        expect(byRoute[row.list], JSON.stringify(byRoute)).toBeUndefined();
        expect(byRoute[row.own], JSON.stringify(byRoute)).toBe(3);
      } else {
        expect(byRoute[row.list], JSON.stringify(byRoute)).toBeGreaterThanOrEqual(1);
      }
    },
    120_000,
  );
});

describe("under a rate limit the server names", () => {
  // Each request counts against the stack server's 100 a minute: a list per wave sends fewer than a read per delete.
  it("alerts' deletes are proven by the list, not by each alert's own read", async () => {
    const row = ROWS.StackAlert;
    const engine = engineOf("StackAlert");
    emulator.control.setFaults({ stackRateLimit: 10_000, stackRateWindowMs: 60_000 });
    try {
      newProcess(row.target);
      const made: { id: string; outs: Obj }[] = [];
      for (let i = 0; i < 4; i += 1) made.push(await engine.create((await engine.check({}, await row.inputs(i))).inputs!));
      newProcess(row.target);
      await engine.delete(made[0].id, made[0].outs);
      emulator.control.resetStats();
      for (const m of made.slice(1)) await engine.delete(m.id, m.outs);
      const byRoute = emulator.control.stats().byRoute;
      expect(byRoute[row.own], JSON.stringify(byRoute)).toBeUndefined();
      expect(byRoute[row.list], JSON.stringify(byRoute)).toBe(3);
    } finally {
      emulator.control.setFaults({ stackRateLimit: 0 });
    }
  }, 120_000);
});

describe("a list with an item lacking an id", () => {
  // Such a list is no proof that the route lists this collection: the deletes after it go by the list, not their own 404.
  it("keeps the collection as the proof of the next delete", async () => {
    const row = ROWS.StackSavedSearch;
    const engine = engineOf("StackSavedSearch");
    newProcess(row.target);
    const made: { id: string; outs: Obj }[] = [];
    for (let i = 0; i < 2; i += 1) made.push(await engine.create((await engine.check({}, row.inputs(i))).inputs!));
    newProcess(row.target);
    const listed = await rawJson(emulator, "stack-server", "GET", "/saved-searches");
    emulator.control.script({ method: "GET", path: "/api/v2/saved-searches$", status: 200, body: { data: [...listed, { name: "no id" }] } });
    // The first delete of the process reads the list: the answer lacking an id becomes the run's last list.
    await engine.delete(made[0].id, made[0].outs);
    emulator.control.resetStats();
    await engine.delete(made[1].id, made[1].outs);
    expectAllDeleted(row, made);
    const byRoute = emulator.control.stats().byRoute;
    expect(byRoute[row.own], JSON.stringify(byRoute)).toBeUndefined();
    expect(byRoute[row.list], JSON.stringify(byRoute)).toBeGreaterThanOrEqual(1);
  }, 120_000);
});

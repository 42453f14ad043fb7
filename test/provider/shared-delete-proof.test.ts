/**
 * Issue 42: a delete is proven by its collection listed after the DELETE answered (the
 * read-or-gone rule, provider/engine/gone.ts), and the deletes of one run share that proof: a
 * `pulumi destroy` of 40 alerts read the alert list 28 times. Over every registered kind: 40
 * objects deleted as the engine drives a destroy (8 at a time, the CLI's default parallelism on a
 * 2-core machine, started 10 ms apart, each a DELETE paced by the emulator's latency), counting
 * the list reads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

type Obj = Record<string, any>;
const COUNT = 40;
const PARALLEL = 8;
/** At most this many list reads prove the 40 deletes (one per wave of 8, and a spare). */
const MOST_READS = 6;

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
  inputs(i: number): Obj | Promise<Obj>;
  stored(): Stored[];
}

let searchId: string | undefined;
const ROWS = {
  Pipe: {
    target: "cloud",
    list: `GET ${SERVICE}/pipes`,
    inputs: (i) => engineInputs(kafkaPipe(`deleted-${i}`), serviceIds()),
    stored: () => storedPipes(emulator),
  },
  ReversePrivateEndpoint: {
    target: "cloud",
    list: `GET ${SERVICE}/pipesReversePrivateEndpoints`,
    inputs: () => endpointInputs(serviceIds()),
    stored: () => storedEndpoints(emulator),
  },
  StackDashboard: { target: "server", list: "GET /api/v2/dashboards", inputs: (i) => ({ name: `deleted-${i}`, tiles: [] }), stored: () => stack().dashboards },
  StackAlert: {
    target: "server",
    list: "GET /api/v2/alerts",
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

describe.each(Object.entries(ROWS) as [ResourceTypeName, Row][])("%s: a destroy of 40", (type, row) => {
  it(`reads its list at most ${MOST_READS} times to prove 40 deletes, ${PARALLEL} at a time`, async () => {
    const engine = engineOf(type);
    newProcess(row.target);
    const made: { id: string; outs: Obj }[] = [];
    for (let i = 0; i < COUNT; i += 1) {
      const checked = await engine.check({}, await row.inputs(i));
      expect(checked.failures).toEqual([]);
      made.push(await engine.create(checked.inputs!));
    }
    newProcess(row.target);
    emulator.control.resetStats();
    await pooled(made, PARALLEL, (m) => engine.delete(m.id, m.outs));
    const ids = new Set(row.stored().map((o) => o.id));
    expect(
      made.filter((m) => ids.has(m.id)),
      "every object deleted",
    ).toEqual([]);
    const reads = emulator.control.stats().byRoute[row.list] ?? 0;
    expect(reads, "the deletes are proven by their list").toBeGreaterThan(0);
    expect(reads, JSON.stringify(emulator.control.stats().byRoute)).toBeLessThanOrEqual(MOST_READS);
  }, 120_000);
});

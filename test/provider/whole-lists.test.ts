/**
 * One list reader (provider/engine/list-reader.ts): every list function and every kind's create
 * gate and create read a list of 1,001 objects whole, beyond the stack server's first page of
 * 1,000, and the requests are counted. Generated from the native face's list of functions and the
 * registry (a kind or function the tables lack fails to compile). The emulator is seeded through
 * its state file (test/support/seeded-lists.ts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { nativeFunctions } from "../../provider/native/functions";
import { engineSettings } from "../../provider/engine/engine-settings";
import type { ResourceTypeName } from "../../provider/registry";
import { engineOf } from "../support/engines";
import { emulatorWithLongLists } from "../support/seeded-lists";
import { storedEndpoints, storedPipes, storedStack, type Stored } from "../support/stored";
import { useTarget, type TargetKind } from "../support/stack-targets";
import { kafkaPipe } from "../support/pipe-fixtures";
import { engineInputs } from "../support/pipe-props";
import { endpointInputs } from "../support/endpoint-fixtures";
import { forgetGenerations } from "../../provider/engine/stack/generation";

type Obj = Record<string, any>;
const MORE = 1001;

let emulator: Emulator;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ emulator, dispose } = await emulatorWithLongLists(MORE));
}, 60_000);
afterAll(() => dispose?.());
beforeEach(() => {
  emulator.control.clearScripts();
  forgetGenerations();
});

/** Requests since the last reset on the route `method path` (the template as the emulator counts it). */
const requestsOn = (route: string) => emulator.control.stats().byRoute[route] ?? 0;
const SERVICE = "/v1/organizations/{organizationId}/services/{serviceId}";

interface Listing {
  target: TargetKind;
  /** The route the function reads, and how many pages 1,000 at a time its server answers. */
  route: string;
  requests: number;
  stored(): Stored[];
}

const LISTINGS: Record<string, Listing> = {
  getReversePrivateEndpoints: { target: "cloud", route: `GET ${SERVICE}/pipesReversePrivateEndpoints`, requests: 1, stored: () => storedEndpoints(emulator) },
  // The server's list of sources is one answer.
  getStackSources: { target: "server", route: "GET /api/v2/sources", requests: 1, stored: () => storedStack(emulator, "server").sources },
  getStackWebhooks: { target: "server", route: "GET /api/v2/webhooks", requests: 2, stored: () => storedStack(emulator, "server").webhooks },
};

it("has a row for every list function, and only those", () => {
  expect(Object.keys(LISTINGS).sort()).toEqual(nativeFunctions.map((f) => f.name).sort());
});

describe.each(nativeFunctions.map((f) => [f.name, f] as const))("%s over a list of 1,001 more", (name, f) => {
  it("returns every object, with one request per page", async () => {
    const row = LISTINGS[name];
    useTarget(row.target, emulator);
    const stored = row.stored();
    expect(stored.length).toBeGreaterThan(MORE);
    emulator.control.resetStats();
    const items = (await f.run({}, engineSettings)) as { id: string }[];
    expect(items.map((i) => i.id).sort()).toEqual(stored.map((s) => s.id).sort());
    expect(requestsOn(row.route)).toBe(row.requests);
    expect(emulator.control.stats().requests, "nothing else").toBe(row.requests);
  });
});

/**
 * How a kind's create is checked and made against its long list. `holder`: a program claiming the
 * name of the last listed object (a kind with a unique name), which the gate must find; else a
 * program whose gate reads for reachability, then a create whose POST goes through but answers a
 * 502: its own object, last in the list, must be found by its marker beyond the first page.
 */
interface GateCase {
  target: TargetKind;
  list: string;
  /** Requests of the gate on its list. */
  gateRequests: number;
  inputs(): Obj;
  /** For a kind with a unique name: the listed object whose name `inputs` claims. */
  holder?: () => Stored;
  post?: string;
  /** Requests on the list of the create after its ambiguous POST. */
  createRequests?: number;
  stored?(): Stored[];
}

const serviceIds = () => ({ organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId });
const last = (list: Stored[]) => list[list.length - 1];
const sourceId = () => storedStack(emulator, "server").sources[0].id;

const GATES = {
  // The pipe list is one answer; the gate reads the run's list, then again before refusing.
  Pipe: {
    target: "cloud",
    list: `GET ${SERVICE}/pipes`,
    gateRequests: 2,
    inputs: () => engineInputs(kafkaPipe(last(storedPipes(emulator)).name), serviceIds()),
    holder: () => last(storedPipes(emulator)),
  },
  // The endpoint list is one answer: what existed before the create, so an endpoint made by an
  // ambiguous POST is told apart (and reported, never taken).
  ReversePrivateEndpoint: {
    target: "cloud",
    list: `GET ${SERVICE}/pipesReversePrivateEndpoints`,
    gateRequests: 1,
    inputs: () => endpointInputs(serviceIds()),
    post: `POST ${SERVICE}/pipesReversePrivateEndpoints`,
    createRequests: 1,
    stored: () => storedEndpoints(emulator),
  },
  // Dashboards are one answer (sorted by name); alerts and saved searches page.
  StackDashboard: {
    target: "server",
    list: "GET /api/v2/dashboards",
    gateRequests: 1,
    inputs: () => ({ name: "zz-long-list", tiles: [] }),
    post: "POST /api/v2/dashboards",
    createRequests: 1,
    stored: () => storedStack(emulator, "server").dashboards,
  },
  StackAlert: {
    target: "server",
    list: "GET /api/v2/alerts",
    gateRequests: 1,
    inputs: () => ({
      name: "long-list",
      source: "saved_search",
      savedSearchId: storedStack(emulator, "server").savedSearches[0].id,
      threshold: 1,
      thresholdType: "above",
      interval: "5m",
      channel: { type: "webhook", webhookId: storedStack(emulator, "server").webhooks[0].id },
    }),
    post: "POST /api/v2/alerts",
    createRequests: 2,
    stored: () => storedStack(emulator, "server").alerts,
  },
  StackSavedSearch: {
    target: "server",
    list: "GET /api/v2/saved-searches",
    gateRequests: 1,
    inputs: () => ({ name: "long-list", sourceId: sourceId(), where: "level:error" }),
    post: "POST /api/v2/saved-searches",
    createRequests: 2,
    stored: () => storedStack(emulator, "server").savedSearches,
  },
  // The webhook list pages: the run's list and the read before refusing, two pages each.
  StackWebhook: {
    target: "server",
    list: "GET /api/v2/webhooks",
    gateRequests: 4,
    inputs: () => ({ name: last(storedStack(emulator, "server").webhooks).name!, url: "https://hooks.example.com/long" }),
    holder: () => last(storedStack(emulator, "server").webhooks),
  },
  // Connections and sources are one answer each.
  StackConnection: {
    target: "server",
    list: "GET /api/v2/connections",
    gateRequests: 1,
    inputs: () => ({ name: "long-list", host: "https://db.example.com:8443", username: "reader", password: "long-list-password" }),
    post: "POST /api/v2/connections",
    createRequests: 1,
    stored: () => storedStack(emulator, "server").connections,
  },
  StackSource: {
    target: "server",
    list: "GET /api/v2/sources",
    gateRequests: 1,
    inputs: () => ({
      name: "long-list",
      kind: "log",
      connectionId: storedStack(emulator, "server").sources[0].connection,
      from: { databaseName: "otel", tableName: "otel_logs" },
      timestampValueExpression: "TimestampTime",
      defaultTableSelectExpression: "Timestamp, Body",
    }),
    post: "POST /api/v2/sources",
    createRequests: 1,
    stored: () => storedStack(emulator, "server").sources,
  },
} as const satisfies Record<ResourceTypeName, GateCase>;

const gateCases = Object.entries(GATES) as [ResourceTypeName, GateCase][];

describe.each(gateCases.filter(([, row]) => row.holder))("%s: its gate over a list of 1,001 more", (type, row) => {
  const engine = engineOf(type);

  it("finds the name held by the last object listed", async () => {
    useTarget(row.target, emulator, { maxRetries: "1" });
    const holder = row.holder!();
    emulator.control.resetStats();
    const failures = (await engine.check({}, row.inputs())).failures ?? [];
    expect(failures.map((f) => f.property)).toEqual(["name"]);
    expect(failures[0].reason).toContain(holder.id);
    expect(requestsOn(row.list)).toBe(row.gateRequests);
  });
});

describe.each(gateCases.filter(([, row]) => row.post))("%s: its gate and create over a list of 1,001 more", (type, row) => {
  const engine = engineOf(type);

  it("the gate reads once; the create's own object, last in the list after an ambiguous answer, is found and nothing made twice", async () => {
    useTarget(row.target, emulator, { maxRetries: "2", retryBaseDelayMs: "0", pollIntervalMs: "10" });
    emulator.control.resetStats();
    const checked = await engine.check({}, row.inputs());
    expect(checked.failures).toEqual([]);
    expect(requestsOn(row.list)).toBe(row.gateRequests);
    const before = row.stored!().map((o) => o.id);
    emulator.control.resetStats();
    emulator.control.script({ method: "POST", path: `${row.post!.split(" ")[1].replace(/.*\//, "/")}$`, status: 502, kind: "after" });
    const made = await engine.create(checked.inputs!).then(
      (r) => ({ id: r.id, error: undefined }),
      (e: Error) => ({ id: undefined as string | undefined, error: e.message }),
    );
    const added = row.stored!().filter((o) => !before.includes(o.id));
    expect(added, "one object made").toHaveLength(1);
    expect(requestsOn(row.post!), "never posted twice").toBe(1);
    expect(requestsOn(row.list)).toBe(row.createRequests);
    if (type === "ReversePrivateEndpoint") {
      // No marker: the new endpoint is reported (only it: the list before was whole), never taken.
      expect(made.error).toMatch(new RegExp(`reverse private endpoint ${added[0].id} matches it`));
    } else {
      expect(made.id).toBe(added[0].id);
    }
  });
});

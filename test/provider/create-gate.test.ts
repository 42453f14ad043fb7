/**
 * The preview as the gate of a create: `check` of a create (no old inputs) reads once what the
 * create would fail on, so a wrong key, a wrong URL or a missing setting fails the preview the
 * way the `up` would. Checks of existing objects, and diffs, send nothing; values not known yet
 * (a preview) skip the read. Every count is what the emulator recorded.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { UNKNOWN } from "../../provider/schemas/unknown";
import { configureWith, emulatorWithEngine } from "../support/engine";
import { endpointEngine as endpoint, engineOf, pipeEngine as pipe } from "../support/engines";
import { dashboardInputs } from "../support/stack-fixtures";
import { endpointInputs } from "../support/endpoint-fixtures";
import { STACK_TOKEN } from "../support/emulator";
import { kafkaPipe } from "../support/pipe-fixtures";
import { engineInputs } from "../support/pipe-props";
import { anHourAgo } from "../support/an-hour-ago";
import { storedStack } from "../support/stored";
import type { ResourceTypeName } from "../../provider/registry";
import { forgetGenerations } from "../../provider/engine/stack/generation";

type Obj = Record<string, any>;
let emulator: Emulator;
let good: Record<string, string>;
beforeAll(async () => {
  // The current server: connections and sources are not in the first generation.
  emulator = await emulatorWithEngine({ stackApiVersion: "2.36.0" });
  good = {
    apiUrl: emulator.url,
    keyId: emulator.options.keyId,
    keySecret: emulator.options.keySecret,
    organizationId: emulator.options.organizationId,
    serviceId: emulator.options.serviceId,
    pollIntervalMs: "20",
    retryBaseDelayMs: "5",
    maxRetries: "1",
  };
});
afterAll(() => emulator.close());
beforeEach(() => {
  configureWith(good);
  emulator.control.resetStats();
});

const requests = () => emulator.control.stats().requests;
const pipeInputs = (name: string, over: Obj = {}) => ({
  ...engineInputs(kafkaPipe(name), { organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId }),
  ...over,
});
const reasons = (r: { failures?: { property: string; reason: string }[] }) => (r.failures ?? []).map((f) => `${f.property}: ${f.reason}`).join("\n");

describe("a pipe create's check", () => {
  it("passes a free name with one read of the pipe list", async () => {
    const r = await pipe.check({}, pipeInputs("gate-free"));
    expect(r.failures).toEqual([]);
    expect(emulator.control.stats().byRoute).toEqual({ "GET /v1/organizations/{organizationId}/services/{serviceId}/pipes": 1 });
  });

  it("refuses a name held by a pipe that is not this resource's: it differs in a field fixed at creation", async () => {
    const checked = await pipe.check({}, pipeInputs("gate-taken"));
    // Older than any create in flight: only such a holder is offered for adoption.
    const { id } = await anHourAgo(() => pipe.create(checked.inputs!));
    emulator.control.resetStats();
    const r = await pipe.check({}, pipeInputs("gate-taken", { destination: { ...checked.inputs!.destination, table: "other_table" } }));
    const text = reasons(r);
    expect(text).toMatch(new RegExp(`^name: the name "gate-taken" is taken by pipe ${id}`));
    expect(text).toContain(`destination.table: live ${JSON.stringify(checked.inputs!.destination.table)}, program "other_table"`);
    expect(text).toContain(`adoptId: "${id}"`);
    expect(requests()).toBe(1);
  });

  it("does not refuse the name its own old pipe holds when the engine re-creates it (a resource it depends on deleted first): the engine diffed it before", async () => {
    const checked = await pipe.check({}, pipeInputs("gate-recreated"));
    const { id, outs } = await pipe.create(checked.inputs!);
    const news = pipeInputs("gate-recreated", { destination: { ...checked.inputs!.destination, table: "other_table" } });
    await pipe.diff(id, outs, news);
    emulator.control.resetStats();
    expect(reasons(await pipe.check({}, news))).toBe("");
    // The run's list (read by the first check) answers: its holder is this resource's own.
    expect(requests()).toBe(0);
  });

  it("leaves a look-alike holder to the create (`--replace` checks a resource with no old inputs while its old pipe holds the name)", async () => {
    const checked = await pipe.check({}, pipeInputs("gate-replaced"));
    const { id } = await pipe.create(checked.inputs!);
    const again = await pipe.check({}, pipeInputs("gate-replaced"));
    expect(reasons(again)).toBe("");
    // Without a delete first, the create's own list refuses it: nothing is posted.
    emulator.control.resetStats();
    await expect(pipe.create(again.inputs!)).rejects.toThrow(new RegExp(`the name "gate-replaced" is taken by pipe ${id}`));
    expect(emulator.control.stats().byRoute["POST /v1/organizations/{organizationId}/services/{serviceId}/pipes"]).toBeUndefined();
  });

  it("fails on a wrong key, naming the credential settings once", async () => {
    configureWith({ ...good, keySecret: "wrong-secret-4242" });
    const r = await pipe.check({}, pipeInputs("gate-key"));
    const text = reasons(r);
    expect(text).toMatch(/401/);
    expect(text.split("pipestack:keySecret").length - 1).toBe(1);
    expect(text).not.toContain("wrong-secret-4242");
    expect(requests()).toBe(1);
  });

  it("fails on a missing keyId at the same point as a missing serviceId, before any request", async () => {
    configureWith({ ...good, keyId: "" });
    expect(reasons(await pipe.check({}, pipeInputs("gate-nokey")))).toMatch(/pipestack:keyId is not set/);
    configureWith({ ...good, serviceId: "" });
    expect(reasons(await pipe.check({}, pipeInputs("gate-nosvc", { serviceId: undefined })))).toMatch(/serviceId: is not set/);
    expect(requests()).toBe(0);
  });

  it("fails on a wrong apiUrl, naming it", async () => {
    configureWith({ ...good, apiUrl: `${emulator.url}/wrong-prefix` });
    expect(reasons(await pipe.check({}, pipeInputs("gate-url")))).toMatch(/pipestack:apiUrl \(or the connection's apiUrl\) is probably wrong/);
  });

  it("sends nothing while the service or the connection is unknown, for an adoption, or for an existing pipe", async () => {
    expect((await pipe.check({}, pipeInputs("x", { serviceId: UNKNOWN }))).failures).toEqual([]);
    expect((await pipe.check({}, pipeInputs("gate-conn", { connection: UNKNOWN }))).failures).toEqual([]);
    expect((await pipe.check({}, pipeInputs("gate-adopt", { adoptId: "00000000-0000-4000-8000-00000000beef" }))).failures).toEqual([]);
    expect(requests()).toBe(0);
    const checked = await pipe.check({}, pipeInputs("gate-noop"));
    const { id, outs } = await pipe.create(checked.inputs!);
    emulator.control.resetStats();
    // A no-op preview: check with the old inputs, then diff.
    const again = await pipe.check(checked.inputs!, pipeInputs("gate-noop"));
    expect(again.failures).toEqual([]);
    expect((await pipe.diff(id, outs, again.inputs!)).changes).toBe(false);
    expect(requests()).toBe(0);
  });
});

/**
 * Every registered kind's create gate: the inputs of a stack kind whose gate reads one collection
 * (the table's case), or the name of the case that tests its gate. A kind the registry gains fails
 * to compile until it has one.
 */
/**
 * Inputs of a stack kind, and the requests its checks send: the good one's, then the four's (a
 * kind only current servers have asks, on a 404, which generation answers and whether the server
 * answers a route every generation has, so that a wrong stackUrl is not taken for an old server).
 */
interface GateRow {
  inputs: () => Obj;
  good: number;
  all: number;
}

const GATED: Record<ResourceTypeName, string | GateRow> = {
  Pipe: "a pipe create's check",
  ReversePrivateEndpoint: "a reverse private endpoint: one read of the list",
  StackDashboard: { inputs: () => dashboardInputs(), good: 1, all: 3 },
  StackConnection: {
    inputs: () => ({ name: "gated", host: "https://db.example.com:8443", username: "reader", password: "gated-password" }),
    good: 1,
    all: 5,
  },
  StackSource: {
    inputs: () => ({
      name: "gated",
      kind: "log",
      connectionId: storedStack(emulator, "server").sources[0].connection,
      from: { databaseName: "otel", tableName: "otel_logs" },
      timestampValueExpression: "TimestampTime",
      defaultTableSelectExpression: "Timestamp, Body",
    }),
    good: 1,
    all: 5,
  },
  StackSavedSearch: "stack-saved-search.test.ts",
  StackWebhook: "stack-webhook.test.ts",
  StackAlert: "stack-alert.test.ts",
};

describe("stack and endpoint creates' checks", () => {
  const onServer = (over: Record<string, string> = {}) => configureWith({ ...good, stackUrl: emulator.url, stackToken: STACK_TOKEN, ...over });
  const rows = (Object.entries(GATED) as [ResourceTypeName, string | GateRow][]).filter((e): e is [ResourceTypeName, GateRow] => typeof e[1] !== "string");

  it.each(rows)("%s: one read of its collection; a wrong stackUrl or token names the setting once", async (type, { inputs, good, all }) => {
    const engine = engineOf(type);
    forgetGenerations();
    onServer();
    expect((await engine.check({}, inputs())).failures).toEqual([]);
    expect(requests()).toBe(good);
    onServer({ stackUrl: `${emulator.url}/wrong-prefix` });
    const url = reasons(await engine.check({}, inputs()));
    expect(url.split("pipestack:stackUrl").length - 1).toBe(1);
    onServer({ stackToken: "expired-token-77" });
    const token = reasons(await engine.check({}, inputs()));
    expect(token.split("pipestack:stackToken").length - 1).toBe(1);
    expect(token).not.toContain("expired-token-77");
    onServer({ stackToken: "" });
    expect(reasons(await engine.check({}, inputs()))).toMatch(/pipestack:stackToken is not set/);
    expect(requests()).toBe(all);
  });

  it("a reverse private endpoint: one read of the list; a wrong key names the credential settings", async () => {
    const inputs = endpointInputs({ organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId });
    expect((await endpoint.check({}, inputs)).failures).toEqual([]);
    configureWith({ ...good, keySecret: "wrong-secret-5151" });
    expect(reasons(await endpoint.check({}, inputs))).toMatch(/pipestack:keyId and pipestack:keySecret/);
    expect(requests()).toBe(2);
    expect((await endpoint.check(inputs, inputs)).failures).toEqual([]);
    expect(requests()).toBe(2);
  });
});

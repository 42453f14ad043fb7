/**
 * StackConnection and StackSource against the emulator of the current server (2.36.0), on the
 * stack server target, through their engines: a password rotation is one PUT of the connection
 * and the server holds the new one; a source made by a program and one made by hand are both
 * listed by getStackSources; a trace source with `linkBack` sets the log source's link, an update
 * of the log source keeps it, and deleting the trace source takes it off; a first-generation
 * server refuses both kinds before any write.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { getStackSources } from "../../provider/functions/list-functions";
import { startTestEmulator } from "../support/emulator";
import { engineOf } from "../support/engines";
import { useEnv } from "../support/program-functions";
import { rawJson } from "../support/raw-api";
import { configFor, useTarget } from "../support/stack-targets";
import { storedStack } from "../support/stored";

type Obj = Record<string, any>;
const connectionEngine = engineOf("StackConnection");
const sourceEngine = engineOf("StackSource");

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startTestEmulator({ stackApiVersion: "2.36.0" });
});
afterAll(() => emulator.close());
beforeEach(() => {
  useTarget("server", emulator, { pollIntervalMs: "20" });
  emulator.control.resetStats();
});

async function made(engine: typeof sourceEngine, spec: Obj): Promise<{ id: string; inputs: Obj; outs: Obj }> {
  const checked = await engine.check({}, spec);
  expect(checked.failures ?? []).toEqual([]);
  const { id, outs } = await engine.create(checked.inputs!);
  return { id, inputs: checked.inputs!, outs };
}

const logSpec = (connectionId: string, name: string): Obj => ({
  name,
  kind: "log",
  connectionId,
  from: { databaseName: "otel", tableName: "otel_logs" },
  timestampValueExpression: "TimestampTime",
  defaultTableSelectExpression: "Timestamp, Body",
});
const traceSpec = (connectionId: string, logSourceId: string): Obj => ({
  name: "traces",
  kind: "trace",
  connectionId,
  from: { databaseName: "otel", tableName: "otel_traces" },
  timestampValueExpression: "Timestamp",
  defaultTableSelectExpression: "Timestamp, SpanName",
  durationExpression: "Duration",
  traceIdExpression: "TraceId",
  spanIdExpression: "SpanId",
  parentSpanIdExpression: "ParentSpanId",
  spanNameExpression: "SpanName",
  spanKindExpression: "SpanKind",
  logSourceId,
  linkBack: true,
});
const storedSource = (id: string) => storedStack(emulator, "server").sources.find((s) => s.id === id)!;

describe("StackConnection", () => {
  it("rotating the password is one PUT of the connection, the server then holds the new one and the outputs neither", async () => {
    const db = await made(connectionEngine, { name: "rotated", host: "https://db.example.com:8443", username: "reader", password: "first-pass-1" });
    expect(emulator.control.connectionPasswordIs(db.id, "first-pass-1")).toBe(true);
    const news = (await connectionEngine.check(db.inputs, { ...db.inputs, password: "second-pass-2" })).inputs!;
    const diff = await connectionEngine.diff(db.id, db.outs, news);
    expect(diff.changes).toBe(true);
    expect(diff.replaces ?? []).toEqual([]);
    emulator.control.resetStats();
    const updated = await connectionEngine.update(db.id, db.outs, news);
    expect(emulator.control.stats().byRoute).toEqual({ "PUT /api/v2/connections/{id}": 1 });
    expect(emulator.control.connectionPasswordIs(db.id, "second-pass-2")).toBe(true);
    expect(JSON.stringify(updated.outs)).not.toContain("second-pass-2");
    expect(JSON.stringify(db.outs)).not.toContain("first-pass-1");
  });
});

describe("StackSource", () => {
  it("getStackSources lists a source made by a program and one made by hand alike", async () => {
    const connection = storedStack(emulator, "server").sources[0].connection as string;
    const coded = await made(sourceEngine, logSpec(connection, "made by code"));
    const byHand = await rawJson(emulator, "stack-server", "POST", "/sources", { ...logSpec(connection, "made by hand"), connectionId: undefined, connection });
    useEnv(configFor("server", emulator));
    const listed = (await getStackSources()).map((s) => s.id);
    expect(listed).toEqual(expect.arrayContaining([coded.id, byHand.id]));
  });

  it("linkBack sets the log source's link to the trace source, an update of the log source keeps it, a delete takes it off", async () => {
    const connection = storedStack(emulator, "server").sources[0].connection as string;
    const logs = await made(sourceEngine, logSpec(connection, "linked logs"));
    const traces = await made(sourceEngine, traceSpec(connection, logs.id));
    expect(storedSource(logs.id).traceSourceId).toBe(traces.id);
    // The log source's program never names the trace source: an update keeps the link the server holds.
    const news = (await sourceEngine.check(logs.inputs, { ...logs.inputs, bodyExpression: "Body" })).inputs!;
    const diff = await sourceEngine.diff(logs.id, logs.outs, news);
    expect(diff.replaces ?? []).toEqual([]);
    await sourceEngine.update(logs.id, logs.outs, news);
    expect(storedSource(logs.id)).toMatchObject({ bodyExpression: "Body", traceSourceId: traces.id });
    await sourceEngine.delete(traces.id, traces.outs);
    expect(storedSource(logs.id).traceSourceId).toBeUndefined();
  });

  it("a log source without its select expression is refused at check, naming the field, with no request", async () => {
    const { defaultTableSelectExpression: _, ...spec } = logSpec("65f0c0de0000000000000001", "no select");
    const checked = await sourceEngine.check({}, spec);
    expect(checked.failures).toContainEqual({ property: "defaultTableSelectExpression", reason: "is required for a log source" });
    expect(emulator.control.stats().requests).toBe(0);
  });
});

describe("on a first-generation server", () => {
  let first: Emulator;
  beforeAll(async () => {
    first = await startTestEmulator({ stackApiVersion: "2.0.0" });
  });
  afterAll(() => first.close());

  it.each([
    ["StackConnection", { name: "c", host: "https://db.example.com:8443", username: "reader", password: "first-gen-pass" }, "connections"],
    ["StackSource", logSpec("65f0c0de0000000000000001", "first"), "source writes"],
  ] as const)("%s is refused, saying the generation has none, before any write", async (type, spec, plural) => {
    useTarget("server", first, { pollIntervalMs: "20" });
    const engine = engineOf(type);
    const checked = await engine.check({}, spec);
    const failed = [...(checked.failures ?? []).map((f) => f.reason)];
    if (failed.length === 0)
      failed.push(
        await engine.create(checked.inputs!).then(
          () => "created",
          (e: Error) => e.message,
        ),
      );
    expect(failed.join("\n")).toContain(`first generation of the stack API, which has no ${plural}`);
    expect(Object.keys(first.control.stats().byRoute).filter((r) => r.startsWith("POST") || r.startsWith("PUT"))).toEqual([]);
  });
});

/**
 * Connections and sources as the open-source stack server (API 2.36.0) answers them, through
 * both ways in: every route, the validation messages, the password never answered (nor in the
 * control dump) and kept when an update leaves it out, the setting prefix cleared by an empty
 * one, a source naming an unknown connection refused, a connection in use deleted (its sources
 * keep the id), what the store fills in on read, PUT as a whole replace. Truth: the server's
 * connections and sources routers, their controllers and tests, and its source schemas.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { externalGranularity, internalGranularity } from "../../emulator/stack/sources";
import { control } from "../support/control-api";
import { startTestEmulator } from "../support/emulator";
import { stackSurfaces, type StackAnswer } from "../support/stack-surfaces";

const NO_SUCH = "000000000000000000000000";
const SECRET = "s3cret-connection-pw";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ stackApiVersion: "2.36.0" });
});
afterAll(() => emulator.close());

/** The refusal's message: `{message}` (or the plain text) on `/api/v2`, `CODE: message` through the proxy. */
function expectRefused(answer: StackAnswer, status: number, message: string): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.error.replace(/^[A-Z_]+: /, "")).toBe(message);
}

const passwordIs = async (id: string, password: string): Promise<boolean> =>
  (await control(emulator, "POST", `/connections/${id}/password`, { password })).json.matches as boolean;

const logSource = (connection: string, extra: Record<string, unknown> = {}) => ({
  name: "app logs",
  kind: "log",
  connection,
  from: { databaseName: "default", tableName: "app_logs" },
  timestampValueExpression: "Timestamp",
  defaultTableSelectExpression: "Timestamp, Body",
  ...extra,
});

describe("granularities", () => {
  it.each([
    ["5m", "5 minute"],
    ["30s", "30 second"],
    ["1h", "1 hour"],
    ["2d", "2 day"],
    ["5 minute", "5 minute"],
    ["5 minutes", "5 minutes"],
  ])("%s reads as %s", (short, long) => expect(internalGranularity(short)).toBe(long));
  it.each([
    ["5 minute", "5m"],
    ["1 day", "1d"],
    ["5m", "5m"],
  ])("%s answers as %s", (long, short) => expect(externalGranularity(long)).toBe(short));
});

describe.each(stackSurfaces(() => emulator))("connections through $label", ({ call, label }) => {
  const stack = () => {
    const state = emulator.control.state() as Record<string, any>;
    return label === "api/v2" ? state.stack : state.services[emulator.options.serviceId].stack;
  };

  it("creates, reads, lists, updates and deletes a connection, never answering its password", async () => {
    const made = await call("POST", "/connections", { name: "warehouse", host: "https://db.example.test:8443", username: "reader", password: SECRET });
    expect(made.status, made.text).toBe(200);
    const id = made.data.id as string;
    expect(made.data).toEqual({ id, name: "warehouse", host: "https://db.example.test:8443", username: "reader", createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect(Object.keys(made.data)).toEqual(["id", "name", "host", "username", "createdAt", "updatedAt"]);
    expect(await passwordIs(id, SECRET)).toBe(true);

    const one = await call("GET", `/connections/${id}`);
    expect(one.data).toEqual(made.data);
    const list = await call("GET", "/connections");
    expect(list.data.map((c: { id: string }) => c.id)).toContain(id);
    expect(list.json.meta).toBeUndefined();

    const updated = await call("PUT", `/connections/${id}`, { name: "warehouse-2", host: "https://db2.example.test", username: "writer", hyperdxSettingPrefix: "team_a", isPrometheusEndpoint: false });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.data).toMatchObject({ id, name: "warehouse-2", host: "https://db2.example.test", username: "writer", hyperdxSettingPrefix: "team_a", isPrometheusEndpoint: false });
    expect(await passwordIs(id, SECRET)).toBe(true); // left out: kept

    for (const text of [made.text, one.text, list.text, updated.text, JSON.stringify(emulator.control.state())]) expect(text).not.toContain(SECRET);
    expect(stack().connections.find((c: { id: string }) => c.id === id)).not.toHaveProperty("password");

    const deleted = await call("DELETE", `/connections/${id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.data).toBeUndefined();
    expect((await call("GET", `/connections/${id}`)).status).toBe(404);
  });

  it("keeps the password when an update sends it empty, replaces it when one is sent, and stores none as empty", async () => {
    const id = (await call("POST", "/connections", { name: "p", host: "h", username: "u", password: SECRET })).data.id as string;
    await call("PUT", `/connections/${id}`, { name: "p", host: "h", username: "u", password: "" });
    expect(await passwordIs(id, SECRET)).toBe(true);
    await call("PUT", `/connections/${id}`, { name: "p", host: "h", username: "u", password: "rotated" });
    expect(await passwordIs(id, "rotated")).toBe(true);
    expect(await passwordIs(id, SECRET)).toBe(false);
    const none = (await call("POST", "/connections", { name: "n", host: "h", username: "u" })).data.id as string;
    expect(await passwordIs(none, "")).toBe(true);
  });

  it("clears the setting prefix on an empty or null one, keeps it when left out, and keeps the endpoint switch when left out", async () => {
    const id = (await call("POST", "/connections", { name: "x", host: "h", username: "u", hyperdxSettingPrefix: "pre_1", isPrometheusEndpoint: true })).data.id as string;
    const kept = await call("PUT", `/connections/${id}`, { name: "x", host: "h", username: "u" });
    expect(kept.data).toMatchObject({ hyperdxSettingPrefix: "pre_1", isPrometheusEndpoint: true });
    for (const cleared of ["", null]) {
      await call("PUT", `/connections/${id}`, { name: "x", host: "h", username: "u", hyperdxSettingPrefix: "again" });
      const answer = await call("PUT", `/connections/${id}`, { name: "x", host: "h", username: "u", hyperdxSettingPrefix: cleared });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.data).not.toHaveProperty("hyperdxSettingPrefix");
    }
  });

  it("refuses a body without the required fields, a bad prefix, an empty prefix on create, and a bad id, in the server's words", async () => {
    expectRefused(
      await call("POST", "/connections", { name: "Missing host and username" }),
      400,
      "Body validation failed: host: Required; username: Required",
    );
    expectRefused(await call("POST", "/connections", { name: "x", host: "h", username: "u", hyperdxSettingPrefix: "has space" }), 400, "Body validation failed: hyperdxSettingPrefix: Invalid");
    expectRefused(await call("POST", "/connections", { name: "x", host: "h", username: "u", hyperdxSettingPrefix: "" }), 400, "Body validation failed: hyperdxSettingPrefix: Invalid");
    expectRefused(await call("POST", "/connections", { name: "x", host: "h", username: 7 }), 400, "Body validation failed: username: Expected string, received number");
    expectRefused(await call("GET", "/connections/not-an-id"), 400, "Params validation failed: id: Invalid ObjectId");
    expectRefused(await call("PUT", `/connections/${NO_SUCH}`, { name: "Missing host" }), 400, "Body validation failed: host: Required; username: Required");
  });

  it("answers an unknown connection with the server's plain 404", async () => {
    for (const [method, body] of [["GET"], ["PUT", { name: "x", host: "h", username: "u" }], ["DELETE"]] as const) {
      const answer = await call(method, `/connections/${NO_SUCH}`, body);
      expect(answer.status, `${method} ${answer.text}`).toBe(404);
      if (label === "api/v2") expect(answer.text).toBe("Not Found");
    }
  });

  it("deletes a connection still named by a source: the source keeps the dangling id", async () => {
    const connection = (await call("POST", "/connections", { name: "in use", host: "h", username: "u" })).data.id as string;
    const source = (await call("POST", "/sources", logSource(connection))).data.id as string;
    expect((await call("DELETE", `/connections/${connection}`)).status).toBe(200);
    const read = await call("GET", `/sources/${source}`);
    expect(read.status).toBe(200);
    expect(read.data.connection).toBe(connection);
  });
});

describe.each(stackSurfaces(() => emulator))("sources through $label", ({ call, label }) => {
  let connection: string;
  beforeAll(async () => {
    connection = (await call("POST", "/connections", { name: "for sources", host: "h", username: "u" })).data.id as string;
  });

  it("creates a log source, answering what the store fills in, in the server's key order", async () => {
    // The server drops an `id` in the body; the proxy refuses one (its gateway rule, tested elsewhere).
    const made = await call("POST", "/sources", logSource(connection, { ...(label === "api/v2" ? { id: NO_SUCH.replace(/0$/, "1") } : {}), unknownField: 1 }));
    expect(made.status, made.text).toBe(200);
    expect(made.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: "app logs",
      kind: "log",
      connection,
      from: { databaseName: "default", tableName: "app_logs" },
      disabled: false,
      querySettings: [],
      timestampValueExpression: "Timestamp",
      defaultTableSelectExpression: "Timestamp, Body",
      highlightedTraceAttributeExpressions: [],
      highlightedRowAttributeExpressions: [],
      materializedViews: [],
    });
    expect(made.data.id).not.toBe(NO_SUCH.replace(/0$/, "1"));
    expect(Object.keys(made.data).slice(0, 8)).toEqual(["id", "name", "kind", "connection", "from", "disabled", "querySettings", "timestampValueExpression"]);
    expect((await call("GET", `/sources/${made.data.id}`)).data).toEqual(made.data);
    expect((await call("GET", "/sources")).data.map((s: { id: string }) => s.id)).toContain(made.data.id);
  });

  it("takes every kind with its required fields, and trace's default precision", async () => {
    const from = { databaseName: "default", tableName: "t" };
    const bodies = [
      {
        kind: "trace",
        defaultTableSelectExpression: "Timestamp",
        durationExpression: "Duration",
        traceIdExpression: "TraceId",
        spanIdExpression: "SpanId",
        parentSpanIdExpression: "ParentSpanId",
        spanNameExpression: "SpanName",
        spanKindExpression: "SpanKind",
      },
      { kind: "session", traceSourceId: NO_SUCH },
      { kind: "metric", from: { databaseName: "default", tableName: "" }, metricTables: { gauge: "otel_metrics_gauge" }, resourceAttributesExpression: "ResourceAttributes" },
      { kind: "promql" },
    ];
    for (const body of bodies) {
      const answer = await call("POST", "/sources", { name: body.kind, connection, from, timestampValueExpression: "Timestamp", ...body });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.data).toMatchObject({ ...body, disabled: false, querySettings: [] });
      if (body.kind === "trace") expect(answer.data.durationPrecision).toBe(3);
      if (body.kind !== "trace") expect(answer.data).not.toHaveProperty("materializedViews");
    }
  });

  it("reads short granularities in and answers them short", async () => {
    const view = { databaseName: "default", tableName: "mv", dimensionColumns: "a", minGranularity: "5m", timestampColumn: "t", aggregatedColumns: [{ aggFn: "count", mvColumn: "c" }] };
    const answer = await call(
      "POST",
      "/sources",
      logSource(connection, { materializedViews: [view], metadataMaterializedViews: { kvRollupTable: "kv", granularity: "15 minute" } }),
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.data.materializedViews[0].minGranularity).toBe("5m");
    expect(answer.data.metadataMaterializedViews.granularity).toBe("15m");
    expectRefused(
      await call("POST", "/sources", logSource(connection, { metadataMaterializedViews: { kvRollupTable: "kv", granularity: "15 minutes" } })),
      400,
      "Body validation failed: metadataMaterializedViews.granularity: Invalid",
    );
  });

  it("refuses what each kind requires, in the server's words", async () => {
    expectRefused(
      await call("POST", "/sources", { ...logSource(connection), defaultTableSelectExpression: undefined }),
      400,
      "Body validation failed: defaultTableSelectExpression: Required",
    );
    expectRefused(
      await call("POST", "/sources", logSource(connection, { defaultTableSelectExpression: "", timestampValueExpression: "", from: { databaseName: "", tableName: "" }, name: "" })),
      400,
      "Body validation failed: name: Name is required; from.databaseName: Database is required; from.tableName: Table is required; timestampValueExpression: Timestamp Column is required; defaultTableSelectExpression: Default Select Expression is required",
    );
    expectRefused(
      await call("POST", "/sources", logSource(connection, { kind: "events" })),
      400,
      "Body validation failed: kind: Invalid discriminator value. Expected 'log' | 'trace' | 'session' | 'metric' | 'promql'",
    );
    expectRefused(
      await call("POST", "/sources", { name: "s", kind: "session", connection, from: { databaseName: "d", tableName: "t" }, timestampValueExpression: "T" }),
      400,
      "Body validation failed: traceSourceId: Correlated Trace Source is required",
    );
    expectRefused(
      await call("POST", "/sources", { name: "m", kind: "metric", connection, from: { databaseName: "d", tableName: "" }, timestampValueExpression: "T", metricTables: {}, resourceAttributesExpression: "R" }),
      400,
      "Body validation failed: metricTables: At least one metric table must be specified",
    );
    expectRefused(await call("POST", "/sources", logSource("")), 400, "Body validation failed: connection: Server Connection is required");
  });

  it("refuses a connection that is not an id or not the stack's, after the schema", async () => {
    expectRefused(await call("POST", "/sources", logSource("not-an-id")), 400, "connection must be a valid connection id");
    expectRefused(await call("POST", "/sources", logSource(NO_SUCH)), 400, "connection must be an existing connection id");
    const id = (await call("POST", "/sources", logSource(connection))).data.id as string;
    expectRefused(await call("PUT", `/sources/${id}`, logSource(NO_SUCH)), 400, "connection must be an existing connection id");
    // The connection is checked before the source is looked up.
    expectRefused(await call("PUT", `/sources/${NO_SUCH}`, logSource(NO_SUCH)), 400, "connection must be an existing connection id");
  });

  it("replaces a source whole on PUT, its kind too, and ignores an id in the body", async () => {
    const id = (await call("POST", "/sources", logSource(connection, { serviceNameExpression: "ServiceName", disabled: true }))).data.id as string;
    const other = label === "api/v2" ? { id: NO_SUCH } : {};
    const replaced = await call("PUT", `/sources/${id}`, { ...other, name: "now promql", kind: "promql", connection, from: { databaseName: "d", tableName: "t" }, timestampValueExpression: "T" });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.data).toEqual({ id, name: "now promql", kind: "promql", connection, from: { databaseName: "d", tableName: "t" }, disabled: false, querySettings: [], timestampValueExpression: "T" });
    expect((await call("GET", `/sources/${id}`)).data).toEqual(replaced.data);
  });

  it("answers an unknown source with the server's 404 and a bad id with its 400, and deletes", async () => {
    for (const [method, body] of [["GET"], ["PUT", logSource(connection)], ["DELETE"]] as const) {
      expectRefused(await call(method, `/sources/${NO_SUCH}`, body), 404, "Source not found");
      expectRefused(await call(method, "/sources/nope", body), 400, "Params validation failed: id: Invalid ObjectId");
    }
    const id = (await call("POST", "/sources", logSource(connection))).data.id as string;
    const deleted = await call("DELETE", `/sources/${id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expectRefused(await call("GET", `/sources/${id}`), 404, "Source not found");
  });

  it("keeps the seeded sources", async () => {
    const kinds = (await call("GET", "/sources")).data.map((s: { kind: string }) => s.kind);
    expect(kinds).toEqual(expect.arrayContaining(["log", "trace", "metric", "session"]));
  });
});

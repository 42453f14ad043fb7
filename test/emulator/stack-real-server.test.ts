/**
 * Answers of `/api/v2` that a real stack server (API 2.36.0) gave differently, measured side by
 * side (stack notes: "Measured against a real server"): a malformed body, the webhook list, the
 * connections, the full source shape, and seeded ids that stay the same on every start.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { SEEDED_WEBHOOK_ID } from "../../emulator/stack/store";
import { apiV2, cloud } from "../support/raw-api";
import { startTestEmulator } from "../support/emulator";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ stackApiVersion: "2.36.0" });
});
afterAll(() => emulator.close());

const call = (method: string, path: string, body?: unknown) => apiV2(emulator).call(method, path, body);

describe("the open-source surface answers as the real server does", () => {
  it.each(["2.36.0", "2.0.0"] as const)("a malformed JSON body on %s: 400 {message: 'Invalid JSON payload'}", async (version) => {
    const other = version === "2.36.0" ? emulator : await startTestEmulator({ stackApiVersion: version });
    try {
      for (const [method, path] of [
        ["POST", "/dashboards"],
        ["PUT", "/alerts/65f0c0de0000000000000001"],
      ]) {
        const answer = await apiV2(other).call(method, path, "{not json");
        expect([answer.status, answer.headers.get("content-type"), answer.text], `${method} ${path}`).toEqual([
          400,
          expect.stringMatching(/^application\/json/),
          JSON.stringify({ message: "Invalid JSON payload" }),
        ]);
      }
    } finally {
      if (other !== emulator) await other.close();
    }
  });

  it("lists webhooks as `{data}` without `meta`, the total in X-Total-Count", async () => {
    const answer = await call("GET", "/webhooks");
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json)).toEqual(["data"]);
    expect(answer.json.data.map((w: { id: string; name: string }) => [w.id, w.name])).toEqual([[SEEDED_WEBHOOK_ID, "on-call"]]);
    expect(answer.headers.get("x-total-count")).toBe("1");
  });

  it("lists connections (200, no password), each source names one; one by id, an unknown one a plain-text 404", async () => {
    const answer = await call("GET", "/connections");
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json)).toEqual(["data"]);
    const [connection] = answer.json.data;
    expect(answer.json.data).toHaveLength(1);
    expect(Object.keys(connection).sort()).toEqual(["createdAt", "host", "id", "name", "updatedAt", "username"]);
    const sources = (await call("GET", "/sources")).json.data as Array<{ connection: string }>;
    expect(new Set(sources.map((s) => s.connection))).toEqual(new Set([connection.id]));
    expect((await call("GET", `/connections/${connection.id}`)).json).toEqual({ data: connection });
    const missing = await call("GET", "/connections/65f0c0de00000000000000ff");
    expect([missing.status, missing.text, missing.headers.get("content-type")]).toEqual([404, "Not Found", expect.stringMatching(/^text\/plain/)]);
  });

  it("answers sources in the server's full shape, kind by kind", async () => {
    const sources = (await call("GET", "/sources")).json.data as Array<Record<string, unknown>>;
    const byKind = Object.fromEntries(sources.map((s) => [s.kind, s]));
    const common = ["connection", "disabled", "from", "id", "kind", "name", "querySettings", "timestampValueExpression"];
    expect(Object.keys(byKind).sort()).toEqual(["log", "metric", "trace"]);
    for (const source of sources) expect(Object.keys(source)).toEqual(expect.arrayContaining(common));
    expect(byKind.log).toMatchObject({ from: { databaseName: "default", tableName: "otel_logs" }, defaultTableSelectExpression: expect.any(String) });
    expect(byKind.trace).toMatchObject({ durationExpression: "Duration", spanNameExpression: "SpanName", parentSpanIdExpression: "ParentSpanId" });
    expect(byKind.metric).toMatchObject({
      metricTables: expect.objectContaining({ gauge: expect.any(String) }),
      resourceAttributesExpression: expect.any(String),
    });
    expect((await call("GET", `/sources/${byKind.trace.id}`)).json.data).toEqual(byKind.trace);
  });

  it("seeds the same ids on every start (sources, connection), per stack", async () => {
    const ids = async (e: Emulator) => ({
      server: (await apiV2(e).call("GET", "/sources")).json.data.map((s: { id: string; connection: string }) => [s.id, s.connection]),
      service: (await cloud(e).call("GET", "/stack/sources")).json.result.map((s: { id: string }) => s.id),
    });
    const first = await ids(emulator);
    const again = await startTestEmulator({ stackApiVersion: "2.36.0" });
    try {
      expect(await ids(again)).toEqual(first);
    } finally {
      await again.close();
    }
    expect(first.server.map(([id]: string[]) => id)).not.toEqual(first.service);
    for (const [id] of first.server) expect(id).toMatch(/^[0-9a-f]{24}$/);
  });
});

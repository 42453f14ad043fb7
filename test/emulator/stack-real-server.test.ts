/**
 * Answers of `/api/v2` that a real stack server (API 2.36.0) gave differently, measured side by
 * side (stack notes: "Measured against a real server"): a malformed body, the webhook list, the
 * connections, the full source shape, seeded ids that stay the same on every start, the bearer
 * scheme's spelling, a body's content type, and the key's, team's and validation routes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { SEEDED_WEBHOOK_ID, TEAM_ID } from "../../emulator/stack/store";
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

  it("lists webhooks as `{data, meta}` (as since API 2.30.0), the total also in X-Total-Count; `limit` pages", async () => {
    const answer = await call("GET", "/webhooks");
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json)).toEqual(["data", "meta"]);
    expect(answer.json.data.map((w: { id: string; name: string }) => [w.id, w.name])).toEqual([[SEEDED_WEBHOOK_ID, "on-call"]]);
    expect(answer.json.meta).toEqual({ total: 1, limit: 1000, offset: 0 });
    expect(answer.headers.get("x-total-count")).toBe("1");
    const second = await call("POST", "/webhooks", { name: "second", service: "generic", url: "https://hooks.example.test/second" });
    try {
      const page = await call("GET", "/webhooks?limit=1");
      expect([page.json.data.length, page.json.meta]).toEqual([1, { total: 2, limit: 1, offset: 0 }]);
      expect((await call("GET", "/webhooks?limit=1&offset=1")).json.data[0].id).toBe(second.json.data.id);
    } finally {
      await call("DELETE", `/webhooks/${second.json.data.id}`);
    }
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

  it("answers sources in the server's full shape, kind by kind, keys in its schema's order", async () => {
    const sources = (await call("GET", "/sources")).json.data as Array<Record<string, unknown>>;
    const byKind = Object.fromEntries(sources.map((s) => [s.kind, s]));
    const common = ["id", "name", "kind", "connection", "from", "disabled", "querySettings", "timestampValueExpression"];
    expect(sources.map((s) => s.kind)).toEqual(["log", "trace", "metric", "session"]);
    for (const source of sources) expect(Object.keys(source).slice(0, common.length)).toEqual(common);
    const id = (kind: string) => byKind[kind].id;
    // What the server's store fills in on log and trace sources, and its rollup tables in the short granularity form.
    const filled = (table: string) => ({
      highlightedTraceAttributeExpressions: [],
      highlightedRowAttributeExpressions: [],
      materializedViews: [],
      metadataMaterializedViews: { keyRollupTable: `${table}_key_rollup_15m`, kvRollupTable: `${table}_kv_rollup_15m`, granularity: "15m" },
    });
    expect(byKind.log).toMatchObject({
      from: { databaseName: "default", tableName: "otel_logs" },
      defaultTableSelectExpression: expect.any(String),
      metricSourceId: id("metric"),
      traceSourceId: id("trace"),
      ...filled("otel_logs"),
    });
    expect(byKind.trace).toMatchObject({
      durationExpression: "Duration",
      spanNameExpression: "SpanName",
      parentSpanIdExpression: "ParentSpanId",
      logSourceId: id("log"),
      sessionSourceId: id("session"),
      metricSourceId: id("metric"),
      ...filled("otel_traces"),
    });
    expect(byKind.metric).toMatchObject({
      metricTables: expect.objectContaining({ gauge: expect.any(String) }),
      resourceAttributesExpression: expect.any(String),
      logSourceId: id("log"),
    });
    expect(Object.keys(byKind.session).slice(common.length)).toEqual(["traceSourceId", "resourceAttributesExpression"]);
    expect(byKind.session.traceSourceId).toBe(id("trace"));
    // Fields the server's default sources do not set.
    expect(byKind.trace).not.toHaveProperty("spanEventsValueExpression");
    expect(byKind.metric).not.toHaveProperty("serviceNameExpression");
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

describe("auth, body parsing and the key's routes as the real server has them", () => {
  const raw = (path: string, init: { method?: string; authorization?: string; contentType?: string; body?: string } = {}) => {
    const headers: Record<string, string> = { authorization: init.authorization ?? `Bearer ${emulator.options.stackToken}` };
    if (init.contentType) headers["content-type"] = init.contentType;
    return fetch(`${emulator.url}/api/v2${path}`, { method: init.method ?? "GET", headers, body: init.body });
  };

  it.each([
    { scheme: "bearer <key> (lower case)", header: (t: string) => `bearer ${t}`, status: 401 },
    { scheme: "BEARER <key>", header: (t: string) => `BEARER ${t}`, status: 401 },
    { scheme: "Bearer  <key> (two spaces)", header: (t: string) => `Bearer  ${t}`, status: 401 },
    { scheme: "Bearer <key> trailing", header: (t: string) => `Bearer ${t} trailing`, status: 401 },
    { scheme: "Bearer <key>", header: (t: string) => `Bearer ${t}`, status: 200 },
  ])("$scheme: $status", async ({ header, status }) => {
    const answer = await raw("/dashboards", { authorization: header(emulator.options.stackToken) });
    expect(answer.status).toBe(status);
    if (status === 401) expect(await answer.text()).toBe("Unauthorized");
  });

  it("a JSON body sent as text/plain is a string to the server: 400, nothing created", async () => {
    const before = (await call("GET", "/dashboards")).json.data.length;
    for (const [body, path] of [
      [JSON.stringify({ name: "as-text", tiles: [] }), "/dashboards"],
      ["not even json", "/dashboards"],
      [JSON.stringify({ name: "x", service: "generic", url: "https://hooks.example.test/x" }), "/webhooks"],
    ]) {
      const answer = await raw(path, { method: "POST", contentType: "text/plain", body });
      expect([answer.status, await answer.json()], `${path} ${body}`).toEqual([400, { message: "Body validation failed: Expected object, received string" }]);
    }
    expect((await call("GET", "/dashboards")).json.data.length).toBe(before);
  });

  it("application/json is parsed strictly (a bare JSON value is invalid); a body of another type is not read", async () => {
    const strict = await raw("/dashboards", { method: "POST", contentType: "application/json; charset=utf-8", body: '"a string"' });
    expect([strict.status, await strict.json()]).toEqual([400, { message: "Invalid JSON payload" }]);
    const unread = await raw("/dashboards", {
      method: "POST",
      contentType: "application/x-www-form-urlencoded",
      body: JSON.stringify({ name: "n", tiles: [] }),
    });
    expect([unread.status, await unread.json()]).toEqual([400, { message: "Body validation failed: name: Required; tiles: Required" }]);
  });

  it("GET /api/v2 answers the key's user, bare (no `data`): version v2, its team, its key as the server echoes it", async () => {
    const answer = await call("GET", "");
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json)).toEqual(["version", "user"]);
    expect(answer.json.version).toBe("v2");
    expect(answer.json.user).toMatchObject({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), email: expect.any(String), team: TEAM_ID });
    expect(answer.json.user.accessKey).toBe(emulator.options.stackToken);
    expect((await raw("", { authorization: "Bearer wrong" })).status).toBe(401);
  });

  it("GET /team answers {data: {id, name}}", async () => {
    const answer = await call("GET", "/team");
    expect([answer.status, answer.json]).toEqual([200, { data: { id: TEAM_ID, name: expect.any(String) } }]);
    expect(Object.keys(answer.json.data)).toEqual(["id", "name"]);
  });

  it("POST /dashboards/validate checks a dashboard as a create would, answers {valid, errors, normalized} and saves nothing", async () => {
    const logs = ((await call("GET", "/sources")).json.data as Array<{ id: string; kind: string }>).find((s) => s.kind === "log")!.id;
    const before = (await call("GET", "/dashboards")).json.data.length;
    const good = {
      name: "checked",
      tiles: [{ name: "Errors", x: 0, y: 0, w: 6, h: 4, series: [{ type: "time", sourceId: logs, aggFn: "count", where: "", groupBy: [] }] }],
    };
    const valid = await call("POST", "/dashboards/validate", good);
    expect(valid.status).toBe(200);
    expect(Object.keys(valid.json)).toEqual(["valid", "errors", "normalized"]);
    expect(valid.json).toMatchObject({ valid: true, errors: [], normalized: { name: "checked", tiles: [{ name: "Errors", series: [{ sourceId: logs }] }] } });
    const schema = await call("POST", "/dashboards/validate", { tiles: [{ ...good.tiles[0], w: 0 }] });
    expect(schema.json).toEqual({
      valid: false,
      errors: expect.arrayContaining([
        { path: "name", message: "Required" },
        { path: "tiles.0.w", message: expect.stringContaining("greater than or equal to 1") },
      ]),
      normalized: null,
    });
    const unknownSource = "65f0c0de00000000000000ff";
    const reference = await call("POST", "/dashboards/validate", {
      ...good,
      tiles: [{ ...good.tiles[0], series: [{ ...good.tiles[0].series[0], sourceId: unknownSource }] }],
    });
    expect(reference.json).toEqual({
      valid: false,
      errors: [{ path: "", message: `Could not find the following source IDs: ${unknownSource}` }],
      normalized: null,
    });
    expect((await call("GET", "/dashboards")).json.data.length).toBe(before);
    // Through the cloud proxy the verdict is its `result`.
    const proxied = await cloud(emulator).call("POST", "/stack/dashboards/validate", { name: "x", tiles: [] });
    expect([proxied.status, proxied.json.result]).toEqual([200, { valid: true, errors: [], normalized: { name: "x", tiles: [] } }]);
  });

  it("the key's routes are the open-source server's alone; the first generation has the user route but neither team nor validation", async () => {
    expect((await cloud(emulator).call("GET", "/stack/team")).status).toBe(404);
    const first = await startTestEmulator({ stackApiVersion: "2.0.0" });
    try {
      expect((await apiV2(first).call("GET", "")).json.version).toBe("v2");
      for (const [method, path] of [
        ["GET", "/team"],
        ["POST", "/dashboards/validate"],
      ]) {
        expect((await apiV2(first).call(method, path, method === "POST" ? {} : undefined)).status, path).toBe(404);
      }
    } finally {
      await first.close();
    }
  });
});

import { describe, expect, expectTypeOf, it } from "vitest";
import { keptPaths } from "../../provider/engine/kept-on-server";
import { stackConnectionPolicy } from "../../provider/resources/stack-connection/policy";
import { connectionBody } from "../../provider/resources/stack-connection/body";
import { provider as sourceEngine } from "../../provider/resources/stack-source/engine";
import { KIND_FIELDS, SOURCE_KIND_FIELDS, kindFieldFailures } from "../../provider/resources/stack-source/kinds";
import { backField } from "../../provider/resources/stack-source/links";
import { sourceBody, sourceOutputs } from "../../provider/resources/stack-source/body";
import { stackSourceSpec, SOURCE_KINDS } from "../../provider/resources/stack-source/schema";
import { stackWebhookPolicy } from "../../provider/resources/stack-webhook/policy";
import type { StackSourceArgs } from "../../provider/public-types/generated";
import type { SourceRecord } from "../../provider/resources/stack-source/record";

const COMMON = ["name", "kind", "connectionId", "from", "timestampValueExpression", "section", "disabled", "querySettings", "linkBack"];
const TARGET = ["adoptId", "organizationId", "serviceId", "stackUrl"];
const ID = "65f0c0de0000000000000001";
const base = (kind: string) => ({
  kind,
  connectionId: ID,
  from: { databaseName: "otel", tableName: "t" },
  timestampValueExpression: "Timestamp",
  stackUrl: "http://127.0.0.1:1",
});

describe("the source kinds table", () => {
  it("names every field of the schema that is not every kind's, and only those", () => {
    const own = Object.keys(stackSourceSpec.shape).filter((k) => !COMMON.includes(k) && !TARGET.includes(k));
    expect([...KIND_FIELDS].sort()).toEqual(own.sort());
    expect(Object.keys(SOURCE_KIND_FIELDS).sort()).toEqual([...SOURCE_KINDS].sort());
  });

  it.each(Object.entries(SOURCE_KIND_FIELDS))("%s: each required field left out is refused with its path", (kind, fields) => {
    expect(kindFieldFailures(base(kind)).map((f) => f.property)).toEqual([...fields.required]);
    for (const f of kindFieldFailures(base(kind))) expect(f.reason).toBe(`is required for a ${kind} source`);
  });

  it.each([
    ["log", "durationExpression", "is not a field of a log source (only of trace sources)"],
    ["trace", "bodyExpression", "is not a field of a trace source (only of log sources)"],
    ["promql", "metricTables", "is not a field of a promql source (only of metric sources)"],
    ["session", "logSourceId", "is not a field of a session source (only of trace, metric sources)"],
  ])("%s: another kind's field %s is refused with its path", (kind, field, reason) => {
    const failures = kindFieldFailures({ ...base(kind), [field]: "x" });
    expect(failures).toContainEqual({ property: field, reason });
  });

  it("an empty table name is refused but for a metric source", () => {
    expect(kindFieldFailures({ ...base("promql"), from: { databaseName: "d", tableName: "" } })).toEqual([
      { property: "from.tableName", reason: "must not be empty" },
    ]);
    const metric = { ...base("metric"), from: { databaseName: "d", tableName: "" }, metricTables: { gauge: "g" }, resourceAttributesExpression: "R" };
    expect(kindFieldFailures(metric)).toEqual([]);
  });

  it("check refuses a log source without its select expression, naming the field, before any request", async () => {
    const { defaultTableSelectExpression: _, ...spec } = { ...base("log"), defaultTableSelectExpression: "Body" };
    const checked = await sourceEngine.check({} as never, spec as never);
    expect(checked.failures).toContainEqual({ property: "defaultTableSelectExpression", reason: "is required for a log source" });
  });

  it("the compiler requires each kind's required fields and refuses another kind's", () => {
    const log = {
      kind: "log" as const,
      connectionId: ID,
      from: { databaseName: "d", tableName: "t" },
      timestampValueExpression: "T",
      defaultTableSelectExpression: "B",
    };
    expectTypeOf(log).toMatchTypeOf<StackSourceArgs>();
    const { defaultTableSelectExpression: _, ...noSelect } = log;
    expectTypeOf(noSelect).not.toMatchTypeOf<StackSourceArgs>();
    expectTypeOf({ ...log, durationExpression: "D" }).not.toMatchTypeOf<StackSourceArgs>();
  });
});

describe("links between sources", () => {
  it.each([
    ["trace", "log", "traceSourceId"],
    ["log", "trace", "logSourceId"],
    ["metric", "log", "metricSourceId"],
    ["log", "metric", "logSourceId"],
    ["session", "trace", "sessionSourceId"],
    ["trace", "session", "traceSourceId"],
    ["trace", "metric", undefined],
    ["promql", "log", undefined],
  ])("a %s source linking a %s source links back by %s", (kind, linked, field) => {
    expect(backField(kind, linked)).toBe(field);
  });

  it("a link the program leaves out is sent as the server holds it; one it sets is its own", () => {
    const live = { id: ID, kind: "log", traceSourceId: "65f0c0de00000000000000aa", metricSourceId: "65f0c0de00000000000000bb" } as SourceRecord;
    const body = sourceBody({ ...base("log"), defaultTableSelectExpression: "B", metricSourceId: "65f0c0de00000000000000cc" } as never, live);
    expect(body).toMatchObject({ connection: ID, traceSourceId: "65f0c0de00000000000000aa", metricSourceId: "65f0c0de00000000000000cc" });
    expect(body).not.toHaveProperty("connectionId");
    expect(body).not.toHaveProperty("linkBack");
    expect(body).not.toHaveProperty("stackUrl");
  });
});

describe("the connection's fields", () => {
  it("the password is write-only secret by the same rule as the webhook's headers", () => {
    expect(keptPaths(stackConnectionPolicy)).toEqual(["password"]);
    // A map of the webhook also says it holds none as {}; a password is no map.
    const { noneHeld, ...headers } = stackWebhookPolicy.headers;
    expect(noneHeld).toEqual({});
    expect(stackConnectionPolicy.password).toEqual({ ...headers, secret: "password" });
  });

  it.each([
    [false, {}, { name: "n", host: "h", username: "u" }],
    [true, {}, { name: "n", host: "h", username: "u", hyperdxSettingPrefix: "", isPrometheusEndpoint: false }],
    [
      true,
      { password: "p", settingPrefix: "app", metricsEndpoint: true },
      { name: "n", host: "h", username: "u", password: "p", hyperdxSettingPrefix: "app", isPrometheusEndpoint: true },
    ],
  ])("update %s: the body under the wire names, a PUT clearing the readable fields left out, never the password", (update, extra, body) => {
    expect(connectionBody({ name: "n", host: "h", username: "u", ...extra }, update)).toEqual(body);
  });
});

describe("a metric source's tables", () => {
  const metric = { ...base("metric"), from: { databaseName: "otel", tableName: "" }, resourceAttributesExpression: "R" };
  // Input names every SDK can carry, against the server's keys (one with a space).
  it.each([
    [{ gauge: "g" }, { gauge: "g" }],
    [{ exponentialHistogram: "e" }, { "exponential histogram": "e" }],
    [
      { sum: "s", exponentialHistogram: "e" },
      { sum: "s", "exponential histogram": "e" },
    ],
  ])("%j is sent as %j and read back as written", (tables, wire) => {
    const body = sourceBody({ ...metric, metricTables: tables } as never);
    expect(body.metricTables).toEqual(wire);
    const outs = sourceOutputs({ id: ID, kind: "metric", ...body }, { ...metric, metricTables: tables } as never);
    expect((outs as { metricTables?: unknown }).metricTables).toEqual(tables);
  });
});

import { z } from "zod";
import { describe, expect, it } from "vitest";
import { credentialsWarning, importedInputs, optionalCredentials, splitCredentialFailures } from "../../provider/native/imported-inputs";
import { resourceOf } from "../../provider/native/resources";

type Obj = Record<string, any>;
const spec = (type: string) => resourceOf(`pipestack:index:${type}`)!.spec;

const kafka = { kafka: { brokers: "b:9092", topics: "t", authentication: "PLAIN", consumerGroup: "pipes-1" } };
const pipeRead = {
  id: "6f1c0000-0000-4000-8000-000000000001",
  name: "events",
  state: "Running",
  createdAt: "2026-01-01T00:00:00Z",
  source: kafka,
  destination: { database: "default", table: "t", managedTable: true, columns: [{ name: "id", type: "String" }] },
  scaling: { replicas: 1 },
  settings: {},
  serviceId: "svc",
};
const tile = {
  id: "6b0000000000000000000001",
  key: "Errors",
  name: "Errors",
  x: 0,
  y: 0,
  w: 6,
  h: 3,
  series: [{ type: "time", dataSource: "e", aggFn: "count" }],
};
const alertRead = {
  id: "6a0000000000000000000001",
  threshold: 5,
  interval: "5m",
  thresholdType: "above",
  source: "tile",
  channel: { type: "webhook", webhookId: "6a00000000000000000000a1" },
  dashboardId: "6b0000000000000000000009",
  tileId: "6b0000000000000000000001",
  dashboard: "6b0000000000000000000009",
  state: "OK",
  team: "t",
  silenced: false,
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
};

describe("importedInputs: what `pulumi import` writes, from the read", () => {
  // Each row: the kind, the read, the inputs expected (all of them), or for `partial` rows the keys checked (undefined: absent).
  it.each<[string, string, Obj, Obj, "all" | "partial"]>([
    [
      "a pipe: the server's outputs out, an empty `settings` left out",
      "Pipe",
      pipeRead,
      { name: "events", source: kafka, destination: pipeRead.destination, scaling: { replicas: 1 }, serviceId: "svc" },
      "all",
    ],
    ["a pipe with settings: kept", "Pipe", { ...pipeRead, settings: { db_max_threads: 4 } }, { settings: { db_max_threads: 4 } }, "partial"],
    ["a pipe: nulls left out", "Pipe", { ...pipeRead, fieldMappings: null, scaling: null }, { fieldMappings: undefined, scaling: undefined }, "partial"],
    [
      "a dashboard: each tile without its server id, `tileIds` out",
      "StackDashboard",
      { id: "6b0000000000000000000009", name: "board", tiles: [tile], tileIds: { Errors: tile.id }, tags: ["a"], filters: [] },
      { name: "board", tiles: [{ key: "Errors", name: "Errors", x: 0, y: 0, w: 6, h: 3, series: tile.series }], tags: ["a"], filters: [] },
      "all",
    ],
    [
      'an alert without a name: `name: ""`, the retired `dashboard` and the server\'s fields out',
      "StackAlert",
      alertRead,
      {
        name: "",
        threshold: 5,
        interval: "5m",
        thresholdType: "above",
        source: "tile",
        channel: alertRead.channel,
        dashboardId: alertRead.dashboardId,
        tileId: alertRead.tileId,
      },
      "all",
    ],
    ["an alert with a name: kept", "StackAlert", { ...alertRead, name: "errors" }, { name: "errors" }, "partial"],
    [
      'a saved search: the server\'s defaults kept (`""` is a value), its team and times out',
      "StackSavedSearch",
      {
        id: "6c0000000000000000000001",
        name: "errors",
        select: "",
        where: "level:error",
        whereLanguage: "lucene",
        orderBy: "",
        sourceId: "659200802a057481e673bca7",
        tags: [],
        filters: [],
        teamId: "t",
        createdAt: "2026-01-01T00:00:00Z",
      },
      { name: "errors", select: "", where: "level:error", whereLanguage: "lucene", orderBy: "", sourceId: "659200802a057481e673bca7", tags: [], filters: [] },
      "all",
    ],
    [
      "an endpoint: an empty list kept (the program may write it)",
      "ReversePrivateEndpoint",
      { id: "e", description: "d", type: "VPC_ENDPOINT_SERVICE", vpcEndpointServiceName: "s", customPrivateDnsMappings: [], status: "Ready", dnsNames: ["x"] },
      { description: "d", type: "VPC_ENDPOINT_SERVICE", vpcEndpointServiceName: "s", customPrivateDnsMappings: [] },
      "all",
    ],
    [
      "a connection: no password (the server never answers it), its times out",
      "StackConnection",
      {
        id: "6d0000000000000000000001",
        name: "db",
        host: "https://db.example.test:8443",
        username: "reader",
        createdAt: "2026-01-01T00:00:00Z",
        updatedAt: "2026-01-01T00:00:00Z",
      },
      { name: "db", host: "https://db.example.test:8443", username: "reader" },
      "all",
    ],
    [
      "a log source: the empty lists the server adds kept (the program may write them)",
      "StackSource",
      {
        id: "6e0000000000000000000001",
        name: "logs",
        kind: "log",
        connectionId: "6d0000000000000000000001",
        from: { databaseName: "otel", tableName: "otel_logs" },
        timestampValueExpression: "TimestampTime",
        defaultTableSelectExpression: "Timestamp, Body",
        highlightedTraceAttributeExpressions: [],
        highlightedRowAttributeExpressions: [],
        materializedViews: [],
      },
      {
        name: "logs",
        kind: "log",
        connectionId: "6d0000000000000000000001",
        from: { databaseName: "otel", tableName: "otel_logs" },
        timestampValueExpression: "TimestampTime",
        defaultTableSelectExpression: "Timestamp, Body",
        highlightedTraceAttributeExpressions: [],
        highlightedRowAttributeExpressions: [],
        materializedViews: [],
      },
      "all",
    ],
  ])("%s", (_why, type, read, expected, extent) => {
    const inputs = importedInputs(spec(type), read);
    if (extent === "all") {
      expect(inputs).toEqual(expected);
      return;
    }
    for (const [k, v] of Object.entries(expected)) {
      if (v === undefined) expect(inputs).not.toHaveProperty(k);
      else expect(inputs[k]).toEqual(v);
    }
  });

  it("a dashboard's imported inputs pass its spec (no server field, no empty object)", () => {
    const read = { id: "6b0000000000000000000009", name: "board", tiles: [tile], tileIds: { Errors: tile.id }, tags: [] };
    expect(spec("StackDashboard").safeParse(importedInputs(spec("StackDashboard"), read)).success).toBe(true);
    expect(spec("StackDashboard").safeParse(read).success).toBe(false);
  });

  it.each<[string, z.ZodObject<z.ZodRawShape>, Obj, Obj]>([
    ["an unknown nested key of a strict object out", z.object({ a: z.object({ b: z.number() }).strict() }), { a: { b: 1, c: 2 } }, { a: { b: 1 } }],
    ["an open object keeps what it does not name", z.object({ a: z.object({ b: z.number() }).passthrough() }), { a: { b: 1, c: 2 } }, { a: { b: 1, c: 2 } }],
    ["a record's values cut too", z.object({ m: z.record(z.object({ v: z.number() }).strict()) }), { m: { x: { v: 1, w: 2 } } }, { m: { x: { v: 1 } } }],
    [
      "a discriminated union by its discriminator",
      z.object({ c: z.discriminatedUnion("type", [z.object({ type: z.literal("w"), id: z.string() }).strict()]) }),
      { c: { type: "w", id: "1", url: "u" } },
      { c: { type: "w", id: "1" } },
    ],
    [
      "a union: the first option the value fits",
      z.object({ f: z.union([z.object({ op: z.string(), l: z.string() }).strict(), z.object({ cond: z.string() }).strict()]) }),
      { f: { cond: "x", extra: 1 } },
      { f: { cond: "x" } },
    ],
    ["an empty optional object out, an empty required one kept", z.object({ o: z.object({}).optional(), r: z.object({}) }), { o: {}, r: {} }, { r: {} }],
    ['no name where the spec refuses `""`', z.object({ name: z.string().min(1).optional(), n: z.number() }), { n: 1 }, { n: 1 }],
  ])("%s", (_why, schema, read, expected) => {
    expect(importedInputs(schema, read)).toEqual(expected);
  });

  it("keeps the provider's own inputs named apart", () => {
    expect(importedInputs(z.object({ a: z.number() }), { a: 1, connection: { url: "u" }, b: 2 }, ["connection"])).toEqual({ a: 1, connection: { url: "u" } });
  });
});

describe("splitCredentialFailures: what the program must add after an import", () => {
  const paths = [
    ["source", "kafka", "credentials"],
    ["source", "kafka", "schemaRegistry", "credentials"],
  ];
  it.each<[string, string, boolean]>([
    ["the credentials themselves", "source.kafka.credentials", true],
    ["a field inside them", "source.kafka.credentials.password", true],
    ["nested credentials", "source.kafka.schemaRegistry.credentials", true],
    ["a neighbour with a common prefix", "source.kafka.credentialsRef", false],
    ["another field", "settings", false],
    ["the parent", "source.kafka", false],
  ])("%s (%s): %s", (_why, property, isCredential) => {
    const split = splitCredentialFailures([{ property, reason: "r" }], paths);
    expect(split.credentials.length).toBe(isCredential ? 1 : 0);
    expect(split.others.length).toBe(isCredential ? 0 : 1);
  });

  const asked = [{ property: "source.kafka.credentials", reason: "is required with authentication PLAIN" }];
  it.each<[string, Obj, typeof asked, string[]]>([
    ["the source kind's credentials, unset", { source: { kafka: { brokers: "b" } } }, [], ["source.kafka.credentials"]],
    ["not those the check already asks for", { source: { kafka: {} } }, asked, []],
    ["not those of an absent part (no schemaRegistry)", { source: { kafka: { credentials: { u: 1 } } } }, [], []],
    [
      "those of a present part",
      { source: { kafka: { schemaRegistry: { url: "u" } } } },
      [],
      ["source.kafka.credentials", "source.kafka.schemaRegistry.credentials"],
    ],
  ])("optionalCredentials: %s", (_why, inputs, required, expected) => {
    expect(optionalCredentials(inputs, paths, required).map((f) => f.property)).toEqual(expected);
  });

  it("optionalCredentials: a credential path names fields, so a list on the way holds no parent", () => {
    expect(optionalCredentials({ sources: [{}] }, [["sources", "0", "credentials"]], [])).toEqual([]);
    expect(optionalCredentials({ sources: { "0": {} } }, [["sources", "0", "credentials"]], []).map((f) => f.property)).toEqual(["sources.0.credentials"]);
  });

  it("names each write-only field in the warning, kept on the server until the program sets it", () => {
    const text = credentialsWarning('pipestack:index:Pipe "events"', [
      { property: "source.kafka.credentials", reason: "is required with authentication PLAIN" },
    ]);
    expect(text).toContain('pipestack:index:Pipe "events" was imported without source.kafka.credentials, which the API never returns');
    expect(text).toContain("the server keeps it until the program sets it");
  });
});

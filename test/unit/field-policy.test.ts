/**
 * The field policies and what is worked out from them: secret locations, the PATCH of each
 * in-place field, the create body, the read-back. Type tests are checked by the compiler
 * (test/package/typecheck.test.ts).
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import { planUpdate } from "../../provider/resources/pipe/update-plan";
import { createBody } from "../../provider/resources/pipe/body";
import { fieldChanges } from "../../provider/engine/field-diff";
import { pipeDiff } from "../../provider/resources/pipe/diff";
import { unanswered, type FieldPolicy } from "../../provider/schemas/field-policy";
import { readBackFields } from "../../provider/engine/read-back";
import { pipePolicy, type PipeSourceSecrets } from "../../provider/resources/pipe/policy";
import { secretLocations } from "../../provider/resources/pipe/secrets";
import { kafkaPipe, mongodbPipe, mysqlPipe, objectStoragePipe, postgresPipe, pubsubPipe } from "../support/pipe-fixtures";
import { engineInputs } from "../support/pipe-props";

type Obj = Record<string, any>;

describe("pipe policy: secrets", () => {
  it("locates every secret of every source kind", () => {
    expect(secretLocations).toEqual({
      credentials: [
        ["kafka", "credentials"],
        ["postgres", "credentials"],
        ["mysql", "credentials"],
        ["mongodb", "credentials"],
      ],
      schemaRegistryCredentials: [["kafka", "schemaRegistry", "credentials"]],
      accessKey: [
        ["objectStorage", "accessKey"],
        ["kinesis", "accessKey"],
      ],
      connectionString: [["objectStorage", "connectionString"]],
      serviceAccountKey: [
        ["objectStorage", "serviceAccountKey"],
        ["pubsub", "serviceAccountKey"],
      ],
      serviceAccount: [["bigquery", "credentials"]],
    });
  });

  it("types sourceSecrets from the policy", () => {
    expectTypeOf<keyof PipeSourceSecrets>().toEqualTypeOf<
      "credentials" | "schemaRegistryCredentials" | "accessKey" | "connectionString" | "serviceAccountKey" | "serviceAccount"
    >();
    expectTypeOf<PipeSourceSecrets["connectionString"]>().toEqualTypeOf<string | undefined>();
  });
});

describe("pipe policy: a field missing from a policy does not compile", () => {
  it("a policy must name every field, and only those", () => {
    type Spec = { a: string; b?: { c: number; d?: boolean } };
    const ok = {
      a: { change: "update" },
      b: { change: "replace", fields: { c: { change: "replace" }, d: { change: "update" } } },
    } as const satisfies FieldPolicy<Spec>;
    // @ts-expect-error `b` is missing
    const missing: FieldPolicy<Spec> = { a: { change: "update" } };
    // @ts-expect-error `b.d` is missing
    const nested: FieldPolicy<Spec> = { a: { change: "update" }, b: { change: "replace", fields: { c: { change: "replace" } } } };
    // @ts-expect-error `e` is no field of the spec
    const extra: FieldPolicy<Spec> = { a: { change: "update" }, b: { change: "replace" }, e: { change: "update" } };
    expect([ok, missing, nested, extra]).toHaveLength(4);
  });
});

/** Sets a dotted path of a copy. */
function set(o: Obj, path: string, value: unknown): Obj {
  const copy = structuredClone(o);
  const keys = path.split(".");
  let node = copy;
  for (const k of keys.slice(0, -1)) node = node[k] ??= {};
  node[keys[keys.length - 1]] = value;
  return copy;
}

const inputs = {
  kafka: engineInputs(kafkaPipe()),
  objectStorage: engineInputs(objectStoragePipe()),
  postgres: engineInputs(postgresPipe()),
  pubsub: engineInputs(pubsubPipe()),
  mysql: engineInputs(mysqlPipe()),
  mongodb: engineInputs(mongodbPipe()),
};

describe("pipe policy: each in-place field is sent the way the policy says", () => {
  // [kind, path changed, value, the PATCH /pipes/{id} body expected]
  const rows: [keyof typeof inputs, string, unknown, Obj][] = [
    ["objectStorage", "source.objectStorage.skipInitialLoad", true, { source: { objectStorage: { skipInitialLoad: true } } }],
    ["objectStorage", "source.objectStorage.startAfter", "2026/01/", { source: { objectStorage: { startAfter: "2026/01/" } } }],
    ["objectStorage", "sourceSecrets.connectionString", "AccountKey=rotated", { source: { objectStorage: { connectionString: "AccountKey=rotated" } } }],
    ["objectStorage", "sourceSecrets.serviceAccountKey", "eyJrZXkiOiAyfQ==", { source: { objectStorage: { serviceAccountKey: "eyJrZXkiOiAyfQ==" } } }],
    ["postgres", "source.postgres.tlsHost", "db.internal", { source: { postgres: { tlsHost: "db.internal" } } }],
    ["postgres", "source.postgres.caCertificate", "-----BEGIN CERTIFICATE-----", { source: { postgres: { caCertificate: "-----BEGIN CERTIFICATE-----" } } }],
    ["postgres", "source.postgres.disableTls", true, { source: { postgres: { disableTls: true } } }],
    ["postgres", "source.postgres.skipCertVerification", true, { source: { postgres: { skipCertVerification: true } } }],
    ["postgres", "source.postgres.settings.pullBatchSize", 5000, { source: { postgres: { settings: { pullBatchSize: 5000 } } } }],
    ["kafka", "source.kafka.reversePrivateEndpointIds", ["rpe-1"], { source: { kafka: { reversePrivateEndpointIds: ["rpe-1"] } } }],
    [
      "kafka",
      "sourceSecrets.credentials",
      { username: "u", password: "rotated-password" },
      { source: { kafka: { credentials: { username: "u", password: "rotated-password" } } } },
    ],
    ["kafka", "source.validateSamples", true, { source: { validateSamples: true } }],
    ["kafka", "name", "renamed", { name: "renamed" }],
    ["kafka", "destination.columns", [{ name: "id", type: "String" }], { destination: { columns: [{ name: "id", type: "String" }] } }],
  ];

  it.each(rows)("%s %s", (kind, path, value, body) => {
    const olds = inputs[kind];
    const news = set(olds, path, value);
    const changes = fieldChanges(olds, news, pipeDiff);
    expect(changes.map((c) => c.kind)).toEqual(["update"]);
    expect(planUpdate(olds as any, news as any, changes)).toEqual({ pause: false, commands: [], patch: body });
  });

  it.each(["kafka", "postgres"] as const)("a credential-less edit of a %s pipe sends no credentials", (kind) => {
    const olds = inputs[kind];
    expect(olds.sourceSecrets).toHaveProperty("credentials");
    const news = set(set(olds, "name", "renamed"), "source.validateSamples", true);
    const plan = planUpdate(olds as any, news as any, fieldChanges(olds, news, pipeDiff));
    expect(JSON.stringify(plan)).not.toContain("credentials");
    expect(plan.patch).toEqual({ name: "renamed", source: { validateSamples: true } });
  });

  it("a field-mappings change is sent together with destination.columns", () => {
    const olds = inputs.kafka;
    const news = set(olds, "fieldMappings", [...olds.fieldMappings].reverse());
    const plan = planUpdate(olds as any, news as any, fieldChanges(olds, news, pipeDiff));
    expect(plan.patch).toEqual({ fieldMappings: news.fieldMappings, destination: { columns: olds.destination.columns } });
  });

  it("an edited table mapping is removed in one PATCH and added back in a second; a new one goes with the first", () => {
    const olds = inputs.postgres;
    const [first] = olds.source.postgres.tableMappings;
    const edited = { ...first, targetTable: `${first.targetTable}_v2` };
    const added = { sourceSchemaName: "public", sourceTable: "brand_new", targetTable: "brand_new" };
    const news = set(olds, "source.postgres.tableMappings", [edited, ...olds.source.postgres.tableMappings.slice(1), added]);
    const plan = planUpdate(olds as any, news as any, fieldChanges(olds, news, pipeDiff));
    expect(plan.pause).toBe(true);
    expect(plan.patch).toEqual({ source: { postgres: { tableMappingsToAdd: [added], tableMappingsToRemove: [first] } } });
    expect(plan.readd).toEqual({ source: { postgres: { tableMappingsToAdd: [edited] } } });
  });

  it.each([
    ["stopped", undefined, true, ["stop"]],
    ["stopped", true, false, ["start"]],
    ["resyncToken", undefined, "2026-11-23", ["resync"]],
    ["resyncToken", "a", "b", ["resync"]],
    ["resyncToken", "a", undefined, []],
  ])("%s %s -> %s sends the state commands %j and nothing else", (path, before, after, commands) => {
    const olds = set(inputs.postgres, path, before);
    const news = set(olds, path, after);
    expect(planUpdate(olds as any, news as any, fieldChanges(olds, news, pipeDiff))).toEqual({ pause: false, commands });
  });

  // The API's PATCH form of these kinds requires fields that did not change.
  it.each([
    [
      "pubsub",
      "source.pubsub.ackDeadline",
      120,
      { pubsub: { ackDeadline: 120, authentication: "SERVICE_ACCOUNT", serviceAccountKey: { serviceAccountFile: "pubsub-service-account-7788" } } },
    ],
    [
      "pubsub",
      "sourceSecrets.serviceAccountKey",
      { serviceAccountFile: "rotated" },
      { pubsub: { authentication: "SERVICE_ACCOUNT", serviceAccountKey: { serviceAccountFile: "rotated" } } },
    ],
    ["mysql", "source.mysql.serverId", 4242, { mysql: { serverId: 4242, host: "mysql.example.test", port: 3306 } }],
    ["mysql", "source.mysql.settings.useCompression", true, { mysql: { settings: { useCompression: true }, host: "mysql.example.test", port: 3306 } }],
    [
      "mysql",
      "sourceSecrets.credentials.password",
      "rotated",
      { mysql: { credentials: { username: "replicator", password: "rotated" }, host: "mysql.example.test", port: 3306 } },
    ],
    ["mongodb", "source.mongodb.readPreference", "primary", { mongodb: { readPreference: "primary", uri: "mongodb+srv://cluster0.example.test/app" } }],
  ] as const)("%s %s is sent with the fields its PATCH form requires", (kind, path, value, source) => {
    const olds = inputs[kind];
    const news = set(olds, path, value);
    expect(planUpdate(olds as any, news as any, fieldChanges(olds, news, pipeDiff))).toEqual({ pause: false, commands: [], patch: { source } });
  });

  it("a mongodb collection mapping is removed by database, collection and target table, and edits pause the pipe", () => {
    const olds = inputs.mongodb;
    const [first, second] = olds.source.mongodb.tableMappings;
    const edited = { ...second, tableEngine: "MergeTree" };
    const news = set(olds, "source.mongodb.tableMappings", [first, edited]);
    const plan = planUpdate(olds as any, news as any, fieldChanges(olds, news, pipeDiff));
    expect(plan.pause).toBe(true);
    const required = { uri: olds.source.mongodb.uri, readPreference: olds.source.mongodb.readPreference };
    expect(plan.patch).toEqual({
      source: {
        mongodb: {
          tableMappingsToAdd: [],
          tableMappingsToRemove: [{ sourceDatabaseName: "app", sourceCollection: "orders", targetTable: "app_orders" }],
          ...required,
        },
      },
    });
    expect(plan.readd).toEqual({ source: { mongodb: { tableMappingsToAdd: [edited], ...required } } });
  });

  it("a dropped field is sent in its empty form", () => {
    const olds = set(inputs.kafka, "source.validateSamples", true);
    const news = set(olds, "source.validateSamples", undefined);
    expect(planUpdate(olds as any, news as any, fieldChanges(olds, news, pipeDiff)).patch).toEqual({ source: { validateSamples: false } });
  });

  it("waitTimeoutSeconds is the provider's own: no request", () => {
    const news = set(inputs.kafka, "waitTimeoutSeconds", 30);
    expect(planUpdate(inputs.kafka as any, news as any, fieldChanges(inputs.kafka, news, pipeDiff))).toEqual({ pause: false, commands: [] });
  });

  it("the create body carries every field sent in a body, secrets merged back, not the service nor the provider's own", () => {
    const body = createBody({ ...inputs.kafka, waitTimeoutSeconds: 30, adoptId: "x" } as any);
    expect(Object.keys(body).sort()).toEqual(["destination", "fieldMappings", "name", "scaling", "settings", "source"]);
    expect(body.source).toMatchObject({ kafka: { credentials: { username: "ingest" } } });
    expect(
      Object.keys(pipePolicy)
        .filter((k) => !(k in body))
        .sort(),
    ).toEqual(["adoptId", "organizationId", "resyncToken", "serviceId", "stopped", "waitTimeoutSeconds"]);
  });
});

describe("answeredWhen: a field the answer returns only on some kinds of object", () => {
  const tree = {
    kind: { change: "update" },
    body: { change: "update", answeredWhen: { key: "kind", values: ["plain"] } },
    nested: { change: "update", fields: { note: { change: "update", answeredWhen: { key: "form", values: ["long"] } } } },
  } as const;
  it.each([
    ["answered on a kind that has it: the answer's value", { kind: "plain", body: "server" }, { body: "program" }, "server"],
    ["answered on a kind that has it, cleared outside: the answer's (none)", { kind: "plain" }, { body: "program" }, undefined],
    ["on another kind: the carried value", { kind: "other" }, { body: "program" }, "program"],
    ["on another kind, even if answered: the carried value", { kind: "other", body: "server" }, { body: "program" }, "program"],
    ["no kind in the answer: the carried value", {}, { body: "program" }, "program"],
  ] as const)("%s", (_what, answer, carried, expected) => {
    expect(readBackFields(tree, answer, carried).body).toBe(expected);
  });
  it("nested: the sibling is the holder's", () => {
    expect(readBackFields(tree, { nested: { form: "short", note: "s" } }, { nested: { note: "p" } }).nested).toEqual({ note: "p" });
    expect(readBackFields(tree, { nested: { form: "long", note: "s" } }, { nested: { note: "p" } }).nested).toEqual({ note: "s" });
  });
  it.each([
    [{ writeOnly: true } as const, { kind: "plain" }, true],
    [{}, {}, false],
    [{ answeredWhen: { key: "kind", values: ["plain"] } }, { kind: "plain" }, false],
    [{ answeredWhen: { key: "kind", values: ["plain"] } }, { kind: "x" }, true],
    [{ answeredWhen: { key: "kind", values: ["plain"] } }, null, true],
  ] as const)("unanswered(%j, %j) is %s", (node, parent, expected) => {
    expect(unanswered(node, parent)).toBe(expected);
  });
});

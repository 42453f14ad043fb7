/**
 * Inputs that used to pass `check` silently are refused with their property path, before any
 * network call: invisible characters in names, non-http URLs, unknown secret keys, a password in
 * a URI option, oversized ids, table names and column types that climb or inject, ids that would
 * climb out of a URL path, and a 5000-deep object (which used to overflow the stack). The
 * emulator is the configured API: it must record no request at all.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { path } from "../../provider/client/paths";
import { alertEngine as alert, dashboardEngine as dashboard, endpointEngine as endpoint, EXISTING, pipeEngine, type Engine } from "../support/engines";
import { emulatorWithEngine } from "../support/engine";
import { endpointInputs } from "../support/endpoint-fixtures";
import { kafkaPipe, mongodbPipe, postgresPipe } from "../support/pipe-fixtures";
import { engineInputs } from "../support/pipe-props";
import { alertInputs, dashboardInputs, tile } from "../support/stack-fixtures";

type Obj = Record<string, any>;
let emulator: Emulator;
beforeAll(async () => {
  emulator = await emulatorWithEngine();
});
afterAll(async () => {
  // Every refusal happened before the network: the API saw nothing.
  expect(emulator.control.stats().requests).toBe(0);
  await emulator.close();
});

const ref = () => ({ organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId });
const pipeInputs = (spec: Obj, over: Obj = {}) => ({ ...engineInputs(spec, ref()), ...over });
const withKafka = (over: Obj) => ({ ...kafkaPipe(), source: { kafka: { ...kafkaPipe().source.kafka, ...over } } });
function deep(levels: number): Obj {
  let v: Obj = { leaf: 1 };
  for (let i = 0; i < levels; i++) v = { d: v };
  return v;
}

/** [what, engine, inputs, property refused, reason]. */
const cases: [string, Engine, () => Obj, string, RegExp][] = [
  ["zero-width space in a pipe name", pipeEngine, () => pipeInputs(kafkaPipe("ev\u200bents")), "name", /invisible.*U\+200B/],
  ["lone surrogate in a pipe name", pipeEngine, () => pipeInputs(kafkaPipe("ev\ud800ents")), "name", /lone surrogate.*U\+D800/],
  ["U+2028 in a pipe name", pipeEngine, () => pipeInputs(kafkaPipe("ev\u2028ents")), "name", /line-separator.*U\+2028/],
  ["byte order mark in a pipe name", pipeEngine, () => pipeInputs(kafkaPipe("\ufeffevents")), "name", /U\+FEFF/],
  ["zero-width space in a tile name", dashboard, () => dashboardInputs({ tiles: [tile("Err\u200bors")] }), "tiles[0].name", /U\+200B/],
  ["lone surrogate in an alert message", alert, () => alertInputs({ message: "high \udc00" }), "message", /lone surrogate/],
  [
    "javascript: schema registry URL",
    pipeEngine,
    () => pipeInputs(withKafka({ schemaRegistry: { url: "javascript:alert(1)" } })),
    "source.kafka.schemaRegistry.url",
    /http: or https:/,
  ],
  [
    "file: schema registry URL",
    pipeEngine,
    () => pipeInputs(withKafka({ schemaRegistry: { url: "file:///etc/passwd" } })),
    "source.kafka.schemaRegistry.url",
    /http: or https:/,
  ],
  ["javascript: stackUrl", dashboard, () => dashboardInputs({ stackUrl: "javascript:alert(1)" }), "stackUrl", /http: or https:/],
  ["file: stackUrl", alert, () => alertInputs({ stackUrl: "file:///etc/passwd" }), "stackUrl", /http: or https:/],
  [
    "file: stackUrl in a connection",
    dashboard,
    () => ({ ...dashboardInputs(), connection: { stackUrl: "file:///etc/passwd" } }),
    "connection.stackUrl",
    /http: or https:/,
  ],
  [
    "an unknown key in sourceSecrets",
    pipeEngine,
    () => pipeInputs(kafkaPipe(), { sourceSecrets: { ...pipeInputs(kafkaPipe()).sourceSecrets, passwrd: "x" } }),
    "sourceSecrets.passwrd",
    /no secret field/,
  ],
  [
    "another kind's secret in sourceSecrets",
    pipeEngine,
    () => pipeInputs(kafkaPipe(), { sourceSecrets: { ...pipeInputs(kafkaPipe()).sourceSecrets, accessKey: { accessKeyId: "a", secretKey: "b" } } }),
    "sourceSecrets.accessKey",
    /no secret of a kafka source/,
  ],
  [
    "a mongodb URI with ?password=",
    pipeEngine,
    () =>
      pipeInputs({
        ...mongodbPipe(),
        source: { mongodb: { ...mongodbPipe().source.mongodb, uri: "mongodb+srv://cluster0.example.test/app?password=hunter22" } },
      }),
    "source.mongodb.uri",
    /credential in its query \(password\)/,
  ],
  ["a 1 MB endpoint service name", endpoint, () => endpointInputs({ vpcEndpointServiceName: "s".repeat(1 << 20) }), "vpcEndpointServiceName", /at most 1024/],
  [
    "a table name ../../etc",
    pipeEngine,
    () => pipeInputs({ ...kafkaPipe(), destination: { ...kafkaPipe().destination, table: "../../etc" } }),
    "destination.table",
    /table name/,
  ],
  [
    "a target table ../../etc",
    pipeEngine,
    () =>
      pipeInputs({
        ...postgresPipe(),
        source: {
          postgres: { ...postgresPipe().source.postgres, tableMappings: [{ sourceSchemaName: "public", sourceTable: "users", targetTable: "../../etc" }] },
        },
      }),
    "source.postgres.tableMappings[0].targetTable",
    /table name/,
  ],
  [
    "a column type String); DROP",
    pipeEngine,
    () =>
      pipeInputs({
        ...kafkaPipe(),
        destination: { ...kafkaPipe().destination, columns: [{ name: "id", type: "String); DROP TABLE x; --" }, ...kafkaPipe().destination.columns.slice(1)] },
      }),
    "destination.columns[0].type",
    /column type/,
  ],
  ["an alert's dashboardId ../x", alert, () => alertInputs({ dashboardId: "../x" }), "dashboardId", /must be an id/],
  [
    "a saved-search alert's savedSearchId ../x",
    alert,
    () => alertInputs({ source: "saved_search", dashboardId: undefined, tileId: undefined, savedSearchId: "../x" }),
    "savedSearchId",
    /must be an id/,
  ],
  ["an alert's tileId %2e%2e", alert, () => alertInputs({ tileId: "%2e%2e" }), "tileId", /must be a tile id/],
  ["an alert's tileId ../x", alert, () => alertInputs({ tileId: "../x" }), "tileId", /must be a tile id/],
  ["an alert's tileId of 37 characters", alert, () => alertInputs({ tileId: "t".repeat(37) }), "tileId", /must be a tile id/],
  ["a channel's webhookId ../x", alert, () => alertInputs({ channel: { type: "webhook", webhookId: "../x" } }), "channel.webhookId", /must be a webhook id/],
  [
    "a channels entry's webhookId %2e%2e",
    alert,
    () => alertInputs({ channel: undefined, channels: [{ type: "webhook", webhookId: "%2e%2e" }] }),
    "channels[0].webhookId",
    /must be a webhook id/,
  ],
  ["a 5000-deep pipe settings object", pipeEngine, () => pipeInputs(kafkaPipe(), { settings: deep(5000) }), "settings.d.d", /nested more than 32 levels/],
  [
    "a 5000-deep dashboard tile",
    dashboard,
    () => dashboardInputs({ tiles: [tile("Errors", { series: [deep(5000)] })] }),
    "tiles[0].series[0].d",
    /nested more than 32 levels/,
  ],
];

describe("bad inputs are refused by check with their path, and no request is sent", () => {
  it.each(cases)("%s", async (_what, engine, inputs, property, reason) => {
    const failures = (await engine.check({}, inputs())).failures ?? [];
    const hit = failures.find((f) => f.property === property || f.property.startsWith(`${property}.`));
    expect(hit, `${property} among ${JSON.stringify(failures).slice(0, 600)}`).toBeDefined();
    expect(hit!.reason).toMatch(reason);
    expect(hit!.reason.length).toBeLessThan(600);
  });

  it.each([
    ["a good schema registry URL", pipeEngine, () => pipeInputs(withKafka({ schemaRegistry: { url: "https://registry.example.test" } }))],
    [
      "column types with parameters and literals",
      pipeEngine,
      () =>
        pipeInputs({
          ...kafkaPipe(),
          destination: {
            ...kafkaPipe().destination,
            columns: [
              { name: "id", type: "String" },
              { name: "ts", type: "DateTime64(3, 'UTC')" },
              { name: "value", type: "Nullable(Float64)" },
            ],
          },
        }),
    ],
    ["ordinary settings (1 level deep)", pipeEngine, () => pipeInputs({ ...kafkaPipe(), settings: { streaming_max_insert_wait_ms: 5000 } })],
    [
      "a tile id the server gave, a webhook id",
      alert,
      () => alertInputs({ tileId: "65f0a1b2c3d4e5f6a7b8c9d0", channel: { type: "webhook", webhookId: "65F0A1B2C3D4E5F6A7B8C9D1" } }),
    ],
    ["a tile id a client sent (36 characters)", alert, () => alertInputs({ tileId: "0f8e1c2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b" })],
  ])("%s passes", async (_what, engine, inputs) => {
    expect((await engine.check(EXISTING, inputs())).failures ?? []).toEqual([]);
  });

  it.each([
    ["%2e%2e", "/alerts/%252e%252e"],
    ["a b?c#d", "/alerts/a%20b%3Fc%23d"],
    ["65f0a1b2c3d4e5f6a7b8c9d0", "/alerts/65f0a1b2c3d4e5f6a7b8c9d0"],
  ])("every path segment is encoded: %s", (id, built) => {
    expect(path("alerts", id)).toBe(built);
  });

  it("a path segment holding a slash (../x) is refused even past check", () => {
    expect(() => path("pipes", "../x")).toThrow(/URL path segment/);
    expect(() => path("pipes", "..\\x")).toThrow(/URL path segment/);
  });
});

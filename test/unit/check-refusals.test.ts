/**
 * `check` refuses, with the property path and before any network call: credentials written into
 * plain fields, control and bidi-override characters, ids that could climb out of a URL path;
 * and it never echoes a long bad value whole.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { path } from "../../provider/client/paths";
import { alertEngine as alert, dashboardEngine as dashboard, endpointEngine, pipeEngine, type Engine, EXISTING } from "../support/engines";
import { endpointInputs } from "../support/endpoint-fixtures";
import { kafkaPipe, mongodbPipe, mysqlPipe, objectStoragePipe, postgresPipe } from "../support/pipe-fixtures";
import { engineInputs } from "../support/pipe-props";
import { alertInputs, cloudConfig, configureWith, dashboardInputs, series, tile } from "../support/stack-fixtures";

type Obj = Record<string, any>;
beforeEach(() => configureWith(cloudConfig));

const ref = { organizationId: cloudConfig.organizationId, serviceId: cloudConfig.serviceId };
async function pipeFailures(spec: Obj) {
  return (await pipeEngine.check(EXISTING, engineInputs(spec, ref))).failures ?? [];
}
async function stackFailures(impl: Engine, input: Obj) {
  return (await impl.check(EXISTING, input)).failures ?? [];
}
function withSource(base: Obj, kind: string, over: Obj): Obj {
  return { ...base, source: { [kind]: { ...base.source[kind], ...over } } };
}

describe("credentials in plain fields are refused, with where they belong", () => {
  const cases: [string, Obj, string, RegExp, string][] = [
    [
      "brokers with user:password@",
      withSource(kafkaPipe(), "kafka", { brokers: "ingest:hunter22@broker-1.example.test:9092" }),
      "source.kafka.brokers",
      /source\.kafka\.credentials/,
      "hunter22",
    ],
    [
      "schema registry URL with user:password@",
      withSource(kafkaPipe(), "kafka", { schemaRegistry: { url: "https://reg:hunter22@registry.example.test" } }),
      "source.kafka.schemaRegistry.url",
      /schemaRegistry\.credentials/,
      "hunter22",
    ],
    [
      "object storage URL with a SAS token",
      withSource(objectStoragePipe(), "objectStorage", { url: "https://acct.blob.example.test/c/**.json?sv=2022-11-02&se=2026-12-01&sp=rl&sig=c2lnbmF0dXJl" }),
      "source.objectStorage.url",
      /sig.*accessKey or connectionString/,
      "c2lnbmF0dXJl",
    ],
    [
      "object storage URL with X-Amz-Signature",
      withSource(objectStoragePipe(), "objectStorage", { url: "https://bucket.example.test/a.json?X-Amz-Credential=AKID&X-Amz-Signature=deadbeef99" }),
      "source.objectStorage.url",
      /x-amz-signature/,
      "deadbeef99",
    ],
    [
      "object storage URL with a signature in another case",
      withSource(objectStoragePipe(), "objectStorage", { url: "https://bucket.example.test/a.json?SIG=topsecret7" }),
      "source.objectStorage.url",
      /sig/,
      "topsecret7",
    ],
    [
      "queue URL with user:password@",
      withSource(objectStoragePipe(), "objectStorage", { queueUrl: "https://q:hunter22@queue.example.test/q" }),
      "source.objectStorage.queueUrl",
      /accessKey/,
      "hunter22",
    ],
    [
      "postgres host with user:password@",
      withSource(postgresPipe(), "postgres", { host: "replicator:hunter22@db.internal" }),
      "source.postgres.host",
      /source\.postgres\.credentials/,
      "hunter22",
    ],
    [
      "mysql host with user:password@",
      withSource(mysqlPipe(), "mysql", { host: "replicator:hunter22@db.internal" }),
      "source.mysql.host",
      /source\.mysql\.credentials/,
      "hunter22",
    ],
    [
      "mongodb URI with a login",
      withSource(mongodbPipe(), "mongodb", { uri: "mongodb+srv://reader:hunter22@cluster0.example.test/app" }),
      "source.mongodb.uri",
      /source\.mongodb\.credentials/,
      "hunter22",
    ],
  ];
  it.each(cases)("%s", async (_what, spec, property, reason, secret) => {
    const failures = await pipeFailures(spec);
    expect(failures).toContainEqual({ property, reason: expect.stringMatching(reason) });
    expect(JSON.stringify(failures)).not.toContain(secret);
  });

  it("a stack URL with user:password@", async () => {
    const failures = await stackFailures(dashboard, dashboardInputs({ stackUrl: "https://admin:hunter22@stack.example.test" }));
    expect(failures).toContainEqual({ property: "stackUrl", reason: expect.stringMatching(/pipestack:stackToken/) });
    expect(JSON.stringify(failures)).not.toContain("hunter22");
  });

  it.each([
    ["brokers host:port", kafkaPipe()],
    [
      "an unsigned object storage URL with other query parameters",
      withSource(objectStoragePipe(), "objectStorage", { url: "https://bucket.example.test/a/**.json?versionId=3" }),
    ],
  ])("%s pass", async (_what, spec) => {
    expect(await pipeFailures(spec)).toEqual([]);
  });
});

describe("control and bidi-override characters are refused with the path", () => {
  const chars: [string, string][] = [
    ["NUL", "\u0000"],
    ["BEL", "\u0007"],
    ["ESC", "\u001b"],
    ["right-to-left override U+202E", "\u202e"],
    ["left-to-right isolate U+2066", "\u2066"],
    ["line feed in a name", "\n"],
  ];
  it.each(chars)("%s in a pipe name", async (_what, ch) => {
    expect(await pipeFailures(kafkaPipe(`events${ch}x`))).toContainEqual({
      property: "name",
      reason: expect.stringMatching(/control or bidirectional-override character \(U\+/),
    });
  });
  it.each(chars)("%s in a tile name", async (_what, ch) => {
    const failures = await stackFailures(dashboard, dashboardInputs({ tiles: [tile(`Err${ch}ors`)] }));
    expect(failures).toContainEqual({ property: "tiles[0].name", reason: expect.stringMatching(/control/) });
  });
  it.each(chars.filter(([what]) => what !== "line feed in a name"))("%s in an alert message", async (_what, ch) => {
    expect(await stackFailures(alert, alertInputs({ message: `high${ch}` }))).toContainEqual({ property: "message", reason: expect.stringMatching(/control/) });
  });
  it("line breaks in a message or a certificate pass", async () => {
    expect(await stackFailures(alert, alertInputs({ message: "line 1\nline 2" }))).toEqual([]);
    expect(await pipeFailures(withSource(kafkaPipe(), "kafka", { caCertificate: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n" }))).toEqual(
      [],
    );
  });
});

describe("long bad values are echoed shortened", () => {
  const long = "x".repeat(10_000);
  it.each([
    ["a pipe's kafka format", async () => pipeFailures(withSource(kafkaPipe(), "kafka", { format: long })), "source.kafka.format"],
    ["an alert's interval", async () => stackFailures(alert, alertInputs({ interval: long })), "interval"],
    ["an alert's threshold type", async () => stackFailures(alert, alertInputs({ thresholdType: long })), "thresholdType"],
    // The failure's path names list items: the value is found by stepping into the lists by index.
    [
      "a dashboard series' aggregation, inside two lists",
      async () => stackFailures(dashboard, dashboardInputs({ tiles: [tile("Errors", { series: [series({ aggFn: long })] })] })),
      "tiles[0].series[0].aggFn",
    ],
  ])("%s", async (_what, failuresOf, property) => {
    const failures = (await failuresOf()).filter((f) => f.property === property);
    expect(failures.length).toBeGreaterThan(0);
    for (const f of failures) {
      expect(f.reason.length).toBeLessThan(500);
      expect(f.reason).not.toContain("x".repeat(81));
    }
  });
});

describe("ids are checked before they enter a URL path", () => {
  it.each(
    [
      ["..", "."],
      ["../other", "a/b"],
    ].flat(),
  )("pipe adoptId %j", async (id) => {
    expect(await pipeFailures({ ...kafkaPipe(), adoptId: id })).toContainEqual({ property: "adoptId", reason: expect.stringMatching(/UUID/) });
  });
  it.each(["..", "0000", "../../dashboards"])("dashboard and alert adoptId %j", async (id) => {
    expect(await stackFailures(dashboard, dashboardInputs({ adoptId: id }))).toContainEqual({
      property: "adoptId",
      reason: expect.stringMatching(/24 hexadecimal/),
    });
    expect(await stackFailures(alert, alertInputs({ adoptId: id }))).toContainEqual({ property: "adoptId", reason: expect.stringMatching(/24 hexadecimal/) });
  });
  it.each([".."])("organizationId and serviceId %j", async (id) => {
    const failures = (await pipeEngine.check(EXISTING, engineInputs(kafkaPipe(), { organizationId: id, serviceId: id }))).failures ?? [];
    expect(failures.map((f) => f.property)).toEqual(expect.arrayContaining(["organizationId", "serviceId"]));
    expect(await stackFailures(dashboard, dashboardInputs({ serviceId: id }))).toContainEqual({
      property: "serviceId",
      reason: expect.stringMatching(/must be an id/),
    });
  });
  it.each(["", ".", ".."])("a path segment %j is refused even past check", (segment) => {
    expect(() => path("pipes", segment)).toThrow(/URL path segment/);
  });
});

describe("a cloud object's wait is whole seconds, at most a day (every kind that takes one)", () => {
  const kinds: [string, (wait: number) => Promise<{ property: string }[]>][] = [
    ["Pipe", (wait) => pipeFailures({ ...kafkaPipe(), waitTimeoutSeconds: wait })],
    ["ReversePrivateEndpoint", (wait) => stackFailures(endpointEngine, endpointInputs({ waitTimeoutSeconds: wait }))],
  ];
  it.each(kinds.flatMap(([kind, failures]) => [0, 1.5, 86_401].map((wait) => [kind, wait, failures] as const)))(
    "%s refuses %d",
    async (_kind, wait, failures) => {
      expect((await failures(wait)).map((f) => f.property)).toEqual(["waitTimeoutSeconds"]);
    },
  );
  it.each(kinds)("%s takes 1 and 86400", async (_kind, failures) => {
    expect([await failures(1), await failures(86_400)]).toEqual([[], []]);
  });
});

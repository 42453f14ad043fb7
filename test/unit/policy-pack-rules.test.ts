/** The example policy pack's checks (examples/policy-pack/rules.ts), table by table. */
import { describe, expect, it } from "vitest";
import {
  alertTileViolations,
  CREDENTIAL_PATHS,
  credentialViolations,
  DEFAULT_BUDGET,
  scalingViolations,
  type AlertView,
  type DashboardView,
  webhookViolations,
} from "../../examples/policy-pack/rules";
import { secretLocations } from "../../provider/resources/pipe/secrets";

describe("credentials kept secret", () => {
  const secretOutputs = ["sourceSecrets"];
  const cases: [string, unknown, readonly string[] | undefined, string[]][] = [
    [
      "as the package stores a pipe",
      { source: { kafka: { brokers: "b" } }, sourceSecrets: { credentials: { username: "u", password: "p" } } },
      secretOutputs,
      [],
    ],
    ["no credentials at all", { source: { kinesis: { streamName: "s" } }, sourceSecrets: {} }, undefined, []],
    [
      "kafka credentials left in the source",
      { source: { kafka: { credentials: { password: "p" } } } },
      secretOutputs,
      ["source.kafka.credentials holds credentials"],
    ],
    [
      "mysql credentials left in the source",
      { source: { mysql: { host: "h", credentials: { username: "u", password: "p" } } } },
      secretOutputs,
      ["source.mysql.credentials holds credentials"],
    ],
    [
      "a pubsub key left in the source",
      { source: { pubsub: { topic: "t", serviceAccountKey: { serviceAccountFile: "k" } } } },
      secretOutputs,
      ["source.pubsub.serviceAccountKey holds credentials"],
    ],
    [
      "schema registry credentials",
      { source: { kafka: { schemaRegistry: { url: "u", credentials: { username: "u" } } } } },
      secretOutputs,
      ["source.kafka.schemaRegistry.credentials"],
    ],
    ["an object-storage connection string", { source: { objectStorage: { connectionString: "c" } } }, secretOutputs, ["source.objectStorage.connectionString"]],
    ["a kinesis access key", { source: { kinesis: { accessKey: { accessKeyId: "a", secretKey: "s" } } } }, secretOutputs, ["source.kinesis.accessKey"]],
    [
      "sourceSecrets not among the secret outputs",
      { source: {}, sourceSecrets: { accessKey: { accessKeyId: "a" } } },
      [],
      ["sourceSecrets (the pipe's credentials) is not in additionalSecretOutputs"],
    ],
  ];
  it("looks wherever the pipe policy keeps a secret, for every source kind", () => {
    const join = (paths: readonly (readonly string[])[]) => paths.map((p) => p.join(".")).sort();
    expect(join(CREDENTIAL_PATHS)).toEqual(join(Object.values(secretLocations).flat()));
  });

  it.each(cases)("%s", (_name, props, outputs, expected) => {
    const got = credentialViolations(props, outputs);
    expect(got).toHaveLength(expected.length);
    expected.forEach((e, i) => expect(got[i]).toContain(e));
  });
});

describe("scaling within the budget", () => {
  const cases: [string, unknown, string[]][] = [
    ["no scaling", undefined, []],
    ["at the budget", { replicas: 4, replicaCpuMillicores: 1000, replicaMemoryGb: 4 }, []],
    ["too many replicas", { replicas: 5 }, ["scaling.replicas is 5, over the budget of 4"]],
    ["too much CPU in all", { replicas: 3, replicaCpuMillicores: 2000 }, ["scaling takes 6000 millicores in all (3 x 2000), over the budget of 4000"]],
    ["a field left out counts one replica", { replicaMemoryGb: 17 }, ["scaling takes 17 GB in all (1 x 17), over the budget of 16"]],
    ["too much memory in all", { replicas: 4, replicaMemoryGb: 8 }, ["scaling takes 32 GB in all (4 x 8), over the budget of 16"]],
  ];
  it.each(cases)("%s", (_name, scaling, expected) => {
    expect(scalingViolations(scaling, DEFAULT_BUDGET)).toEqual(expected);
  });
  it("takes the budget from the policy's config", () => {
    expect(scalingViolations({ replicas: 5 }, { ...DEFAULT_BUDGET, maxReplicas: 8 })).toEqual([]);
  });
});

describe("alerts only on alertable tiles", () => {
  const board: DashboardView = {
    name: "board",
    props: {
      tiles: [
        { id: "t-line", name: "Errors", series: [{ type: "time" }] },
        { id: "t-number", name: "Total", series: [{ type: "number" }] },
        { id: "t-table", name: "Top pages", series: [{ type: "table" }] },
        { id: "t-md", name: "Notes", series: [{ type: "markdown" }] },
      ],
    },
  };
  const alert = (tileId: unknown, source = "tile"): AlertView => ({ name: `on-${String(tileId)}`, props: { source, tileId, dashboardId: "d" } });
  const cases: [string, AlertView, string | undefined][] = [
    ["a line tile", alert("t-line"), undefined],
    ["a number tile", alert("t-number"), undefined],
    [
      "a table tile",
      alert("t-table"),
      `alert on-t-table watches tile "Top pages" of dashboard board, a table tile; only time and number tiles can carry alerts`,
    ],
    ["a markdown tile", alert("t-md"), "a markdown tile"],
    ["a tile not known yet (first preview)", alert(undefined), undefined],
    ["a tile of a dashboard outside the stack", alert("elsewhere"), undefined],
    ["a search alert", alert("t-table", "search"), undefined],
  ];
  it.each(cases)("%s", (_name, a, expected) => {
    const got = alertTileViolations([a], [board]);
    if (expected === undefined) expect(got).toEqual([]);
    else expect(got).toEqual([{ alert: a.name, message: expect.stringContaining(expected) }]);
  });
});

describe("webhooks over https, their headers and query parameters secret", () => {
  const secretOutputs = ["headers", "queryParams"];
  const cases: [string, unknown, readonly string[] | undefined, string[]][] = [
    ["as the package stores one", { url: "https://hooks.example.com/a", headers: { Authorization: "t" }, queryParams: { k: "v" } }, secretOutputs, []],
    ["no headers, no options", { url: "https://hooks.example.com/a" }, undefined, []],
    ["a URL not known yet", { headers: { A: "b" } }, secretOutputs, []],
    ["http", { url: "http://hooks.example.com/a" }, secretOutputs, ['url "http://hooks.example.com/a" is not https']],
    ["upper-case scheme is https", { url: "HTTPS://hooks.example.com/a" }, secretOutputs, []],
    ["headers not secret", { url: "https://h.example.com", headers: { A: "b" } }, ["queryParams"], ["headers is not in additionalSecretOutputs"]],
    ["query parameters not secret", { url: "https://h.example.com", queryParams: { k: "v" } }, [], ["queryParams is not in additionalSecretOutputs"]],
    ["empty maps need nothing", { url: "https://h.example.com", headers: {}, queryParams: {} }, [], []],
  ];
  it.each(cases)("%s", (_name, props, options, expected) => {
    const got = webhookViolations(props, options);
    expect(got).toHaveLength(expected.length);
    expected.forEach((start, i) => expect(got[i]).toContain(start));
  });
});

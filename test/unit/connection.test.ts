import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { howToSet, resolveSettings, withConnection, type SettingKey } from "../../provider/config";
import { connectionChanged, settingsFor } from "../../provider/engine/connection";
import { connectionInput, connectionOptions } from "../../provider/resource-class/connection";
import { connectionFailures } from "../../provider/schemas/connection";
import { UNKNOWN } from "../../provider/schemas/unknown";
import { configureWith } from "../support/engine";
import { dashboardEngine, pipeEngine } from "../support/engines";
import { kafkaPipe } from "../support/pipe-fixtures";
import { engineInputs } from "../support/pipe-props";
import { dashboardInputs } from "../support/stack-fixtures";

/** Precedence: a resource's connection, then stack config, then the environment; per field. */
const config: Record<string, string> = { apiUrl: "http://config.test", keyId: "config-key", organizationId: "config-org" };
const env = { PIPESTACK_API_URL: "http://env.test", PIPESTACK_KEY_ID: "env-key", PIPESTACK_KEY_SECRET: "env-secret", PIPESTACK_SERVICE_ID: "env-svc" };
const base = resolveSettings((k: SettingKey) => config[k], env);

describe("withConnection", () => {
  it.each([
    [
      "no connection",
      undefined,
      { apiUrl: "http://config.test", keyId: "config-key", keySecret: "env-secret", organizationId: "config-org", serviceId: "env-svc" },
    ],
    [
      "a connection's fields win, the others stay",
      { keyId: "own-key", keySecret: "own-secret" },
      { apiUrl: "http://config.test", keyId: "own-key", keySecret: "own-secret", organizationId: "config-org", serviceId: "env-svc" },
    ],
    [
      "over config and environment alike",
      { apiUrl: "http://own.test", serviceId: "own-svc" },
      { apiUrl: "http://own.test", keyId: "config-key", keySecret: "env-secret", organizationId: "config-org", serviceId: "own-svc" },
    ],
    [
      "an empty or unknown field is no value",
      { keyId: "", keySecret: UNKNOWN },
      { apiUrl: "http://config.test", keyId: "config-key", keySecret: "env-secret", organizationId: "config-org", serviceId: "env-svc" },
    ],
  ])("%s", (_what, connection, expected) => {
    expect(withConnection(base, connection)).toMatchObject(expected);
  });

  it("keeps the defaults and leaves the base settings alone", () => {
    const over = withConnection(base, { keyId: "own-key" });
    expect(over.maxRetries).toBe(base.maxRetries);
    expect(base.keyId).toBe("config-key");
  });

  it("gives one settings object per connection, so API clients are reused", () => {
    const props = { connection: { keyId: "own-key", keySecret: "own-secret" } };
    expect(settingsFor(props, base)).toBe(settingsFor({ connection: { ...props.connection } }, base));
    expect(settingsFor({}, base)).toBe(base);
  });
});

describe("connectionFailures", () => {
  it.each([
    ["absent", undefined, []],
    ["null", null, []],
    [
      "complete",
      {
        apiUrl: "https://api.example.test",
        keyId: "k",
        keySecret: "s",
        organizationId: "org-1",
        serviceId: "svc-1",
        stackUrl: "https://stack.example.test",
        stackToken: "t",
      },
      [],
    ],
    ["unknown as a whole", UNKNOWN, []],
    ["a field unknown", { apiUrl: UNKNOWN }, []],
    ["not an object", "https://api.example.test", ["connection"]],
    ["a list", [], ["connection"]],
    ["a bad URL", { apiUrl: "api.example.test" }, ["connection.apiUrl"]],
    ["an empty secret", { keySecret: "" }, ["connection.keySecret"]],
    ["an id that would climb out of its path", { serviceId: "../x" }, ["connection.serviceId"]],
    ["a key it does not know", { region: "x" }, ["connection.region"]],
  ])("%s", (_what, value, properties) => {
    expect(connectionFailures(value).map((f) => f.property)).toEqual(properties);
  });

  it("never echoes a value", () => {
    const secret = "connection-secret-value-8812";
    const failures = connectionFailures({ apiUrl: secret, keySecret: 42, [secret]: secret });
    expect(failures.length).toBe(3);
    expect(JSON.stringify(failures.map((f) => f.reason))).not.toContain(secret);
  });
});

describe("connectionChanged", () => {
  const conn = { apiUrl: "https://api.example.test", keyId: "k", keySecret: "s" };
  it.each([
    ["same", { connection: conn }, { connection: { ...conn } }, false],
    ["neither has one", {}, {}, false],
    ["key order does not matter", { connection: { keySecret: "s", keyId: "k", apiUrl: "https://api.example.test" } }, { connection: conn }, false],
    ["a rotated secret", { connection: conn }, { connection: { ...conn, keySecret: "s2" } }, true],
    ["added", {}, { connection: conn }, true],
    ["removed", { connection: conn }, {}, true],
    ["not known yet", { connection: conn }, { connection: { ...conn, keySecret: UNKNOWN } }, true],
  ])("%s", (_what, olds, news, changed) => {
    expect(connectionChanged(olds, news)).toBe(changed);
  });
});

describe("howToSet", () => {
  it.each([
    ["keySecret", /pulumi config set --secret pipestack:keySecret .*PIPESTACK_KEY_SECRET \(or `connection\.keySecret` on the resource\)/],
    ["pollIntervalMs", /PIPESTACK_POLL_INTERVAL_MS\.$/],
  ] as const)("%s", (key, pattern) => {
    expect(howToSet(key)).toMatch(pattern);
  });
});

describe("the program side: connectionInput and connectionOptions", () => {
  it("makes the whole connection one secret, also from plain strings", async () => {
    const input = connectionInput({ connection: { apiUrl: "https://api.example.test", keySecret: "plain-string-secret-31" } });
    expect(pulumi.Output.isInstance(input)).toBe(true);
    expect(await pulumi.isSecret(input!)).toBe(true);
  });

  it("adds `connection` to the secret outputs only when there is one, keeping the others", () => {
    const opts = { additionalSecretOutputs: ["sourceSecrets"] };
    expect(connectionInput({})).toBeUndefined();
    expect(connectionOptions({}, opts)).toBe(opts);
    expect(connectionOptions({ connection: { keyId: "k" } }, opts)?.additionalSecretOutputs).toEqual(["sourceSecrets", "connection"]);
    expect(connectionOptions({ connection: { keyId: "k" } }, undefined)?.additionalSecretOutputs).toEqual(["connection"]);
  });
});

describe("a connection not known yet (a preview)", () => {
  it.each([
    [
      "a pipe",
      pipeEngine,
      () => {
        const { organizationId: _o, serviceId: _s, ...inputs } = engineInputs(kafkaPipe());
        return inputs;
      },
    ],
    ["a dashboard", dashboardEngine, () => dashboardInputs()],
  ] as const)("%s: check passes with no stack config and pins an unknown place, which previews as a possible move", async (_what, engine, inputs) => {
    configureWith({});
    const result = await engine.check({}, { ...inputs(), connection: UNKNOWN });
    expect(result.failures).toEqual([]);
    const pinned = ["organizationId", "serviceId", "stackUrl"].filter((k) => result.inputs![k] === UNKNOWN);
    expect(pinned.length).toBeGreaterThan(0);
    const olds = { ...result.inputs!, organizationId: "org-1", serviceId: "svc-1", stackUrl: undefined, connection: { keyId: "k" } };
    const diff = await engine.diff("id-1", olds, result.inputs!);
    expect(diff.replaces!.length).toBeGreaterThan(0);
    expect(diff.diffs).toContainEqual({ path: "connection", kind: "update" });
  });
});

/**
 * The secret split of plain values (provider/schemas/secret-split.ts), its one rule (`keptSecret`),
 * and both faces taking that rule: the program side's class registration (resource-class/register.ts,
 * Inputs, split by its own walk in resource-class/split-secrets.ts) and the native face's `prepare`
 * (native/resources.ts, plain values, through `splitSecrets`), over every registered kind.
 */
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { registry, type Registered } from "../../provider/registry";
import { locateSecrets } from "../../provider/schemas/field-policy";
import { keptSecret, mergeSecrets, splitSecrets } from "../../provider/schemas/secret-split";
import { registration, secretLocationsOf } from "../../provider/resource-class/register";
import { resourceOf, tokenOf } from "../../provider/native/resources";
import * as ops from "../../provider/native/operations";
import { engineOf, EXISTING } from "../support/engines";

type Obj = Record<string, any>;

/** The value of an Output (outside a preview every apply runs). */
const valueOf = <T>(o: pulumi.Input<T>): Promise<T> => new Promise((resolve) => pulumi.output(o).apply((v) => resolve(v as T)));

/** A plain value holding `leaf` at `path`. */
const at = (path: readonly string[], leaf: unknown): Obj => path.reduceRight<any>((inner, key) => ({ [key]: inner }), leaf);

/** Deep merge of plain values built by {@link at}. */
function joined(...values: Obj[]): Obj {
  const out: Obj = {};
  for (const v of values) for (const [k, x] of Object.entries(v)) out[k] = out[k] && typeof x === "object" ? joined(out[k], x) : x;
  return out;
}

/** What each face hands its engine for a program's `field` value: the readable rest and the secrets. */
async function dynamicFace(d: Registered, value: Obj): Promise<{ rest: unknown; secrets: unknown }> {
  const apart = d.secretsApart!;
  const { props } = registration(d, "res", { [apart.field]: value }, undefined);
  return { rest: await valueOf(props[apart.field] as Obj), secrets: await valueOf(props[apart.into] as Obj) };
}
function nativeFace(d: Registered, value: Obj): { rest: unknown; secrets: unknown } {
  const apart = d.secretsApart!;
  const out = resourceOf(tokenOf({ name: d.type }))!.prepare({ [apart.field]: value }, "res");
  return { rest: out[apart.field], secrets: out[apart.into] };
}

describe("splitSecrets: the secrets out of a plain value, by their locations", () => {
  const locations = {
    password: [["kafka", "password"]],
    key: [
      ["a", "key"],
      ["b", "key"],
    ],
    inList: [["list", "0", "secret"]],
  };
  it.each<[string, Obj, Obj, Obj]>([
    ["a secret where it lives", { kafka: { password: "p", brokers: "b" } }, { kafka: { brokers: "b" } }, { password: "p" }],
    ["a null secret is dropped, not kept", { kafka: { password: null } }, { kafka: {} }, {}],
    ["nothing under a missing or null holder", { kafka: null, a: {} }, { kafka: null, a: {} }, {}],
    ["one of several locations", { b: { key: "kb", n: 1 } }, { b: { n: 1 } }, { key: "kb" }],
    [
      "several locations hold one: the first in the policy's order is kept, every one emptied",
      { b: { key: "kb" }, a: { key: "ka" } },
      { a: {}, b: {} },
      { key: "ka" },
    ],
    ["a null first location holds nothing: the next one is kept", { a: { key: null }, b: { key: "kb" } }, { a: {}, b: {} }, { key: "kb" }],
    // A location is a policy's field path: it names no list item, so a list on the way ends it.
    ["a list on the path ends it", { list: [{ secret: "s", n: 1 }] }, { list: [{ secret: "s", n: 1 }] }, {}],
  ])("%s", (_why, value, rest, secrets) => {
    const before = structuredClone(value);
    expect(splitSecrets(value, locations)).toEqual({ rest, secrets });
    expect(value, "the value given is not changed").toEqual(before);
  });

  it("keptSecret: the first value that is neither null nor undefined", () => {
    expect(keptSecret([undefined, null, "x", "y"])).toBe("x");
    expect(keptSecret([null, undefined])).toBeUndefined();
  });

  it("mergeSecrets puts each secret back at every location whose holder is there", () => {
    expect(mergeSecrets({ a: { n: 1 }, list: [{}] }, { key: "k", inList: "s" }, locations)).toEqual({ a: { n: 1, key: "k" }, list: [{}] });
  });
});

// Every registered kind: its secrets' locations, from its own policy.
const kinds = registry.map((d) => ({ d, locations: d.secretsApart ? locateSecrets(d.policy[d.secretsApart.field]?.fields ?? {}) : {} }));
const withSecretsApart = kinds.filter((k) => k.d.secretsApart);
const oneLocation = withSecretsApart.flatMap(({ d, locations }) =>
  Object.entries(locations).flatMap(([name, paths]) => paths.map((path) => [`${d.type} ${name} at ${path.join(".")}`, d, name, path] as const)),
);
const severalLocations = withSecretsApart.flatMap(({ d, locations }) =>
  Object.entries(locations)
    .filter(([, paths]) => paths.length > 1)
    .map(([name, paths]) => [`${d.type} ${name} at ${paths.map((p) => p.join(".")).join(", ")}`, d, name, paths] as const),
);

describe("both faces split alike, over the registry", () => {
  it("the registry has kinds whose secrets travel apart, and secrets declared at several locations", () => {
    expect(oneLocation.length).toBeGreaterThan(0);
    expect(severalLocations.length).toBeGreaterThan(0);
  });

  it.each(oneLocation)("%s: moved out of the readable part on both faces", async (_name, d, name, path) => {
    const secret = { v: `${name}-secret` };
    const value = joined(at(path, secret), at([...path.slice(0, -1), "kept"], 1));
    const expected = { rest: at([...path.slice(0, -1), "kept"], 1), secrets: { [name]: secret } };
    expect(nativeFace(d, value)).toEqual(expected);
    expect(await dynamicFace(d, value)).toEqual(expected);
  });

  it.each(severalLocations)("%s, each set: both faces keep the first location's value", async (_name, d, name, paths) => {
    const value = joined(...paths.map((p, i) => at(p, `${name}-${i}`)));
    const expected = { rest: joined(...paths.map((p) => at(p.slice(0, -1), {}))), secrets: { [name]: `${name}-0` } };
    expect(nativeFace(d, value)).toEqual(expected);
    expect(await dynamicFace(d, value)).toEqual(expected);
  });

  it.each(kinds.filter((k) => !k.d.secretsApart).map(({ d }) => [d.type, d] as const))("%s: nothing travels apart on the native face", (_type, d) => {
    const inputs = { some: { nested: "value" } };
    expect(resourceOf(tokenOf({ name: d.type }))!.prepare(inputs, "res")).toEqual(d.named ? { ...inputs, name: "res" } : inputs);
  });
});

describe("the class's secret locations, over the registry", () => {
  it.each(withSecretsApart.map(({ d, locations }) => [d.type, d, locations] as const))(
    "%s: worked out once per kind (the same object for every resource), equal to the policy's",
    (_type, d, locations) => {
      const node = d.policy[d.secretsApart!.field];
      const first = secretLocationsOf(node);
      expect(first).toEqual(locations);
      expect(secretLocationsOf(node), "a second resource of the kind walks the policy again").toBe(first);
    },
  );
});

describe("what a program is shown when one secret sits in two source kinds", () => {
  // The API takes one source kind, so check rejects this program on either face; which location's
  // value is kept decides which failures it shows (the kept value is merged back into both kinds).
  const source = {
    kafka: { brokers: "b:1", topics: "t", authentication: "IAM_USER", credentials: { accessKeyId: "AKIAEXAMPLE", secretKey: "split-kafka-secret" } },
    postgres: { host: "h", port: 5432, database: "d", tableMappings: [], credentials: { username: "u", password: "split-postgres-password" } },
  };
  const program = { name: "two-kinds", organizationId: "o", serviceId: "s", destination: { database: "d" }, source };
  const pipe = registry.find((d) => d.type === "Pipe")!;
  const engine = engineOf("Pipe");

  it("both faces hand the engine the same inputs, and check fails alike", async () => {
    const native = nativeFace(pipe, source);
    const dynamic = await dynamicFace(pipe, source);
    expect(dynamic).toEqual(native);
    expect(native.secrets).toEqual({ credentials: source.kafka.credentials });
    // The failures each face's check answers: the engine's on the dynamic face, the plugin's on the native one.
    const dynamicShown = (await engine.check(EXISTING, { ...program, source: dynamic.rest, sourceSecrets: dynamic.secrets })).failures;
    const nativeShown = (await ops.check(resourceOf(tokenOf({ name: "Pipe" }))!, "urn:pulumi:s::p::pipestack:index:Pipe::two-kinds", EXISTING, program))
      .failures;
    expect(nativeShown).toEqual([{ property: "source", reason: expect.stringMatching(/^must set exactly one of .*\(found kafka, postgres\)$/) }]);
    expect(dynamicShown).toEqual(nativeShown);
    expect(JSON.stringify(nativeShown)).not.toMatch(/split-(kafka|postgres)-/);
  });

  // What the program wrote wrong is the count of kinds: that alone is shown under `source`, beside
  // failures elsewhere, never the fields of a kind the program did not mean.
  it.each([
    { name: "two kinds, each with its credentials", source, extra: {}, shown: [/found kafka, postgres/] },
    { name: "two kinds, no secret", source: { kinesis: { streamName: "s" }, pubsub: { topic: "t" } }, extra: {}, shown: [/found kinesis, pubsub/] },
    { name: "no kind", source: {}, extra: {}, shown: [/found none/] },
    { name: "two kinds and a bad name", source, extra: { name: "" }, shown: [/found kafka, postgres/, "name"] },
  ])("$name", async ({ source: s, extra, shown }) => {
    const inputs = { ...program, ...extra, source: s };
    const split = await dynamicFace(pipe, s);
    const dynamicShown = (await engine.check(EXISTING, { ...inputs, source: split.rest, sourceSecrets: split.secrets })).failures ?? [];
    const nativeShown = (await ops.check(resourceOf(tokenOf({ name: "Pipe" }))!, "urn:pulumi:s::p::pipestack:index:Pipe::two-kinds", EXISTING, inputs))
      .failures;
    expect(dynamicShown).toEqual(nativeShown);
    expect(dynamicShown.map((f) => f.property)).toEqual(shown.map((x) => (typeof x === "string" ? x : "source")));
    expect(dynamicShown[0].reason).toMatch(shown[0]);
  });
});

/**
 * Policy packs find resources by type token: the policy SDK's `validateResourceOfType(Pipe, ...)`
 * reads `Pipe.__pulumiType` and compares it with the type the engine reports. The compiled
 * classes, as users load them, under Pulumi's mocks: the static token must be exactly the type
 * each resource registers with; `isInstance` tells them by it, also across two installed copies.
 */
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResourceTypeName } from "../../provider/registry";

const load = createRequire(resolve(__dirname, "../../package.json"));
const pulumi = load("@pulumi/pulumi") as typeof import("@pulumi/pulumi");
const policy = load("@pulumi/policy") as typeof import("@pulumi/policy");
const pkg = load("./dist/provider/index.js") as typeof import("../../provider/index");
const { registry } = load("./dist/provider/registry/index.js") as typeof import("../../provider/registry");

const registeredTypes = new Map<string, string>();

let copies: string | undefined;
afterAll(() => copies && fs.rmSync(copies, { recursive: true, force: true }));

/**
 * A second installed copy of the package (a policy pack's, a tool's): the built dist/ and
 * package.json copied into a folder of their own, loaded with its own module cache, beside the
 * same dependencies (so the one Pulumi runtime of the mocks).
 */
function secondCopy(): typeof pkg {
  copies = fs.mkdtempSync(join(os.tmpdir(), "pipestack-class-copies-"));
  const root = resolve(__dirname, "../..");
  fs.cpSync(join(root, "dist", "provider"), join(copies, "dist", "provider"), { recursive: true });
  fs.copyFileSync(join(root, "package.json"), join(copies, "package.json"));
  fs.symlinkSync(join(root, "node_modules"), join(copies, "node_modules"), "dir");
  return createRequire(join(copies, "package.json"))("./dist/provider/index.js") as typeof pkg;
}

beforeAll(() => {
  void pulumi.runtime.setMocks(
    {
      newResource: (a) => {
        registeredTypes.set(a.name, a.type);
        return { id: `${a.name}-id`, state: { ...a.inputs, tileIds: { Errors: "tile-1" } } };
      },
      call: (a) => a.inputs,
    },
    "project",
    "stack",
    false,
  );
});

async function registeredType(name: string): Promise<string> {
  for (let i = 0; i < 200 && !registeredTypes.has(name); i++) await new Promise((r) => setTimeout(r, 10));
  const t = registeredTypes.get(name);
  if (t === undefined) throw new Error(`${name} was never registered`);
  return t;
}

describe("resource type tokens", () => {
  // One program per kind: a kind the registry gains and this map lacks does not compile.
  const make = {
    Pipe: (name: string) =>
      new pkg.Pipe(name, {
        source: { kafka: { brokers: "b:9092", topics: "t" } },
        destination: { database: "d", table: "t", managedTable: true, columns: [{ name: "id", type: "String" }] },
      }),
    StackDashboard: (name: string) => new pkg.StackDashboard(name, { tiles: [] }),
    StackAlert: (name: string) =>
      new pkg.StackAlert(name, {
        source: "search",
        savedSearchId: "s",
        threshold: 1,
        thresholdType: "above",
        interval: "5m",
        channel: { type: "webhook", webhookId: "w" },
      }),
    StackSavedSearch: (name: string) => new pkg.StackSavedSearch(name, { sourceId: "65f0c0de0000000000000002" }),
    StackWebhook: (name: string) => new pkg.StackWebhook(name, { url: "https://hooks.example.com/a" }),
    ReversePrivateEndpoint: (name: string) => new pkg.ReversePrivateEndpoint(name, { type: "VPC_ENDPOINT_SERVICE", vpcEndpointServiceName: "svc" }),
    StackConnection: (name: string) => new pkg.StackConnection(name, { host: "https://db.example.com:8443", username: "reader" }),
    StackSource: (name: string) =>
      new pkg.StackSource(name, {
        kind: "promql",
        connectionId: "65f0c0de0000000000000001",
        from: { databaseName: "d", tableName: "t" },
        timestampValueExpression: "Timestamp",
      }),
  } satisfies Record<ResourceTypeName, (name: string) => unknown>;
  const kinds = registry.map((d) => d.type);

  it.each(kinds)("%s: the static token is the type it registers with, and is exported", async (kind) => {
    const resource = make[kind](`tok-${kind}`);
    expect(await registeredType(`tok-${kind}`)).toBe(`pulumi-nodejs:dynamic/pipestack:${kind}`);
    expect(pkg[kind].__pulumiType).toBe(`pulumi-nodejs:dynamic/pipestack:${kind}`);
    expect(pkg.typeTokens[kind]).toBe(pkg[kind].__pulumiType);
    expect(pkg[kind].isInstance(resource)).toBe(true);
  });

  it("isInstance tells the resources apart, and refuses non-resources", () => {
    const board = make.StackDashboard("tok-board");
    expect(pkg.StackAlert.isInstance(board)).toBe(false);
    expect(pkg.Pipe.isInstance(board)).toBe(false);
    for (const v of [undefined, null, "pulumi-nodejs:dynamic/pipestack:Pipe", {}]) expect(pkg.Pipe.isInstance(v)).toBe(false);
    // How a policy pack's server asks (with a stand-in carrying only the token).
    expect(pkg.StackDashboard.isInstance({ __pulumiType: "pulumi-nodejs:dynamic/pipestack:StackDashboard" })).toBe(true);
  });

  it("isInstance of another copy's class tells this copy's resources, by kind", () => {
    const other = secondCopy();
    for (const kind of kinds) {
      expect(other[kind], kind).not.toBe(pkg[kind]);
      const resource = make[kind](`copy-${kind}`);
      expect(other[kind].isInstance(resource), kind).toBe(true);
      expect(other[kind === "Pipe" ? "StackAlert" : "Pipe"].isInstance(resource), kind).toBe(false);
    }
  });

  it("the policy SDK's validateResourceOfType picks the token up for each class", () => {
    for (const kind of kinds) {
      const fn = policy.validateResourceOfType(pkg[kind] as typeof pkg.Pipe, () => undefined);
      expect((fn as { __pulumiType?: string }).__pulumiType, kind).toBe(`pulumi-nodejs:dynamic/pipestack:${kind}`);
    }
  });
});

/**
 * Policy packs find resources by type token: the policy SDK's `validateResourceOfType(Pipe, ...)`
 * reads `Pipe.__pulumiType` and compares it with the type the engine reports. The compiled
 * classes, as users load them, under Pulumi's mocks: the static token must be exactly the type
 * each resource registers with.
 */
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

const load = createRequire(resolve(__dirname, "../../package.json"));
const pulumi = load("@pulumi/pulumi") as typeof import("@pulumi/pulumi");
const policy = load("@pulumi/policy") as typeof import("@pulumi/policy");
const pkg = load("./dist/provider/index.js") as typeof import("../../provider/index");

const registeredTypes = new Map<string, string>();

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
  const make = {
    Pipe: () =>
      new pkg.Pipe("tok-pipe", {
        source: { kafka: { brokers: "b:9092", topics: "t" } },
        destination: { database: "d", table: "t", managedTable: true, columns: [{ name: "id", type: "String" }] },
      }),
    StackDashboard: () => new pkg.StackDashboard("tok-board", { tiles: [] }),
    StackAlert: () =>
      new pkg.StackAlert("tok-alert", {
        source: "search",
        savedSearchId: "s",
        threshold: 1,
        thresholdType: "above",
        interval: "5m",
        channel: { type: "webhook", webhookId: "w" },
      }),
    StackSavedSearch: () => new pkg.StackSavedSearch("tok-search", { sourceId: "65f0c0de0000000000000002" }),
    StackWebhook: () => new pkg.StackWebhook("tok-hook", { url: "https://hooks.example.com/a" }),
    ReversePrivateEndpoint: () => new pkg.ReversePrivateEndpoint("tok-endpoint", { type: "VPC_ENDPOINT_SERVICE", vpcEndpointServiceName: "svc" }),
  } as const;
  const names = {
    Pipe: "tok-pipe",
    StackDashboard: "tok-board",
    StackAlert: "tok-alert",
    StackSavedSearch: "tok-search",
    StackWebhook: "tok-hook",
    ReversePrivateEndpoint: "tok-endpoint",
  } as const;

  it.each(Object.keys(make) as (keyof typeof make)[])("%s: the static token is the type it registers with, and is exported", async (kind) => {
    const resource = make[kind]();
    expect(await registeredType(names[kind])).toBe(`pulumi-nodejs:dynamic/pipestack:${kind}`);
    expect(pkg[kind].__pulumiType).toBe(`pulumi-nodejs:dynamic/pipestack:${kind}`);
    expect(pkg.typeTokens[kind]).toBe(pkg[kind].__pulumiType);
    expect(pkg[kind].isInstance(resource)).toBe(true);
  });

  it("isInstance tells the resources apart, and refuses non-resources", () => {
    const board = make.StackDashboard();
    expect(pkg.StackAlert.isInstance(board)).toBe(false);
    expect(pkg.Pipe.isInstance(board)).toBe(false);
    for (const v of [undefined, null, "pulumi-nodejs:dynamic/pipestack:Pipe", {}]) expect(pkg.Pipe.isInstance(v)).toBe(false);
    // How a policy pack's server asks (with a stand-in carrying only the token).
    expect(pkg.StackDashboard.isInstance({ __pulumiType: "pulumi-nodejs:dynamic/pipestack:StackDashboard" })).toBe(true);
  });

  it("the policy SDK's validateResourceOfType picks the token up for each class", () => {
    const fns = {
      Pipe: policy.validateResourceOfType(pkg.Pipe, () => undefined),
      StackDashboard: policy.validateResourceOfType(pkg.StackDashboard, () => undefined),
      StackAlert: policy.validateResourceOfType(pkg.StackAlert, () => undefined),
      StackSavedSearch: policy.validateResourceOfType(pkg.StackSavedSearch, () => undefined),
      StackWebhook: policy.validateResourceOfType(pkg.StackWebhook, () => undefined),
      ReversePrivateEndpoint: policy.validateResourceOfType(pkg.ReversePrivateEndpoint, () => undefined),
    };
    for (const [kind, fn] of Object.entries(fns)) expect((fn as { __pulumiType?: string }).__pulumiType).toBe(`pulumi-nodejs:dynamic/pipestack:${kind}`);
  });
});

/**
 * Every registered resource: every field of a resource's policy (the schema's keys) that
 * the program sets reaches the engine's inputs through the class, under Pulumi's mocks; a field
 * left unset that is only an instruction to the provider (`adoptId`, `waitTimeoutSeconds`) is
 * not registered at all; the class has an output for every other field.
 */
import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import * as entry from "../../provider/index";
import type { Pipe, ReversePrivateEndpoint, StackAlert, StackDashboard, StackSavedSearch, StackWebhook } from "../../provider/index";
import { registry, type ResourceTypeName } from "../../provider/registry";
import { computedKeys, type PolicyTree } from "../../provider/schemas/field-policy";
import { pipePolicy } from "../../provider/resources/pipe/policy";
import { endpointPolicy } from "../../provider/resources/reverse-private-endpoint/policy";
import { stackAlertPolicy } from "../../provider/resources/stack-alert/policy";
import { stackDashboardPolicy } from "../../provider/resources/stack-dashboard/policy";
import { stackSavedSearchPolicy } from "../../provider/resources/stack-saved-search/policy";
import { stackWebhookPolicy } from "../../provider/resources/stack-webhook/policy";

type Obj = Record<string, any>;
const registered = new Map<string, Obj>();

beforeAll(() => {
  void pulumi.runtime.setMocks(
    {
      newResource: (a) => {
        registered.set(a.name, a.inputs);
        return { id: `${a.name}-id`, state: a.inputs };
      },
      call: (a) => a.inputs,
    },
    "project",
    "stack",
    false,
  );
});

async function registration(name: string): Promise<Obj> {
  for (let i = 0; i < 300; i++) {
    const found = registered.get(name);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${name} was never registered`);
}

/** The value inside a secret as the mocked engine receives it; fails when the value is not a secret. */
function secretValue(v: unknown): unknown {
  const sig = "4dabf18193072939515e22adb298388d";
  expect(v, "a secret").toMatchObject({ [sig]: "1b47061264138c4ac30d75fd1eb44270" });
  return (v as Obj).value;
}

type Make = (name: string, args: Obj) => pulumi.CustomResource;
interface Row {
  policy: PolicyTree;
  serverOutputs: readonly string[];
  make: Make;
  /** Values of fields the class reshapes (the pipe's source: credentials travel apart). */
  values?: Obj;
  /** Where a field's value arrives when not under its own key. */
  arrives?: Obj;
}

/** The kinds whose classes reshape or hide a field: the values to set and where they arrive. */
const RESHAPED: Partial<Record<ResourceTypeName, Pick<Row, "values" | "arrives">>> = {
  Pipe: {
    values: { source: { kafka: { brokers: "b:9092", topics: "t", credentials: { username: "u", password: "p" } } } },
    arrives: { sourceSecrets: { credentials: { username: "u", password: "p" } } },
  },
  // Written plainly: the class registers them as secrets.
  StackWebhook: {
    values: { headers: { Authorization: "Bearer t" }, queryParams: { k: "v" } },
    arrives: { headers: { Authorization: "Bearer t" }, queryParams: { k: "v" } },
  },
};

/** One row per registered kind: its policy and server outputs from its definition, its class from the package entry. */
const ROWS: [string, Row][] = registry.map((d) => {
  const Class = (entry as unknown as Record<string, new (name: string, args: Obj) => pulumi.CustomResource>)[d.type];
  const row: Row = { policy: d.policy, serverOutputs: computedKeys(d.computed), make: (n, a) => new Class(n, a), ...RESHAPED[d.type] };
  const arrives = { ...secretFields(row), ...row.arrives };
  return [d.type, Object.keys(arrives).length > 0 ? { ...row, arrives } : row];
});

/** A top-level secret field, written plainly, arrives under its own key as a secret (the class registers it so): from the policy. */
function secretFields(row: Row): Obj {
  const args = everyField(row);
  return Object.fromEntries(
    Object.entries(row.policy)
      .filter(([, node]) => node.secret !== undefined)
      .map(([k]) => [k, args[k]]),
  );
}

/** Every field of the policy set to a value of its own, and a connection. */
function everyField(row: Row): Obj {
  const args: Obj = { connection: { keyId: "k" } };
  for (const key of Object.keys(row.policy)) args[key] = row.values?.[key] ?? `value-of-${key}`;
  return args;
}

describe.each(ROWS)("%s: every arg key reaches the engine's inputs", (type, row) => {
  it.each(Object.keys(row.policy).map((k) => [k]))("%s", async (key) => {
    const name = `${type}-all`;
    if (!registered.has(name)) row.make(name, everyField(row));
    const inputs = await registration(name);
    // A secret field arrives as a secret (checked below).
    if (key !== "source" && row.arrives && key in row.arrives) return;
    const expected = key === "source" && row.arrives ? { kafka: { brokers: "b:9092", topics: "t" } } : everyField(row)[key];
    expect(inputs[key], `${key} reaches the inputs`).toEqual(expected);
  });

  it("the connection and the secrets kept apart reach them too, as secrets", async () => {
    const inputs = await registration(`${type}-all`);
    expect(secretValue(inputs.connection)).toEqual({ keyId: "k" });
    for (const [k, v] of Object.entries(row.arrives ?? {})) expect(secretValue(inputs[k]), k).toEqual(v);
  });

  it("unset instructions are not registered; every other field and server output is an output of the class", async () => {
    const name = `${type}-bare`;
    const resource = row.make(name, {}) as unknown as Obj;
    await registration(name);
    const instructions = Object.entries(row.policy)
      .filter(([, n]) => n.inputOnly)
      .map(([k]) => k);
    for (const k of instructions) expect(resource[k], `${k} is not registered`).toBeUndefined();
    for (const k of [...Object.keys(row.policy).filter((k) => !instructions.includes(k)), ...row.serverOutputs]) {
      expect(pulumi.Output.isInstance(resource[k]), `${k} is an output`).toBe(true);
    }
    expect(resource.connection, "no connection, no output").toBeUndefined();
  });
});

/** The policy fields a class must declare as outputs: all but the instructions to the provider. */
type OutputKeys<P> = { [K in keyof P]: P[K] extends { inputOnly: true } ? never : K }[keyof P];

describe("each class declares an output for every field of its policy but the instructions", () => {
  it("types", () => {
    expectTypeOf<Exclude<OutputKeys<typeof pipePolicy>, keyof Pipe>>().toEqualTypeOf<never>();
    expectTypeOf<Exclude<OutputKeys<typeof endpointPolicy>, keyof ReversePrivateEndpoint>>().toEqualTypeOf<never>();
    expectTypeOf<Exclude<OutputKeys<typeof stackDashboardPolicy>, keyof StackDashboard>>().toEqualTypeOf<never>();
    expectTypeOf<Exclude<OutputKeys<typeof stackAlertPolicy>, keyof StackAlert>>().toEqualTypeOf<never>();
    expectTypeOf<Exclude<OutputKeys<typeof stackSavedSearchPolicy>, keyof StackSavedSearch>>().toEqualTypeOf<never>();
    expectTypeOf<Exclude<OutputKeys<typeof stackWebhookPolicy>, keyof StackWebhook>>().toEqualTypeOf<never>();
  });
});

/** The policy fields that declare their output's own schema (`output`), and that schema's type. */
type OwnOutputs<P> = {
  [K in keyof P as P[K] extends { output: unknown } ? K : never]: P[K] extends { output: z.ZodTypeAny } ? z.output<P[K]["output"]> : never;
};

describe("a field whose policy declares its output's own schema is typed by it on the class", () => {
  it("types", () => {
    expectTypeOf<keyof OwnOutputs<typeof stackDashboardPolicy>>().toEqualTypeOf<"tiles">();
    expectTypeOf<StackDashboard["tiles"]>().toEqualTypeOf<pulumi.Output<OwnOutputs<typeof stackDashboardPolicy>["tiles"]>>();
    // A stored tile: its server id and its key, always set (the input tile has no id, its key optional).
    expectTypeOf<pulumi.Unwrap<StackDashboard["tiles"]>[number]>().toHaveProperty("id").toEqualTypeOf<string>();
    expectTypeOf<pulumi.Unwrap<StackDashboard["tiles"]>[number]>().toHaveProperty("key").toEqualTypeOf<string>();
    // Absent while no alert keeps a removed tile: a program must be told it may be undefined.
    expectTypeOf<pulumi.Unwrap<StackDashboard["pendingTiles"]>>().toEqualTypeOf<pulumi.Unwrap<StackDashboard["tiles"]> | undefined>();
    expectTypeOf<keyof OwnOutputs<typeof pipePolicy>>().toEqualTypeOf<never>();
    expectTypeOf<keyof OwnOutputs<typeof endpointPolicy>>().toEqualTypeOf<never>();
    expectTypeOf<keyof OwnOutputs<typeof stackAlertPolicy>>().toEqualTypeOf<never>();
    expectTypeOf<keyof OwnOutputs<typeof stackSavedSearchPolicy>>().toEqualTypeOf<never>();
    expectTypeOf<keyof OwnOutputs<typeof stackWebhookPolicy>>().toEqualTypeOf<never>();
  });
});

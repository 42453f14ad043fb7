/**
 * Every documented field reaches the wire, through the resource classes: each resource's class
 * is constructed as a program does (Pulumi's mocks standing in for the engine), its registered
 * inputs go through the real engine (`check`, then `create`) to the emulator, and the key paths
 * of the request bodies the emulator recorded must hold every field the program set.
 *
 * Driven from the schemas: the fixtures together must set every field path of the resource's
 * schema, into each variant of a union (a new field, or a new variant's field, fails the
 * coverage case until a fixture sets it), and every path a
 * fixture sets in a field the policy sends in a body must be in that fixture's create body.
 * Fields the wire never carries as written are listed below with why (`NOT_ON_THE_WIRE`).
 */
import * as pulumi from "@pulumi/pulumi";
import type { ZodTypeAny } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { keyPaths } from "../../emulator/body-shapes";
import type { PolicyTree } from "../../provider/schemas/field-policy";
import * as entry from "../../provider/index";
import { registry, typeTokens, type ResourceTypeName } from "../../provider/registry";
import { type Engine, EXISTING } from "../support/engines";
import { schemaPaths, valuePaths } from "../support/schema-paths";
import { startTestEmulator } from "../support/emulator";
import { makeRefs, WIRE_FIXTURES, type Refs } from "./wire-fixtures";
import { TARGETS, useTarget, type TargetKind } from "../support/stack-targets";
import { METRIC_TABLE_WIRE } from "../../provider/resources/stack-source/body";

type Obj = Record<string, any>;

/**
 * Paths a program writes that no create body carries as written, and why. Each is a schema path
 * (`[]` for array items); one that a fixture sets and a body then carries is no exception.
 */
export const NOT_ON_THE_WIRE: Record<string, Record<string, string>> = {
  StackDashboard: {
    "tiles[].key": "the program's identity of a tile: the server does not know keys (ids are carried by key instead)",
    "filters[].id": "the server gives each filter its id; a POST must not carry one (a PUT carries the id the name had)",
  },
};

/**
 * Variants of a union a program cannot write (check refuses them), and why: the coverage case
 * does not ask a fixture to set their fields. Each names a variant path (`filters[]<sql_ast>`).
 */
export const NEVER_WRITTEN: Record<string, Record<string, string>> = {
  StackSavedSearch: {
    "filters[]<sql_ast>": "the server reads filters made elsewhere back in this form, but refuses it on write; check refuses it first",
    "filters[]<lucene>": "the server takes only sql conditions through its API; check refuses lucene first",
  },
};

interface Row {
  make: (name: string, args: Obj) => pulumi.CustomResource;
  engine: Engine;
  schema: ZodTypeAny;
  policy: PolicyTree;
  /** The create route, as the emulator names it (`POST /api/v2/dashboards`). */
  route: RegExp;
}

/** The create route of each kind, as the emulator names it: a definition does not say it (nor what `NEVER_WRITTEN` and `NESTED_ON_WIRE` say). */
const CREATE_ROUTES: Record<ResourceTypeName, RegExp> = {
  Pipe: /^POST .*\/pipes$/,
  ReversePrivateEndpoint: /^POST .*\/pipesReversePrivateEndpoints$/,
  StackDashboard: /^POST .*\/dashboards$/,
  StackAlert: /^POST .*\/alerts$/,
  StackSavedSearch: /^POST .*\/saved-searches$/,
  StackWebhook: /^POST .*\/webhooks$/,
  StackConnection: /^POST .*\/connections$/,
  StackSource: /^POST .*\/sources$/,
};

/** Each registered kind's row, from its definition (engine, schema, policy) and the class the package exports under its name. */
const ROWS = Object.fromEntries(
  registry.map((d) => {
    const Class = (entry as unknown as Record<string, unknown>)[d.type] as new (name: string, args: Obj) => pulumi.CustomResource;
    return [
      d.type,
      { make: (n, a) => new Class(n, a), engine: d.provider as unknown as Engine, schema: d.spec, policy: d.policy, route: CREATE_ROUTES[d.type] },
    ];
  }),
) as Record<ResourceTypeName, Row>;

const ENGINES: Record<string, Engine> = Object.fromEntries((Object.keys(ROWS) as (keyof typeof ROWS)[]).map((type) => [typeTokens[type], ROWS[type].engine]));

/** A registered value as the engine gets it: secrets unwrapped (the dynamic provider takes none). */
function plain(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(plain);
  if (v === null || typeof v !== "object") return v;
  const o = v as Obj;
  if (o["4dabf18193072939515e22adb298388d"] === "1b47061264138c4ac30d75fd1eb44270") return plain(o.value);
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, plain(x)]));
}

/** The top-level fields of a policy that travel in a body (not the URL, not the provider's own). */
const bodyFields = (policy: PolicyTree) => new Set(Object.keys(policy).filter((k) => (policy[k].sent ?? "body") === "body"));

/** The paths of a fixture that must reach its create body. */
/** Nested paths the server names otherwise (a metric table's key with a space no SDK can carry as a property name). */
const NESTED_ON_WIRE: Record<string, Record<string, string>> = {
  StackSource: Object.fromEntries(Object.entries(METRIC_TABLE_WIRE).map(([k, v]) => [`metricTables.${k}`, `metricTables.${v}`])),
};

export function expectedOnWire(type: keyof typeof ROWS, fixture: Obj): string[] {
  const sent = bodyFields(ROWS[type].policy);
  const skip = NOT_ON_THE_WIRE[type] ?? {};
  const policy = ROWS[type].policy;
  // A field the server names otherwise (the policy's `answerKey`: a source's `connectionId` is its `connection`) travels under that name.
  const onWire = (p: string) => {
    const head = p.split(/[.[]/)[0];
    const key = policy[head]?.answerKey;
    const nested = NESTED_ON_WIRE[type]?.[p] ?? p;
    return key ? `${key}${nested.slice(head.length)}` : nested;
  };
  return keyPaths(fixture)
    .filter((p) => sent.has(p.split(/[.[]/)[0]) && !(p in skip))
    .map(onWire);
}

/**
 * The schema paths the fixtures must set: every path under a field the policy sends in a body,
 * into every variant of every union (but those {@link NEVER_WRITTEN}).
 */
export function requiredCoverage(type: keyof typeof ROWS): string[] {
  const sent = bodyFields(ROWS[type].policy);
  const never = Object.keys(NEVER_WRITTEN[type] ?? {});
  return schemaPaths(ROWS[type].schema).filter((p) => sent.has(p.split(/[.[<]/)[0]) && !never.some((v) => p.startsWith(`${v}.`)));
}

const DUMMY: Refs = { source: "s", traceSource: "ts", connectionId: "c", dashboardId: "d", tileId: "t", webhookId: "w", savedSearchId: "q", endpointId: "e" };

/**
 * The targets each kind's fixtures go to: a stack kind's to both ways in (the server's `/api/v2`
 * and the cloud's `/stack` proxy, whose bodies and answers differ), any other kind's to its one API.
 */
const targetsOf = (type: ResourceTypeName): TargetKind[] => (type.startsWith("Stack") ? TARGETS : ["cloud"]);

/** A stack create's route on each target, as the emulator names it. */
const VIA: Record<TargetKind, RegExp> = { server: /^POST \/api\/v2\//, cloud: /^POST \/v1\/.*\/stack\// };

let emulator: Emulator;
const refs = {} as Record<TargetKind, Refs>;
const failures: string[] = [];

beforeAll(async () => {
  emulator = await startTestEmulator({ stackApiVersion: "2.36.0", stepMs: 0 });
  for (const target of TARGETS) refs[target] = await makeRefs(emulator, target);
  void pulumi.runtime.setMocks(
    {
      newResource: async (a) => {
        const engine = ENGINES[a.type];
        const inputs = plain(a.inputs) as Obj;
        const checked = await engine.check(EXISTING, inputs);
        if (checked.failures?.length) {
          const why = `${a.name}: check failed: ${JSON.stringify(checked.failures)}`;
          failures.push(why);
          throw new Error(why);
        }
        try {
          const { id, outs } = await engine.create(checked.inputs!);
          return { id, state: outs };
        } catch (err) {
          failures.push(`${a.name}: ${(err as Error).message}`);
          throw err;
        }
      },
      call: (a) => a.inputs,
    },
    "project",
    "stack",
    false,
  );
}, 60_000);
afterAll(() => emulator?.close());

/** Registers one resource through its class on `target` and waits for its create; returns the body paths its create sent. */
async function registerOne(type: keyof typeof ROWS, target: TargetKind, name: string, args: Obj): Promise<string[]> {
  useTarget(target, emulator, { pollIntervalMs: "10" });
  const before = emulator.control.bodies().length;
  const resource = ROWS[type].make(name, args);
  // The id resolves once the mocked engine created the object (rejects when it could not).
  await (resource.id as unknown as { promise(): Promise<string> }).promise();
  const created = emulator.control
    .bodies()
    .slice(before)
    .filter((b) => ROWS[type].route.test(b.route));
  expect(
    failures.filter((f) => f.startsWith(`${name}:`)),
    "checked and created",
  ).toEqual([]);
  expect(created, `${name}: one create body`).toHaveLength(1);
  if (targetsOf(type).length > 1) expect(created[0].route, `${name}: created through the ${target} target`).toMatch(VIA[target]);
  return created[0].paths;
}

const KINDS = Object.keys(WIRE_FIXTURES) as (keyof typeof WIRE_FIXTURES)[];

describe.each(KINDS)("%s", (type) => {
  it("the fixtures set every field path of the schema that a body carries, in every variant", () => {
    const set = new Set(WIRE_FIXTURES[type](DUMMY).flatMap((f) => valuePaths(ROWS[type].schema, f)));
    expect(requiredCoverage(type).filter((p) => !set.has(p))).toEqual([]);
  });
});

describe.each(KINDS.flatMap((type) => targetsOf(type).map((target) => [type, target] as const)))("%s on the %s target", (type, target) => {
  const fixtures = WIRE_FIXTURES[type](DUMMY);
  const sent = new Map<number, Promise<string[]>>();
  const register = (i: number) => registerOne(type, target, `${type.toLowerCase()}-${target}-${i}`, WIRE_FIXTURES[type](refs[target])[i]);

  // The exceptions stay true: a fixture sets each, and its create body does not carry it.
  const exceptions = fixtures.flatMap((f, i) =>
    keyPaths(f)
      .filter((p) => p in (NOT_ON_THE_WIRE[type] ?? {}))
      .map((path) => [i, path] as const),
  );
  if (exceptions.length > 0) {
    it.each(exceptions)(
      `fixture %i: %s is set and never sent`,
      async (i, path) => {
        if (!sent.has(i)) sent.set(i, register(i));
        expect(await sent.get(i)).not.toContain(path);
      },
      30_000,
    );
  }

  const cases = fixtures.flatMap((f, i) => expectedOnWire(type, f).map((path) => [i, path] as const));
  it.each(cases)(
    `fixture %i: %s reaches the create body`,
    async (i, path) => {
      if (!sent.has(i)) sent.set(i, register(i));
      expect(await sent.get(i)).toContain(path);
    },
    30_000,
  );
});

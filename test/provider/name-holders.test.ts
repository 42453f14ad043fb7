/**
 * The in-flight holder rule (provider/engine/name-holder.ts), for every registered kind whose
 * server keeps a name unique: generated from the registry, each kind's case declared once below
 * (a kind the table lacks fails to compile; a row that disagrees with the engine's declaration
 * fails). Two stacks create one name at once: the loser finds a holder made seconds ago, at its
 * gate (`check`), before its POST, or in the server's refusal, and is never offered it for
 * adoption ("wait and run again"); an older holder is offered, with the destroy warning.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { registry, type ResourceTypeName } from "../../provider/registry";
import { uniquelyNamed } from "../../provider/engine/define-engine";
import { NO_UNIQUE_NAME } from "../../provider/engine/name-holder";
import { createBody as pipeBody } from "../../provider/resources/pipe/body";
import type { PipeInputs } from "../../provider/resources/pipe/policy";
import { engineOf, type Engine } from "../support/engines";
import { kafkaPipe } from "../support/pipe-fixtures";
import { engineInputs } from "../support/pipe-props";
import { rawJson } from "../support/raw-api";
import { anHourAgo } from "../support/an-hour-ago";
import { storedPipes, storedStack, type Stored } from "../support/stored";
import { checked } from "../support/engine-run";
import { useTarget, type TargetKind } from "../support/stack-targets";
import { startTestEmulator } from "../support/emulator";

type Obj = Record<string, any>;

/** How one kind with a unique name is driven here. */
interface NamedCase {
  target: TargetKind;
  /** A program's inputs claiming `name`. */
  inputs(emulator: Emulator, name: string): Obj;
  /**
   * Another stack's create of the name, behind this provider's back: where the kind's gate lets a
   * look-alike through to the create, it differs in a field fixed at creation.
   */
  makeHolder(emulator: Emulator, checkedInputs: Obj): Promise<{ id: string }>;
  /** The kind's objects in the emulator. */
  stored(emulator: Emulator): Stored[];
  /** The route of its POSTs, as the emulator counts them. */
  post: RegExp;
}

const NAMED = {
  Pipe: {
    target: "cloud",
    inputs: (emulator, name) => engineInputs(kafkaPipe(name), { organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId }),
    makeHolder: (emulator, inputs) => {
      const body = pipeBody(inputs as PipeInputs);
      return rawJson(emulator, "cloud", "POST", "/pipes", { ...body, destination: { ...(body.destination as Obj), table: `${inputs.name}_theirs` } });
    },
    stored: (emulator) => storedPipes(emulator),
    post: /^POST .*\/pipes$/,
  },
  StackWebhook: {
    target: "server",
    inputs: (_emulator, name) => ({ name, url: "https://hooks.example.com/race" }),
    makeHolder: (emulator, inputs) =>
      rawJson(emulator, "stack-server", "POST", "/webhooks", { name: inputs.name, service: "generic", url: "https://hooks.example.com/theirs" }),
    stored: (emulator) => storedStack(emulator, "server").webhooks,
    post: /^POST .*\/webhooks$/,
  },
  ReversePrivateEndpoint: NO_UNIQUE_NAME,
  StackDashboard: NO_UNIQUE_NAME,
  StackAlert: NO_UNIQUE_NAME,
  StackSavedSearch: NO_UNIQUE_NAME,
  StackConnection: NO_UNIQUE_NAME,
  StackSource: NO_UNIQUE_NAME,
} as const satisfies Record<ResourceTypeName, NamedCase | typeof NO_UNIQUE_NAME>;

const ADOPT = /adoptId|pipestack:adopt|pulumi import/;
const WAIT = "Another create may be running: wait and run `pulumi up` again";
const DESTROY_WARNING = /adopting another stack's (pipe|webhook) means a `destroy` of this stack deletes it/;

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ stackApiVersion: "2.36.0" });
});
afterAll(() => emulator.close());
beforeEach(() => {
  emulator.control.reset();
  emulator.control.clearScripts();
});

it("the table agrees with every engine's declaration: a row for each kind whose engine declares a unique name", () => {
  const declared = registry.filter((d) => uniquelyNamed(d.provider)).map((d) => d.type);
  const rows = Object.entries(NAMED)
    .filter(([, row]) => row !== NO_UNIQUE_NAME)
    .map(([type]) => type);
  expect(rows.sort()).toEqual([...declared].sort());
  expect(declared.length, "pipes and webhooks have unique names").toBeGreaterThanOrEqual(2);
});

const cases = (Object.entries(NAMED) as [ResourceTypeName, NamedCase | typeof NO_UNIQUE_NAME][]).filter(
  (e): e is [ResourceTypeName, NamedCase] => e[1] !== NO_UNIQUE_NAME,
);

describe.each(cases)("%s: a name another stack holds", (type, row) => {
  const engine: Engine = engineOf(type);
  /** A provider process of its own (nothing read before is known to it). */
  const newProcess = () => useTarget(row.target, emulator, { pollIntervalMs: "10", maxRetries: "1" });
  const posts = () => emulator.control.bodies().filter((b) => row.post.test(b.route)).length;
  let n = 0;
  const fresh = () => `race-${type.toLowerCase()}-${++n}`;
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => "",
      (e: Error) => e.message,
    );

  it("made seconds ago: the gate and the create say wait and run again, offer no adoption, and post nothing", async () => {
    newProcess();
    const inputs = row.inputs(emulator, fresh());
    const holder = await row.makeHolder(emulator, await checked(engine, inputs));
    newProcess();
    const gate = await engine.check({}, inputs);
    const reason = (gate.failures ?? []).map((f) => `${f.property}: ${f.reason}`).join("\n");
    expect(reason).toMatch(new RegExp(`^name: the name "${inputs.name}" is taken by \\w+ ${holder.id}`));
    expect(reason).toContain(WAIT);
    expect(reason).not.toMatch(ADOPT);
    // With `--skip-preview` the gate's failure still stops it; the create's own list refuses the same way.
    const sent = posts();
    const refused = await failure(engine.create(gate.inputs!));
    expect(refused).toMatch(new RegExp(`not sent: the name "${inputs.name}" is taken by \\w+ ${holder.id}`));
    expect(refused).toContain(WAIT);
    expect(refused).not.toMatch(ADOPT);
    expect(posts() - sent, "no POST").toBe(0);
    expect(row.stored(emulator).map((o) => o.id)).toContain(holder.id);
  });

  it("made after this run's check (the server refuses the name): named as made while this create ran, no adoption, nothing left of this create", async () => {
    newProcess();
    const inputs = row.inputs(emulator, fresh());
    const gate = await engine.check({}, inputs);
    expect(gate.failures).toEqual([]);
    const holder = await row.makeHolder(emulator, gate.inputs!);
    const before = row.stored(emulator).map((o) => o.id);
    const refused = await failure(engine.create(gate.inputs!));
    expect(refused).toContain(`${holder.id}`);
    expect(refused).toContain("was made by someone else while this create ran");
    expect(refused).toContain(WAIT);
    expect(refused).not.toMatch(ADOPT);
    const after = row.stored(emulator).filter((o) => !o.deleteAt && o.state !== "Deleting");
    expect(after.map((o) => o.id).sort(), "only theirs: this create left nothing").toEqual(before.sort());
  });

  it("made an hour ago: the gate offers the adoption, warning that a destroy would delete another stack's object", async () => {
    newProcess();
    const inputs = row.inputs(emulator, fresh());
    const holder = await anHourAgo(async () => row.makeHolder(emulator, await checked(engine, inputs)));
    newProcess();
    const reason = ((await engine.check({}, inputs)).failures ?? []).map((f) => f.reason).join("\n");
    expect(reason).toContain(holder.id);
    expect(reason).toMatch(new RegExp(`adoptId: \\\\?"${holder.id}`));
    expect(reason).toMatch(DESTROY_WARNING);
    expect(reason).not.toContain("wait and run");
  });
});

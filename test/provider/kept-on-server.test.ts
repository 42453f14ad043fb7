/**
 * An existing object's write-only fields are the server's until the program sets them (issue
 * 33 item 3, issue 36), over the registry: every kind whose policy has write-only secrets (today
 * the pipe's credentials, the webhook's headers and query parameters) gets an object made
 * outside (raw API) with every such field set, then adopted by `adoptId` and imported (read with
 * no prior state, as `pulumi import` does) by the program an import writes. That program checks
 * and previews clean, a one-field change says "kept as on the server" and sends no clearing (the
 * emulator's recorded bodies), and the server still holds them; a program that sets one empty
 * clears it, as a change the diff shows (or is refused at check with the path, where the kind
 * takes no empty value); a create without them is checked as ever.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { keptPaths } from "../../provider/engine/kept-on-server";
import { importedInputs } from "../../provider/native/imported-inputs";
import { setProgressSink } from "../../provider/progress/report";
import { registry, type ResourceTypeName } from "../../provider/registry";
import { CONNECTION_KEY } from "../../provider/schemas/connection";
import { splitSourceSecrets } from "../../provider/resources/pipe/secrets";
import { startTestEmulator } from "../support/emulator";
import { engineOf } from "../support/engines";
import { kafkaPipe } from "../support/pipe-bodies";
import { rawJson } from "../support/raw-api";
import { useTarget } from "../support/stack-targets";
import { storedPipes, storedStack } from "../support/stored";

type Obj = Record<string, any>;

/** The kinds the rule covers: those whose policy has write-only secrets. */
const kinds = registry.filter((d) => keptPaths(d.policy).length > 0);

/** How each such kind's object is made outside and looked at on the server. A kind the registry gains needs a row. */
interface Outside {
  /** Makes the object through the raw API, every write-only field of its variant set; its id. */
  make(emulator: Emulator, name: string): Promise<string>;
  /** The keys the server holds under each write-only field the object was made with (values never shown). */
  held(emulator: Emulator, id: string): Record<string, string[]>;
  /** A one-field change of the program, and the path its diff shows. */
  change: { path: string; apply(program: Obj): Obj };
  /** The program with every write-only field of the object set (as a program that manages them). */
  withValues(program: Obj): Obj;
  /** One write-only field set empty as a program would write it, and its path. */
  emptied: { path: string; apply(program: Obj): Obj };
  /** The program as the engine takes it (a pipe's secrets travel apart, in `sourceSecrets`). */
  engineForm(program: Obj): Obj;
}

const asEngine = (program: Obj): Obj => program;

const OUTSIDE: Partial<Record<ResourceTypeName, Outside>> = {
  Pipe: {
    async make(emulator, name) {
      return (await rawJson(emulator, "cloud", "POST", "/pipes", kafkaPipe(name))).id as string;
    },
    held(emulator, id) {
      const pipe = storedPipes(emulator).find((p) => p.id === id);
      return { "source.kafka.credentials": Object.keys(pipe?.source.credentials ?? {}) };
    },
    change: { path: "name", apply: (p) => ({ ...p, name: `${String(p.name)}-renamed` }) },
    withValues: (p) => ({ ...p, source: { kafka: { ...p.source.kafka, credentials: { username: "svc-user", password: "kept-pass-77" } } } }),
    emptied: { path: "source.kafka.credentials", apply: (p) => ({ ...p, source: { kafka: { ...p.source.kafka, credentials: {} } } }) },
    engineForm(program) {
      const { source, secrets } = splitSourceSecrets(program.source as Obj);
      return { ...program, source, sourceSecrets: secrets };
    },
  },
  StackWebhook: {
    async make(emulator, name) {
      const body = {
        name,
        service: "generic",
        url: "https://hooks.example.com/outside",
        headers: { Authorization: "Bearer out-9", "X-Src": "s" },
        queryParams: { q: "1" },
      };
      return (await rawJson(emulator, "stack-server", "POST", "/webhooks", body)).id as string;
    },
    held(emulator, id) {
      const hook = storedStack(emulator, "server").webhooks.find((w) => w.id === id);
      return { headers: Object.keys(hook?.headers ?? {}), queryParams: Object.keys(hook?.queryParams ?? {}) };
    },
    change: { path: "description", apply: (p) => ({ ...p, description: "pages the on-call" }) },
    withValues: (p) => ({ ...p, headers: { Authorization: "Bearer in-9", "X-Src": "s" }, queryParams: { q: "2" } }),
    emptied: { path: "headers", apply: (p) => ({ ...p, headers: {} }) },
    engineForm: asEngine,
  },
  StackConnection: {
    async make(emulator, name) {
      const body = { name, host: "https://db.example.com:8443", username: "outside", password: "outside-password-9" };
      return (await rawJson(emulator, "stack-server", "POST", "/connections", body)).id as string;
    },
    // Which of the test's passwords the server holds (the emulator says whether one matches, never shows it).
    held(emulator, id) {
      const which = ["outside-password-9", "inside-password-9"].find((p) => emulator.control.connectionPasswordIs(id, p));
      return { password: which ? [which.split("-")[0]] : [] };
    },
    change: { path: "username", apply: (p) => ({ ...p, username: "renamed" }) },
    withValues: (p) => ({ ...p, password: "inside-password-9" }),
    emptied: { path: "password", apply: (p) => ({ ...p, password: "" }) },
    engineForm: asEngine,
  },
};

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ stackApiVersion: "2.36.0" });
});
afterAll(() => emulator.close());
beforeEach(() => {
  useTarget("server", emulator, { pollIntervalMs: "20" });
  emulator.control.resetStats();
});

it("has a way to make an object outside for every kind whose policy has write-only secrets", () => {
  expect(kinds.map((d) => d.type).sort()).toEqual(Object.keys(OUTSIDE).sort());
  expect(kinds.length, "the pipe's credentials and the webhook's maps, at least").toBeGreaterThanOrEqual(2);
});

/** Every line the engine reports while `work` runs. */
async function heard<T>(work: () => Promise<T>): Promise<{ result: T; lines: string[] }> {
  const lines: string[] = [];
  setProgressSink((message) => lines.push(message));
  try {
    return { result: await work(), lines };
  } finally {
    setProgressSink(undefined);
  }
}

let n = 0;
describe.each(kinds.map((d) => [d.type, d] as const))("%s: write-only fields the program leaves out are the server's", (type, d) => {
  const engine = engineOf(type);
  const outside = OUTSIDE[type]!;
  /** The program's paths of the write-only fields (where the policy declares them). */
  const kept = keptPaths(d.policy);
  /** An object made outside, and the program `pulumi import` writes for it (the read with no prior state, cut to the spec). */
  async function madeAndImported(): Promise<{ id: string; read: Obj; program: Obj; before: Record<string, string[]> }> {
    const id = await outside.make(emulator, `kept-${type.toLowerCase()}-${++n}`);
    const before = outside.held(emulator, id);
    expect(
      Object.values(before).every((keys) => keys.length > 0),
      "made with every write-only field set",
    ).toBe(true);
    const read = (await engine.read(id, {})).props;
    const program = importedInputs(d.spec as never, read, [CONNECTION_KEY]);
    return { id, read, program, before };
  }
  /** The bodies the emulator received since the last reset that carry a write-only field. */
  const clearing = () => emulator.control.bodies().filter((b) => b.paths.some((p) => kept.some((k) => p === k || p.startsWith(`${k}.`))));

  it("imported: checks and previews with no change; a one-field change says they are kept, sends none, and the server keeps them", async () => {
    const { id, read, program, before } = await madeAndImported();
    for (const k of kept) expect(program, `the import writes no ${k}`).not.toHaveProperty(k);
    const checked = await engine.check(read, outside.engineForm(program));
    expect(checked.failures ?? []).toEqual([]);
    expect((await engine.diff(id, read, checked.inputs!)).diffs).toEqual([]);

    const changed = (await engine.check(read, outside.engineForm(outside.change.apply(program)))).inputs!;
    const { result: diff, lines } = await heard(() => engine.diff(id, read, changed));
    expect(diff.diffs.map((c) => c.path)).toEqual([outside.change.path]);
    expect(lines.join("\n")).toMatch(/kept as on the server/);
    emulator.control.resetStats();
    const { outs } = await engine.update(id, read, changed);
    expect(emulator.control.bodies().length, "the change was sent").toBeGreaterThan(0);
    expect(clearing()).toEqual([]);
    expect(outside.held(emulator, id)).toEqual(before);
    expect((await engine.diff(id, outs, changed)).diffs, "then nothing to change").toEqual([]);
  });

  it("adopted by adoptId: checks clean as an adoption, adopts and changes one field without clearing them", async () => {
    const { id, program, before } = await madeAndImported();
    const adopting = outside.engineForm({ ...program, adoptId: id });
    const checked = await engine.check({}, adopting);
    expect(checked.failures ?? []).toEqual([]);
    emulator.control.resetStats();
    const adopted = await engine.create(checked.inputs!);
    expect(adopted.id).toBe(id);
    const changed = (await engine.check(adopting, outside.engineForm(outside.change.apply({ ...program, adoptId: id })))).inputs!;
    expect((await engine.diff(id, adopted.outs, changed)).diffs.map((c) => c.path)).toEqual([outside.change.path]);
    await engine.update(id, adopted.outs, changed);
    expect(emulator.control.bodies().length, "the change was sent").toBeGreaterThan(0);
    expect(clearing()).toEqual([]);
    expect(outside.held(emulator, id)).toEqual(before);
  });

  it("set by the program, then left out: no change, a one-field change sends none, the server and the outputs keep them", async () => {
    const { id, read, program } = await madeAndImported();
    const managed = (await engine.check(read, outside.engineForm(outside.withValues(program)))).inputs!;
    const { outs } = await engine.update(id, read, managed);
    const stateKept = keptPaths(d.diff.fields);
    const held = outside.held(emulator, id);
    const leftOut = (await engine.check(outs, outside.engineForm(outside.change.apply(program)))).inputs!;
    const { result: diff, lines } = await heard(() => engine.diff(id, outs, leftOut));
    expect(diff.diffs.map((c) => c.path)).toEqual([outside.change.path]);
    expect(lines.join("\n")).toMatch(/kept as on the server/);
    emulator.control.resetStats();
    const after = (await engine.update(id, outs, leftOut)).outs;
    expect(emulator.control.bodies().length, "the change was sent").toBeGreaterThan(0);
    expect(clearing()).toEqual([]);
    expect(outside.held(emulator, id)).toEqual(held);
    const inState = (o: Obj) => stateKept.filter((p) => p.split(".").reduce<any>((v, k) => v?.[k], o) !== undefined);
    expect(inState(after), "the outputs keep what the state had").toEqual(inState(outs));
    expect(inState(outs).length).toBeGreaterThan(0);
  });

  it("set empty by the program: a change the diff shows that clears it on the server, or refused at check with the path", async () => {
    const { id, read, program } = await madeAndImported();
    const emptied = await engine.check(read, outside.engineForm(outside.emptied.apply(program)));
    if (emptied.failures?.length) {
      // The kind takes no empty value there: refused before any request, naming the field.
      expect(emptied.failures.map((f) => f.property)).toContain(outside.emptied.path);
      return;
    }
    const diff = await engine.diff(id, read, emptied.inputs!);
    expect(diff.diffs.map((c) => c.path)).toEqual([outside.emptied.path]);
    const { outs } = await engine.update(id, read, emptied.inputs!);
    expect(outside.held(emulator, id)[outside.emptied.path]).toEqual([]);
    expect((await engine.diff(id, outs, emptied.inputs!)).diffs, "then nothing to change").toEqual([]);
  });

  it("a create (no old inputs, no adoption) is checked as ever: what the kind requires there is still asked for, with the path", async () => {
    const { program } = await madeAndImported();
    const asCreate = await engine.check({}, outside.engineForm({ ...program, name: `${String(program.name)}-new` }));
    const asExisting = await engine.check({ name: "existing" }, outside.engineForm({ ...program, name: `${String(program.name)}-new` }));
    const keptFailures = (r: typeof asCreate) => (r.failures ?? []).filter((f) => kept.includes(f.property)).map((f) => f.property);
    expect(keptFailures(asExisting)).toEqual([]);
    // Each kind requires what its own rules say (a PLAIN kafka pipe its credentials; a webhook nothing).
    expect(keptFailures(asCreate)).toEqual(kept.filter((k) => requiredAtCreate(type).includes(k)));
  });
});

/** What a create of the made-outside object requires among its write-only fields, by its kind's own rules. */
function requiredAtCreate(type: ResourceTypeName): string[] {
  return type === "Pipe" ? ["source.kafka.credentials"] : [];
}

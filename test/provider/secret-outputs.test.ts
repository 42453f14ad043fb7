/**
 * Secret fields never reach outputs: generated from the registry. For every kind, every fixture
 * of the wire suite that sets a secret field of the kind's policy (wherever it sits) has each of
 * those fields' strings replaced by a marker of its own, then runs through the engine as the
 * Pulumi engine drives it (the native face's program-side step, `prepare`, puts the inputs in the
 * engine's shape: a pipe's credentials apart): create, a diff that must see a changed secret
 * (and none after the update), update, refresh, a read without state (an import) and an adoption.
 * No output holds a marker in any of six encodings. A new kind, or a new secret field of one, is
 * covered by registering it (the coverage case fails until a wire fixture sets the field).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { registry, type ResourceTypeName } from "../../provider/registry";
import { nativeResources } from "../../provider/native/resources";
import type { AnyNode, AnyShape, PolicyTree } from "../../provider/schemas/field-policy";
import { fieldsOf } from "../../provider/schemas/variants";
import type { Engine } from "../support/engines";
import { startTestEmulator } from "../support/emulator";
import { useTarget } from "../support/stack-targets";
import { shownIn } from "../support/secret-encodings";
import { makeRefs, WIRE_FIXTURES, type Refs } from "./wire-fixtures";

type Obj = Record<string, any>;

/**
 * `value` with every string under a secret node of `tree` replaced by `mark(n)`, and the
 * top-level key and dotted path of each secret field set. Value-driven: objects by their fields,
 * unions by their variant, arrays by their items.
 */
function marked(tree: PolicyTree, value: Obj, mark: (n: number) => string): { value: Obj; paths: string[] } {
  let n = 0;
  const paths: string[] = [];
  const strings = (v: unknown): unknown =>
    typeof v === "string"
      ? mark(++n)
      : Array.isArray(v)
        ? v.map(strings)
        : v && typeof v === "object"
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, strings(x)]))
          : v;
  const walk = (node: AnyShape & Pick<AnyNode, "secret">, v: unknown, path: string): unknown => {
    if (v === undefined || v === null) return v;
    if (node.secret) {
      paths.push(path);
      return strings(v);
    }
    const fields = fieldsOf(node, v);
    if (fields) return Object.fromEntries(Object.entries(v as Obj).map(([k, x]) => [k, fields[k] ? walk(fields[k], x, `${path}.${k}`) : x]));
    if (node.items && Array.isArray(v)) return v.map((x, i) => walk(node.items!, x, `${path}[${i}]`));
    return v;
  };
  const out = Object.fromEntries(Object.entries(value).map(([k, x]) => [k, tree[k] ? walk(tree[k], x, k) : x]));
  return { value: out, paths };
}

/** A marker no encoding of which occurs by chance; quotes, a slash, a plus and a space make its encodings differ. */
const marker = (kind: string, fixture: number, generation: number) => (n: number) =>
  `sec"ret/${kind}-${fixture}-g${generation}-${n}+${Math.random().toString(36).slice(2, 10)} end`;

const KINDS = registry.map((d) => ({ d, native: nativeResources.find((r) => r.name === d.type)! }));

let emulator: Emulator;
let refs: Refs;
const report: string[] = [];

beforeAll(async () => {
  emulator = await startTestEmulator({ stackApiVersion: "2.36.0", stepMs: 0 });
  useTarget("server", emulator, { pollIntervalMs: "10" });
  refs = await makeRefs(emulator);
}, 60_000);
afterAll(async () => {
  console.log(`secret fields in outputs, by kind:\n${report.join("\n")}`);
  await emulator?.close();
});

/** The fixtures of a kind that set a secret field, by index. */
function secretFixtures(type: ResourceTypeName, r: Refs): [number, Obj][] {
  const tree = registry.find((d) => d.type === type)!.policy;
  return WIRE_FIXTURES[type](r)
    .map((f, i) => [i, f] as [number, Obj])
    .filter(([, f]) => marked(tree, f, () => "x").paths.length > 0);
}

describe("the registry's secret fields", () => {
  it("every secret field a kind's policy declares is set by one of its wire fixtures", () => {
    const DUMMY = { source: "s", traceSource: "t", connectionId: "c", dashboardId: "d", tileId: "t", webhookId: "w", savedSearchId: "q", endpointId: "e" };
    const missing: string[] = [];
    for (const { d } of KINDS) {
      const tree = d.policy;
      const declared = new Set<string>();
      const collect = (t: PolicyTree, prefix: string) => {
        for (const [k, node] of Object.entries(t)) {
          if (node.secret) declared.add(node.secret);
          if (node.fields) collect(node.fields, `${prefix}${k}.`);
          for (const v of Object.values(node.variants ?? {})) collect(v.fields, `${prefix}${k}.`);
        }
      };
      collect(tree, "");
      const setNames = new Set<string>();
      for (const f of WIRE_FIXTURES[d.type](DUMMY)) {
        const named = (t: PolicyTree, v: unknown) => {
          if (!v || typeof v !== "object") return;
          for (const [k, x] of Object.entries(v as Obj)) {
            const node = t[k];
            if (!node || x === undefined || x === null) continue;
            if (node.secret) setNames.add(node.secret);
            const fields = fieldsOf(node, x);
            if (fields) named(fields, x);
          }
        };
        named(tree, f);
      }
      for (const name of declared) if (!setNames.has(name)) missing.push(`${d.type}: ${name}`);
      report.push(`  ${d.type}: ${declared.size} secret field names in its policy`);
    }
    expect(missing).toEqual([]);
  });
});

describe.each(KINDS.map((k) => [k.d.type, k] as const))("%s", (type, { d, native }) => {
  const engine = d.provider as unknown as Engine;
  const tree = d.policy;
  const rows = secretFixtures(type, {
    source: "s",
    traceSource: "t",
    connectionId: "c",
    dashboardId: "d",
    tileId: "t",
    webhookId: "w",
    savedSearchId: "q",
    endpointId: "e",
  });
  if (rows.length === 0) {
    it("declares no secret field", () => {
      expect(marked(tree, {}, () => "").paths).toEqual([]);
    });
    return;
  }

  it.each(rows.map(([i]) => [i]))(
    "fixture %i: create, diff, update, refresh, import and adopt answer outputs with no secret in any encoding",
    async (i) => {
      const fixture = WIRE_FIXTURES[type](refs)[i];
      const name = `secret-outputs-${type.toLowerCase()}-${i}`;
      const given: string[] = [];
      const generation = (g: number) => {
        const m = marked(tree, { ...fixture, ...(d.named ? { name } : {}) }, (n) => {
          const s = marker(type, i, g)(n);
          given.push(s);
          return s;
        });
        return { inputs: native.prepare(m.value, name), paths: m.paths };
      };
      const check = async (inputs: Obj, olds: Obj = {}) => {
        const r = await engine.check(olds, inputs);
        expect(r.failures ?? [], "check").toEqual([]);
        return r.inputs!;
      };
      const leaks = (what: string, outs: unknown) => expect(shownIn(JSON.stringify(outs ?? {}), given), `${what}'s outputs`).toEqual([]);

      const first = generation(1);
      const created = await engine.create(await check(first.inputs));
      leaks("create", created.outs);
      expect((await engine.diff(created.id, created.outs, await check(first.inputs, first.inputs))).diffs, "the same secrets: no change").toEqual([]);

      const second = generation(2);
      const news = await check(second.inputs, first.inputs);
      const diff = await engine.diff(created.id, created.outs, news);
      const changed = diff.diffs.map((c) => c.path);
      for (const p of second.paths) {
        const top = p.split(/[.[]/)[0];
        expect(
          changed.some((c) => c === top || c.startsWith(`${top}.`) || d.secretsApart?.field === top),
          `a changed secret at ${p} is a change (${changed.join(", ")})`,
        ).toBe(true);
      }
      // A one-off pipe that has completed takes no update: its change replaces it (the old one deleted first).
      const replaced = (diff.replaces ?? []).length > 0;
      if (replaced) await engine.delete(created.id, created.outs);
      const updated = replaced ? await engine.create(news) : { id: created.id, ...(await engine.update(created.id, created.outs, news)) };
      leaks(replaced ? "replacement" : "update", updated.outs);
      expect((await engine.diff(updated.id, updated.outs, news)).diffs, "after the update: no change").toEqual([]);

      const refreshed = await engine.read(updated.id, updated.outs);
      leaks("refresh", refreshed.props);
      expect(refreshed.id).toBe(updated.id);
      const imported = await engine.read(updated.id, undefined as never);
      leaks("import", imported.props);

      const answers = ["create", replaced ? "replacement" : "update", "refresh", "import"];
      // A completed one-off pipe takes no credentials either: an adoption of it would be refused.
      if (!replaced) {
        const third = generation(3);
        const adopted = await engine.create(await check({ ...third.inputs, adoptId: updated.id }, second.inputs));
        expect(adopted.id).toBe(updated.id);
        leaks("adopt", adopted.outs);
        answers.push("adopt");
      }
      report.push(`  ${type} fixture ${i}: ${first.paths.join(", ")}: ${given.length} markers; clean: ${answers.join(", ")}`);
    },
    60_000,
  );
});

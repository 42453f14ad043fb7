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
import { ENCODINGS } from "../support/secret-encodings";

type Obj = Record<string, any>;

/**
 * `value` with every string under a secret node of `tree` replaced by `mark(n)`, and the
 * top-level key and dotted path of each secret field set. Value-driven: objects by their fields,
 * unions by their variant, arrays by their items.
 */
function marked(tree: PolicyTree, value: Obj, mark: (n: number) => string): { value: Obj; paths: string[]; names: string[] } {
  let n = 0;
  const paths: string[] = [];
  const names: string[] = [];
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
      names.push(node.secret);
      return strings(v);
    }
    const fields = fieldsOf(node, v);
    if (fields) return Object.fromEntries(Object.entries(v as Obj).map(([k, x]) => [k, fields[k] ? walk(fields[k], x, `${path}.${k}`) : x]));
    if (node.items && Array.isArray(v)) return v.map((x, i) => walk(node.items!, x, `${path}[${i}]`));
    return v;
  };
  const out = Object.fromEntries(Object.entries(value).map(([k, x]) => [k, tree[k] ? walk(tree[k], x, k) : x]));
  return { value: out, paths, names };
}

/**
 * A marker: a key file whose `private_key` has lines of its own, each unique to the marker (a
 * quote, a slash, a plus and line breaks make its encodings differ from the raw text).
 */
const marker = (kind: string, fixture: number, generation: number) => (n: number) => {
  const tag = `${kind}${fixture}g${generation}n${n}${Math.random().toString(36).slice(2, 10)}`;
  return JSON.stringify({
    type: "service_account",
    private_key_id: `kid-${tag}`,
    private_key: `-----BEGIN PRIVATE KEY-----\nMIIE${tag}Line1+AAAA\nQ2Fy${tag}Line2/BBBB\n-----END PRIVATE KEY-----\n`,
    client_email: "wire@example.test",
  });
};

/** What must never show of a marker: the whole text, its `private_key`, each line of that but the armor. */
function needlesOf(markers: readonly string[]): string[] {
  return markers.flatMap((m) => {
    const key = (JSON.parse(m) as { private_key: string }).private_key;
    return [m, key, ...key.split("\n").filter((l) => l && !l.startsWith("-----"))];
  });
}

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

/** The secret names a policy declares, in fields, variants and items alike. */
function declaredSecrets(tree: PolicyTree): Set<string> {
  const out = new Set<string>();
  const walk = (node: AnyShape & Pick<AnyNode, "secret">) => {
    if (node.secret) out.add(node.secret);
    for (const child of Object.values(node.fields ?? {})) walk(child);
    for (const v of Object.values(node.variants ?? {})) for (const child of Object.values(v.fields)) walk(child);
    if (node.items) walk(node.items);
  };
  for (const node of Object.values(tree)) walk(node);
  return out;
}

const DUMMY: Refs = { source: "s", traceSource: "t", connectionId: "c", dashboardId: "d", tileId: "t", webhookId: "w", savedSearchId: "q", endpointId: "e" };

describe("the registry's secret fields", () => {
  it("every secret field a kind's policy declares is set by one of its wire fixtures", () => {
    const missing: string[] = [];
    for (const { d } of KINDS) {
      const declared = declaredSecrets(d.policy);
      const set = new Set(WIRE_FIXTURES[d.type](DUMMY).flatMap((f) => marked(d.policy, f, () => "x").names));
      for (const name of declared) if (!set.has(name)) missing.push(`${d.type}: ${name}`);
      report.push(`  ${d.type}: ${declared.size} secret field names in its policy`);
    }
    expect(missing).toEqual([]);
  });
});

describe.each(KINDS.map((k) => [k.d.type, k] as const))("%s", (type, { d, native }) => {
  const engine = d.provider as unknown as Engine;
  const tree = d.policy;
  const rows = secretFixtures(type, DUMMY);
  if (rows.length === 0) {
    it("declares no secret field (so its fixtures set none)", () => {
      expect([...declaredSecrets(tree)]).toEqual([]);
    });
    return;
  }

  /** A fixture's program in generations, each with secrets of its own (`given` collects them all). */
  const programOf = (i: number, suffix: string) => {
    const fixture = WIRE_FIXTURES[type](refs)[i];
    const name = `secret-${suffix}-${type.toLowerCase()}-${i}`;
    const given: string[][] = [];
    const generation = (g: number) => {
      const mine: string[] = (given[g] = []);
      const m = marked(tree, { ...fixture, ...(d.named ? { name } : {}) }, (n) => {
        const s = marker(type, i, g)(n);
        mine.push(s);
        return s;
      });
      return { inputs: native.prepare(m.value, name), paths: m.paths, secrets: mine };
    };
    // A preview's registration answers with the checked inputs: they hold secrets sealed only (`sealed-inputs.ts`).
    const check = async (inputs: Obj, olds: Obj = {}) => {
      const r = await engine.check(olds, inputs);
      expect(r.failures ?? [], "check").toEqual([]);
      expect(shownIn(JSON.stringify(r.inputs ?? {}), needlesOf(given.flat())), "check's answer").toEqual([]);
      return r.inputs!;
    };
    return { generation, check, given: () => given.flat() };
  };

  it.each(rows.map(([i]) => [i]))(
    "fixture %i: create, diff, update, refresh, import and adopt answer outputs with no secret in any encoding",
    async (i) => {
      const { generation, check, given } = programOf(i, "outputs");
      const leaks = (what: string, outs: unknown) => expect(shownIn(JSON.stringify(outs ?? {}), needlesOf(given())), `${what}'s outputs`).toEqual([]);

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
      // Gone, so the next case may use its destination again.
      await engine.delete(updated.id, updated.outs);
      report.push(`  ${type} fixture ${i}: ${first.paths.join(", ")}: ${given().length} markers; clean: ${answers.join(", ")}`);
    },
    60_000,
  );

  it.each(rows.map(([i]) => [i]))(
    "fixture %i: a refused update (or a replaced one's delete) whose answer echoes the old and the new secrets shows none of them in its error",
    async (i) => {
      const { generation, check } = programOf(i, "echo");
      const first = generation(1);
      const created = await engine.create(await check(first.inputs));
      const second = generation(2);
      const news = await check(second.inputs, first.inputs);
      // A change that replaces (a completed one-off pipe) sends no update: the old object's delete
      // is refused instead, which knows the old secrets only (as fingerprints).
      const replaced = ((await engine.diff(created.id, created.outs, news)).replaces ?? []).length > 0;
      const echoed = needlesOf([...first.secrets, ...second.secrets]);
      // The server quotes the old key files' keys (the state holds the files only as fingerprints),
      // never a whole file: JSON-escaped, raw, base64, URL-encoded, and the first line alone;
      // the new ones (the program's plaintext) raw and JSON-escaped.
      const keyOf = (file: string) => (JSON.parse(file) as { private_key: string }).private_key;
      const oldEcho = first.secrets.map((f) => {
        const key = keyOf(f);
        return [ENCODINGS["json-escaped"](key), key, ENCODINGS.base64(key), ENCODINGS["url-encoded"](key), key.split("\n")[1]].join(" ");
      });
      const newEcho = replaced ? [] : second.secrets.map((f) => `${f} ${ENCODINGS["json-escaped"](f)}`);
      const message = `refused: ${[...oldEcho, ...newEcho].join(" | ")}`;
      for (const method of replaced ? ["DELETE"] : ["PUT", "PATCH"]) {
        emulator.control.script({
          method,
          path: `/${created.id}$`,
          status: 400,
          count: 5,
          body: { status: 400, error: `BAD_REQUEST: ${message}`, message, requestId: "req-echo" },
        });
      }
      const refused = replaced ? engine.delete(created.id, created.outs) : engine.update(created.id, created.outs, news);
      const err = await refused.then(
        () => undefined,
        (e: unknown) => e,
      );
      emulator.control.clearScripts();
      expect(err, "the update is refused").toBeInstanceOf(Error);
      const text = `${(err as Error).message}\n${(err as Error).stack ?? ""}`;
      expect(text, "the server's answer reached the error").toMatch(/-> 400 .*refused: /);
      expect(text).toContain("[secret]");
      expect(shownIn(text, echoed), "the error shows").toEqual([]);
      await engine.delete(created.id, created.outs);
      report.push(`  ${type} fixture ${i}: a refused ${replaced ? "delete" : "update"} echoing ${echoed.length} secrets and parts: none in its error`);
    },
    60_000,
  );

  it.each(rows.map(([i]) => [i]))(
    "fixture %i: a state written before, its secrets in plaintext in the outputs, previews and refreshes with no change; its next update seals them",
    async (i) => {
      const { generation, check, given } = programOf(i, "older");
      const first = generation(1);
      const inputs = await check(first.inputs);
      const created = await engine.create(inputs);
      // The outputs as releases before this rule wrote them: each secret-bearing property as the program gave it.
      const holders = [...Object.keys(tree).filter((k) => tree[k].secret !== undefined), ...(d.secretsApart ? [d.secretsApart.into] : [])];
      const older: Obj = { ...created.outs };
      for (const k of holders) if (first.inputs[k] !== undefined) older[k] = first.inputs[k];
      expect(shownIn(JSON.stringify(older), needlesOf(given())).length, "the older outputs hold the plaintext").toBeGreaterThan(0);
      expect((await engine.diff(created.id, older, inputs)).diffs, "an unchanged program: no change").toEqual([]);
      const refreshed = await engine.read(created.id, older);
      for (const k of holders) expect(refreshed.props[k], `a refresh keeps ${k} as stored`).toEqual(older[k]);
      const second = generation(2);
      const news = await check(second.inputs, first.inputs);
      const diff = await engine.diff(created.id, older, news);
      expect(diff.diffs.length, "a changed secret is a change").toBeGreaterThan(0);
      const replaced = (diff.replaces ?? []).length > 0;
      if (replaced) await engine.delete(created.id, older);
      const updated = replaced ? await engine.create(news) : { id: created.id, ...(await engine.update(created.id, older, news)) };
      expect(shownIn(JSON.stringify(updated.outs), needlesOf(given())), "the update's outputs").toEqual([]);
      await engine.delete(updated.id, updated.outs);
    },
    60_000,
  );
});

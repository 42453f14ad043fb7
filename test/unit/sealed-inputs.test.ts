/**
 * Secret fields sealed in check's answer (`engine/sealed-inputs.ts`): the token and its vault, the
 * walk over a policy (what is sealed, what is left), and the wrapper's rule for a token another
 * provider process sealed (a write-only field's reads as left out; any other, and any in a create,
 * is refused naming the field).
 */
import { describe, expect, it } from "vitest";
import { isSealed, newVault, openInputs, seal, sealInputs, sealingInputs, unseal } from "../../provider/engine/sealed-inputs";
import { fingerprint } from "../../provider/engine/fingerprint";
import { UNKNOWN } from "../../provider/schemas/unknown";
import type { PolicyTree } from "../../provider/schemas/field-policy";
import type { Provider } from "../../provider/engine/connection";
import { ENCODINGS } from "../support/secret-encodings";

type Obj = Record<string, any>;

const TREE: PolicyTree = {
  name: { change: "update" },
  password: { change: "update", secret: "password", writeOnly: true },
  headers: { change: "update", secret: "headers", writeOnly: true },
  dsn: { change: "update", secret: "dsn" },
  items: { change: "update", items: { fields: { key: { change: "update", secret: "key", writeOnly: true } } } },
};
const KEPT = ["password", "headers"];
const vault = newVault();
const other = newVault();

describe("a token", () => {
  it.each([
    ["a short secret", "hunter2"],
    ["an empty string", ""],
    ["a multi-line key", "-----BEGIN KEY-----\nAAAA+/==\n-----END KEY-----\n"],
    ["non-ASCII text", "pässwörd ✓"],
  ])("%s: opens from its vault, shows no form of the plaintext, differs each time", (_what, plain) => {
    const a = seal(plain, vault);
    const b = seal(plain, vault);
    expect(isSealed(a)).toBe(true);
    expect(unseal(a, vault)).toBe(plain);
    expect(a).not.toBe(b);
    // A handle: the same short length whatever the value (issue 45: the state's inputs keep it).
    expect(a.length).toBeLessThanOrEqual(20);
    if (plain.length >= 4) for (const [form, encode] of Object.entries(ENCODINGS)) expect(a, form).not.toContain(encode(plain));
  });

  it.each([
    ["another process's vault", (t: string) => t, other],
    ["an altered id", (t: string) => t.replace(/^pss:./, (m) => m.slice(0, -1) + (m.endsWith("A") ? "B" : "A")), vault],
    ["a number never sealed", (t: string) => `${t.slice(0, t.indexOf(".") + 1)}zz`, vault],
    ["a cut token", (t: string) => t.slice(0, -1), vault],
  ])("does not open with %s", (_what, alter, k) => {
    expect(unseal(alter(seal("hunter2", vault)), k)).toBeUndefined();
  });

  it("an older release's token (AES-256-GCM, `pipestack-sealed:v1:`) is a token, opened by none", () => {
    const v1 = "pipestack-sealed:v1:q9bKx3Jt0uN5c1m2ZmFrZS1jaXBoZXJ0ZXh0LXRhZy0xMjM0NTY";
    expect(isSealed(v1)).toBe(true);
    expect(unseal(v1, vault)).toBeUndefined();
    expect(openInputs(TREE, { name: "n", password: v1 }, vault).unreadable).toEqual(["password"]);
  });
});

describe("sealInputs and openInputs over a policy", () => {
  const inputs: Obj = {
    name: "plain-name",
    password: "hunter2",
    headers: { Authorization: "Bearer abc", "X-Unknown": UNKNOWN, "X-Fp": fingerprint("old") },
    dsn: "db://u:p@h",
    items: [{ key: "k1" }, { key: "k2" }],
  };
  const sealed = sealInputs(TREE, inputs, vault);

  it.each([
    ["password", (o: Obj) => o.password],
    ["a header's value", (o: Obj) => o.headers.Authorization],
    ["a secret that is not write-only", (o: Obj) => o.dsn],
    ["a secret in list items", (o: Obj) => o.items[1].key],
  ])("seals %s", (_what, get) => {
    expect(isSealed(get(sealed))).toBe(true);
  });

  it.each([
    ["a field that is no secret", (o: Obj) => o.name, "plain-name"],
    ["a value not known yet", (o: Obj) => o.headers["X-Unknown"], UNKNOWN],
    ["a fingerprint", (o: Obj) => o.headers["X-Fp"], inputs.headers["X-Fp"]],
  ])("leaves %s", (_what, get, want) => {
    expect(get(sealed)).toBe(want);
  });

  it("does not change the inputs, seals a token once, and opens back to the inputs", () => {
    expect(inputs.password).toBe("hunter2");
    expect(sealInputs(TREE, sealed, vault).password).toBe(sealed.password);
    expect(openInputs(TREE, sealed, vault)).toEqual({ inputs, unreadable: [] });
  });

  it("names the fields another process's tokens hold, leaving them as they are", () => {
    const { inputs: opened, unreadable } = openInputs(TREE, sealed, other);
    expect(unreadable).toEqual(["password", "headers", "dsn", "items[].key", "items[].key"]);
    expect(opened.password).toBe(sealed.password);
  });
});

/** A provider that answers check with the news and records what its other operations were given. */
function recorder(): { p: Provider<Obj, Obj>; seen: Obj[] } {
  const seen: Obj[] = [];
  const p: Provider<Obj, Obj> = {
    configure: async () => undefined,
    check: async (_olds, news) => ({ inputs: news }),
    diff: async (_id, _olds, news) => (seen.push(news), { changes: false, replaces: [], deleteBeforeReplace: false, diffs: [] }),
    create: async (inputs) => (seen.push(inputs), { id: "1", outs: {} }),
    update: async (_id, _olds, news) => (seen.push(news), { outs: {} }),
    read: async (id, props) => ({ id, props }),
    delete: async () => undefined,
  };
  return { p, seen };
}

describe("sealingInputs", () => {
  it("check answers sealed; diff, create and update are given the plaintext", async () => {
    const { p, seen } = recorder();
    const wrapped = sealingInputs(TREE, KEPT, p);
    const checked = (await wrapped.check({}, { name: "n", password: "hunter2" })).inputs!;
    expect(isSealed(checked.password)).toBe(true);
    await wrapped.diff("1", {}, checked);
    await wrapped.create(checked);
    await wrapped.update("1", {}, checked);
    expect(seen.map((s) => s.password)).toEqual(["hunter2", "hunter2", "hunter2"]);
  });

  // A token from another process: the state's own inputs, copied into the program's by `ignoreChanges`.
  const foreign = { name: "n", password: seal("hunter2", other), dsn: seal("db://x", other) };

  it("diff compares a foreign token as the state's own value (a refresh's diff of the state's inputs), so no change and nothing left out", async () => {
    const { p, seen } = recorder();
    const olds = { name: "n", password: fingerprint("hunter2"), dsn: fingerprint("db://x") };
    const given: Obj[] = [];
    const wrapped = sealingInputs(TREE, KEPT, { ...p, diff: async (id, o, n) => (given.push(o), p.diff(id, o, n)) });
    await wrapped.diff("1", olds, foreign);
    // Out of both sides, so the field is neither changed nor left out by the program.
    expect(seen).toEqual([{ name: "n" }]);
    expect(given).toEqual([{ name: "n" }]);
  });

  it.each([
    ["diff", (w: Provider<Obj, Obj>, news: Obj) => w.diff("1", {}, news)],
    ["update", (w: Provider<Obj, Obj>, news: Obj) => w.update("1", {}, news)],
  ])("%s: a write-only field's foreign token reads as left out (kept as on the server)", async (_op, run) => {
    const { p, seen } = recorder();
    await run(sealingInputs(TREE, KEPT, p), { name: "n", password: foreign.password });
    expect(seen).toEqual([{ name: "n" }]);
  });

  it.each([
    ["update", "a secret that is not write-only", (w: Provider<Obj, Obj>) => w.update("1", {}, foreign), /^dsn: .*the update cannot send it/],
    ["create", "any secret", (w: Provider<Obj, Obj>) => w.create(foreign), /^password, dsn: .*a create cannot send it.*ignoreChanges/],
  ])("%s refuses %s it cannot open, naming the field", async (_op, _what, run, message) => {
    const { p, seen } = recorder();
    await expect(run(sealingInputs(TREE, KEPT, p))).rejects.toThrow(message);
    expect(seen).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { pipeEngine as provider, EXISTING } from "../support/engines";
import { kafkaPipe, pubsubPipe } from "../support/pipe-fixtures";
import { engineInputs } from "../support/pipe-props";
import { emulatorWithEngine } from "../support/engine";
import { opened } from "../support/sealed";

let emulator: Emulator;
beforeAll(async () => {
  emulator = await emulatorWithEngine({ keySecret: 'key/se"cret+with=odd chars' });
});
afterAll(() => emulator.close());

describe("an API error that echoes a credential in another form", () => {
  const { keyId, keySecret } = { keyId: "emulator-key-id", keySecret: 'key/se"cret+with=odd chars' };
  const basic = Buffer.from(`${keyId}:${keySecret}`).toString("base64");
  it.each([
    ["the Basic authorization value", `header Basic ${basic} refused`, basic],
    ["the key secret URL-encoded", `key=${encodeURIComponent(keySecret)} refused`, encodeURIComponent(keySecret)],
    ["the key secret JSON-escaped", `body ${JSON.stringify({ key: keySecret })}`, JSON.stringify(keySecret).slice(1, -1)],
  ])("%s reaches the user blanked out", async (_form, detail, form) => {
    emulator.control.script({ method: "POST", path: "/pipes$", status: 400, body: { status: 400, error: `BAD_REQUEST: ${detail}`, requestId: "req-1" } });
    const inputs = engineInputs(kafkaPipe(), { organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId });
    const { inputs: checked } = await provider.check(EXISTING, inputs);
    const err = await provider.create(checked!).then(
      () => new Error("created"),
      (e: Error) => e,
    );
    expect(err.message).toMatch(/400 BAD_REQUEST: .*\[secret\].*\(requestId req-1\)/);
    expect(err.message).not.toContain(form);
  });
});

/**
 * The resource's own credentials echoed by an API error on every operation: a refresh's GET, a
 * destroy's DELETE, an update's PATCH (the old credential and the new), each in several forms.
 */
/** `outs` as a release before fingerprints wrote them: the credentials of `inputs` in plaintext. */
function withPlaintextSecrets<T extends object>(outs: T, inputs: { sourceSecrets?: unknown }): T {
  return { ...outs, sourceSecrets: opened(inputs.sourceSecrets) };
}

describe.each([
  ["as fingerprints (as outputs are written now)", false],
  ["in plaintext (an older state's outputs)", true],
])("a resource's own credentials, held %s, echoed in an error of any operation", (_held, plaintextOlds) => {
  const OLD = "old~kafka!pass'(word)";
  const NEW = "new-kafka-pass/word+2";
  let n = 0;
  const program = (password: string, name = `echo-${plaintextOlds ? "plain" : "fp"}-${++n}`) => ({
    ...kafkaPipe(name),
    source: { kafka: { ...kafkaPipe(name).source.kafka, credentials: { username: "ingest", password } } },
  });
  /** How the API echoes a credential, and the piece of that echo that stands for the credential alone. */
  const forms: [string, (s: string) => string, (echoed: string) => string][] = [
    ["plain", (s) => s, (e) => e],
    ["URLSearchParams", (s) => new URLSearchParams({ password: s }).toString(), (e) => e.slice("password=".length)],
    ["base64url", (s) => Buffer.from(s).toString("base64url"), (e) => e],
    // `x=` is two bytes: from the third character on, the base64 is made of the credential's bytes.
    ["base64 inside a longer text", (s) => Buffer.from(`x=${s}`).toString("base64"), (e) => e.slice(3, -4)],
  ];
  const echo = (method: string, text: string) =>
    emulator.control.script({ method, path: "/pipes/[^/]+$", status: 400, body: { status: 400, error: `BAD_REQUEST: echo ${text}`, requestId: "req-echo" } });
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => new Error("succeeded"),
      (e: Error) => e,
    );
  const scriptedHits = () => emulator.control.stats().faults.scripted ?? 0;

  /**
   * A created pipe and its old outputs: with fingerprints of its credential (the provider finds
   * the echoed credential by them), or with the plaintext a state written before them holds.
   */
  async function created() {
    const inputs = engineInputs(program(OLD), { organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId });
    const { inputs: checked } = await provider.check(EXISTING, inputs);
    const { id, outs } = await provider.create(checked!);
    expect(JSON.stringify(outs)).not.toContain(OLD);
    return { inputs: checked!, id, outs: plaintextOlds ? withPlaintextSecrets(outs, checked!) : outs };
  }

  it.each(forms)("refresh (GET), %s", async (_form, encode, piece) => {
    const { id, outs } = await created();
    emulator.control.resetStats();
    echo("GET", encode(OLD));
    const err = await failure(provider.read(id, outs));
    expect(scriptedHits()).toBe(1);
    expect(err.message).toMatch(/GET .*400 BAD_REQUEST: echo \S*\[secret\]/);
    expect(`${err.message}\n${err.stack}`).not.toContain(piece(encode(OLD)));
  });

  it.each(forms)("destroy (DELETE), %s", async (_form, encode, piece) => {
    const { id, outs } = await created();
    emulator.control.resetStats();
    echo("DELETE", encode(OLD));
    const err = await failure(provider.delete(id, outs));
    expect(scriptedHits()).toBe(1);
    expect(err.message).toMatch(/DELETE .*400 BAD_REQUEST: echo \S*\[secret\]/);
    expect(`${err.message}\n${err.stack}`).not.toContain(piece(encode(OLD)));
  });

  it.each(forms)("update (PATCH) echoing the old and the new credential, %s", async (_form, encode, piece) => {
    const { id, outs } = await created();
    const news = (
      await provider.check(
        outs,
        engineInputs(program(NEW, String(outs.name)), { organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId }),
      )
    ).inputs!;
    emulator.control.resetStats();
    echo("PATCH", `${encode(OLD)} then ${encode(NEW)}`);
    const err = await failure(provider.update(id, outs, news));
    expect(scriptedHits()).toBe(1);
    expect(err.message).toMatch(/PATCH .*400 BAD_REQUEST: echo \S*\[secret\]\S* then \S*\[secret\]/);
    for (const s of [OLD, NEW]) expect(`${err.message}\n${err.stack}`).not.toContain(piece(encode(s)));
  });
});

describe("a settings PUT of an update echoing the old credential", () => {
  it("is blanked, though the PUT itself carries no credential", async () => {
    const password = "put-echo-kafka~password!(1)";
    const spec = { ...kafkaPipe("put-echo"), source: { kafka: { ...kafkaPipe("put-echo").source.kafka, credentials: { username: "ingest", password } } } };
    const ref = { organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId };
    const { inputs: checked } = await provider.check(EXISTING, engineInputs(spec, ref));
    const { id, outs } = await provider.create(checked!);
    const news = (await provider.check(outs, engineInputs({ ...spec, settings: { streaming_max_insert_wait_ms: 7000 } }, ref))).inputs!;
    emulator.control.resetStats();
    const echoed = `${password} ${new URLSearchParams({ p: password }).toString()} ${Buffer.from(`u:${password}`).toString("base64url")}`;
    emulator.control.script({
      method: "PUT",
      path: "/settings$",
      status: 400,
      body: { status: 400, error: `BAD_REQUEST: echo ${echoed}`, requestId: "req-put" },
    });
    const err = await provider.update(id, outs, news).then(
      () => new Error("succeeded"),
      (e: Error) => e,
    );
    expect(emulator.control.stats().faults.scripted).toBe(1);
    expect(err.message).toMatch(/PUT .*\/settings -> 400 BAD_REQUEST: echo \[secret\] p=\[secret\] \S*\[secret\]/);
    for (const piece of [password, new URLSearchParams({ p: password }).toString().slice(2), Buffer.from(`u:${password}`).toString("base64url").slice(3, -3)]) {
      expect(`${err.message}\n${err.stack}`).not.toContain(piece);
    }
  });
});

describe("an error body cut short for the message", () => {
  // Only a credential the provider holds in plaintext: half of one cannot be found by its fingerprint (docs/security.md).
  it("leaves no half of a credential that straddles the cut (refresh GET, plain-text body, an older state's plaintext outputs)", async () => {
    const password = "straddling-kafka-password-0042";
    const spec = { ...kafkaPipe("cut"), source: { kafka: { ...kafkaPipe("cut").source.kafka, credentials: { username: "ingest", password } } } };
    const inputs = engineInputs(spec, { organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId });
    const { inputs: checked } = await provider.check(EXISTING, inputs);
    const { id, outs: fingerprinted } = await provider.create(checked!);
    const outs = withPlaintextSecrets(fingerprinted, checked!);
    emulator.control.resetStats();
    // The message quotes the first 200 characters of a non-JSON body: the password starts at 190.
    emulator.control.script({ method: "GET", path: "/pipes/[^/]+$", status: 400, body: `${"x".repeat(189)} ${password} trailing text` });
    const err = await provider.read(id, outs).then(
      () => new Error("succeeded"),
      (e: Error) => e,
    );
    expect(emulator.control.stats().faults.scripted).toBe(1);
    expect(err.message).toMatch(/GET .*400 HTTP_400: x+ \[secret\]/);
    expect(err.message).not.toContain(password.slice(0, 8));
  });
});

describe("an update's error quoting the old service-account key file, JSON-escaped", () => {
  const keyFile = (tag: string) =>
    JSON.stringify(
      {
        type: "service_account",
        project_id: "project-1",
        private_key_id: `${tag}-key-id-0123456789abcdef`,
        private_key: `-----BEGIN PRIVATE KEY-----\nMIIE${tag}QIBADANBgkqhkiG9w0BAQEFAASC\nBKcw${tag}SjAgEAAoIBAQC7VJTUt9Us8cKj\n-----END PRIVATE KEY-----\n`,
        client_email: "sa@project-1.example.test",
      },
      null,
      2,
    );
  const program = (file: string) => {
    const spec = pubsubPipe("key-file-echo");
    return { ...spec, source: { pubsub: { ...spec.source.pubsub, serviceAccountKey: { serviceAccountFile: file } } } };
  };

  it("leaves no line of the old key (held as a fingerprint) nor of the new one", async () => {
    const ref = { organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId };
    const { inputs: checked } = await provider.check(EXISTING, engineInputs(program(keyFile("old")), ref));
    const { id, outs } = await provider.create(checked!);
    expect(JSON.stringify(outs)).not.toContain("MIIEold");
    const news = (await provider.check(outs, engineInputs(program(keyFile("new")), ref))).inputs!;
    emulator.control.resetStats();
    const quoted = (s: string) => JSON.stringify(s).slice(1, -1);
    emulator.control.script({
      method: "PATCH",
      path: "/pipes/[^/]+$",
      status: 400,
      body: {
        status: 400,
        error: `BAD_REQUEST: serviceAccountKey "${quoted(keyFile("old"))}" cannot be replaced by "${quoted(keyFile("new"))}"`,
        requestId: "req-key",
      },
    });
    const err = await provider.update(id, outs, news).then(
      () => new Error("succeeded"),
      (e: Error) => e,
    );
    expect(emulator.control.stats().faults.scripted).toBe(1);
    // The old one, found by its fingerprint, is blanked whole; of the new one (known, and blanked part by part) only its plain fields are left.
    expect(err.message).toMatch(/PATCH .*400 BAD_REQUEST: serviceAccountKey "\[secret\]" cannot be replaced by /);
    for (const piece of ["MIIEold", "BKcwold", "old-key-id", "MIIEnew", "BKcwnew", "new-key-id"]) expect(`${err.message}\n${err.stack}`).not.toContain(piece);
  });
});

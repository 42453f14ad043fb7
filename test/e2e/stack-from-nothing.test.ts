/**
 * A stack stood up from nothing through the real CLI, on every face (issue 41, "Done when"):
 * examples/stack-from-nothing (dynamic), its YAML twin and its Python twin on the generated Python
 * SDK (native; the Python program run by the stand-in host of test/e2e/python-env.ts) make a connection, a log source
 * on it, a saved search and a dashboard tile on that source, an alert on the search and the
 * webhook it notifies, on a fresh emulator of the current server. `up`, a preview with no change,
 * a password rotation that is one in-place update of the connection alone, and a `destroy` that
 * leaves nothing; both passwords, in six encodings, in no output, state, file of the stack's
 * folder, `--json` or `--debug` log (the rotation's `up --debug` runs its preview). A log source missing its select expression is refused at preview, naming the field.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";
import { pythonSdkHost } from "./python-env";
import { yamlHost } from "./yaml-host";
import { shownIn } from "../support/secret-encodings";

/** Each face's program and the folders its language host needs on the CLI's PATH. */
const FACES: { face: string; program: string; hosts: () => Promise<string[]> }[] = [
  { face: "dynamic", program: "examples/stack-from-nothing", hosts: async () => [] },
  { face: "native (YAML)", program: "test/e2e/programs/native-stack-from-nothing", hosts: async () => [await yamlHost()] },
  {
    face: "native (Python SDK)",
    program: "test/e2e/programs/native-python-stack-from-nothing",
    hosts: async () => [await pythonSdkHost(fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-python-host-")))],
  },
];

const FIRST = 'db-pass-1-7c2e"q/+ z';
const SECOND = 'db-pass-2-7c2e"q/+ z';
const KINDS = ["StackConnection", "StackSource", "StackSavedSearch", "StackDashboard", "StackWebhook", "StackAlert"];

describe.each(FACES)("$face face: a stack from nothing", ({ program, hosts }) => {
  let s: E2EStack;
  const outputs = new Map<string, string>();
  let rotation: Record<string, { op: string; ops: string[] }>;
  let made = 0;
  let madeConnections = 0;
  let listed: string[] = [];
  let madeSource: unknown;
  let left = -1;

  beforeAll(async () => {
    s = await E2EStack.open({
      program,
      stackServer: true,
      emulator: { stackApiVersion: "2.36.0" },
      secretConfig: { dbPassword: FIRST },
      secrets: [SECOND],
      path: await hosts(),
    });
    const keep = (name: string, run: { stdout: string; stderr: string }) => outputs.set(name, `${run.stdout}\n${run.stderr}`);
    keep("preview --json", await s.must(["preview", "--json"]));
    keep("up --json (create)", await s.must(["up", "--yes", "--skip-preview", "--json"]));
    made = s.storedObjects();
    const state = await s.exportState();
    madeConnections = state.resources.filter((r) => KINDS.some((k) => r.type.endsWith(`:${k}`))).length;
    listed = ((await s.stackApi("GET", "/sources")) as { id: string }[]).map((x) => x.id);
    madeSource = (await s.outputs()).sourceId;
    keep("preview --json (no changes)", await s.must(["preview", "--json", "--expect-no-changes"]));
    await s.setConfig("dbPassword", SECOND, true);
    rotation = await s.previewJson();
    // With its preview: a preview's registration answers with the checked inputs, which the SDK logs at debug level.
    keep("up --debug --diff (rotation)", await s.must(["up", "--yes", "--debug", "--diff"]));
    keep("preview (no changes after the rotation)", await s.must(["preview", "--expect-no-changes", "--diff"]));
    keep("stack export", { stdout: (await s.exportState()).text, stderr: "" });
    keep("stack output --show-secrets", { stdout: JSON.stringify(await s.outputs(true)), stderr: "" });
    keep("refresh --debug", await s.must(["refresh", "--yes", "--debug"]));
    keep("destroy", await s.must(["destroy", "--yes"]));
    keep("the stack's files", { stdout: s.storedFiles(), stderr: "" });
    left = s.storedObjects();
  }, 900_000);

  afterAll(async () => {
    await s?.close();
  });

  it("up makes every object of the program, the sources listed by the server", () => {
    expect(madeConnections).toBe(6);
    expect(made).toBeGreaterThanOrEqual(6);
    expect(madeSource).toEqual(expect.any(String));
    expect(listed).toContain(madeSource);
  });

  it("rotating the password is one in-place update of the connection alone", () => {
    const changed = Object.entries(rotation).filter(([, step]) => step.op !== "same");
    expect(changed.map(([name, step]) => [name, step.ops])).toEqual([["analytics-db", ["update"]]]);
  });

  it("destroy leaves nothing", () => {
    expect(left).toBe(0);
  });

  it.each([
    "preview --json",
    "up --json (create)",
    "preview --json (no changes)",
    "up --debug --diff (rotation)",
    "preview (no changes after the rotation)",
    "stack export",
    "stack output --show-secrets",
    "refresh --debug",
    "destroy",
    "the stack's files",
  ])("%s shows no password", (name) => {
    const text = outputs.get(name);
    expect(text, `${name} was captured`).toBeTruthy();
    expect(shownIn(text!, [FIRST, SECOND]), `${name} shows`).toEqual([]);
  });

  it("the password output is its fingerprint", () => {
    const shown = JSON.parse(outputs.get("stack output --show-secrets")!) as Record<string, unknown>;
    expect(String(shown.passwordFingerprint)).toMatch(/^hmac-sha256:/);
  });
});

describe("a log source missing its select expression", () => {
  let s: E2EStack;
  afterAll(() => s?.close());

  it("is refused at preview, naming the field, before any write", async () => {
    s = await E2EStack.open({
      program: "test/e2e/programs/native-source-refused",
      stackServer: true,
      emulator: { stackApiVersion: "2.36.0" },
      path: [await yamlHost()],
    });
    const run = await s.pulumi(["preview"]);
    const text = `${run.stdout}\n${run.stderr}`;
    expect(run.code).not.toBe(0);
    expect(text).toContain("defaultTableSelectExpression");
    expect(text).toContain("is required for a log source");
    expect(s.storedObjects()).toBe(0);
  }, 300_000);
});

import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, repoRoot, resourcesOf } from "./harness";

/**
 * States written by an earlier release keep working. `fixtures/state-compat/` holds a stack
 * state exported from `programs/state-compat` (a pipe, a dashboard, a tile alert) by the package
 * as it was before the serialized provider text was shrunk, and the emulator's store at that
 * moment. The current package previews, updates, refreshes and destroys it; refresh and destroy
 * run the OLD provider text stored in the state (that is what the engine does), so the frozen
 * `pulumi-pipestack/engine/<resource>` paths must still resolve and behave.
 */
const FIXTURE = path.join(repoRoot, "test", "e2e", "fixtures", "state-compat");
const PASSWORD = "state-compat-password-3187";
/** The fixture's stand-in for the emulator address it was written against. */
const RECORDED_API_URL = "http://127.0.0.1:9";
/** The API key the fixture's stack config held (the emulator's defaults when it was written). */
const RECORDED_KEY_ID = "emulator-key-id";
const RECORDED_KEY_SECRET = "emulator-key-secret";

let stack: E2EStack;
let scratch: string;
/** The provider text of the fixture's pipe: what the earlier release wrote. */
let oldText: string;

interface OlderStack {
  sources?: { connection: string }[];
}

/**
 * What the earlier release's emulator file holds of the server's own: each stack's sources (no
 * program could make one then; their ids are that release's, not today's seed) and the connection
 * each names, which the emulator restores from them. They stay after a destroy.
 */
function serversOwn(file: { stack?: OlderStack; services: { stack?: OlderStack }[] }): number {
  const stacks = [file.stack, ...file.services.map((svc) => svc.stack)].filter((st): st is OlderStack => st !== undefined);
  return stacks.reduce((n, st) => n + (st.sources ?? []).length + new Set((st.sources ?? []).map((src) => src.connection)).size, 0);
}

/** Imports the fixture state, pointed at this test's emulator. */
async function importFixture(): Promise<void> {
  const text = fs.readFileSync(path.join(FIXTURE, "pulumi-state.json"), "utf8").split(RECORDED_API_URL).join(stack.emulator.url);
  const file = path.join(scratch, "state.json");
  fs.writeFileSync(file, text);
  await stack.must(["stack", "import", "--file", file, "--stack", stack.stack, "--cwd", stack.programDir], false);
}

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-state-compat-"));
  // The emulator rewrites its state file on every change: give it a copy.
  const emulatorState = path.join(scratch, "emulator-state.json");
  fs.copyFileSync(path.join(FIXTURE, "emulator-state.json"), emulatorState);
  // The fixture's default provider carries the stack config it was written with (refresh
  // configures the provider from it): the emulator takes that key.
  stack = await E2EStack.open({
    program: "test/e2e/programs/state-compat",
    secretConfig: { kafkaPassword: PASSWORD },
    emulator: { stateFile: emulatorState, keyId: RECORDED_KEY_ID, keySecret: RECORDED_KEY_SECRET },
  });
  const fixture = JSON.parse(fs.readFileSync(path.join(FIXTURE, "pulumi-state.json"), "utf8"));
  oldText = resourcesOf(fixture.deployment.resources, "pipestack:Pipe")[0].outputs!.__provider;
}, 300_000);

afterAll(async () => {
  await stack?.close();
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

describe("a state written by an earlier release", () => {
  it("refreshes with its stored provider text, previews without changes, updates in place", async () => {
    await importFixture();
    const before = stack.pipes();
    expect(before.map((p) => p.name)).toEqual(["events-v1"]);

    // Refresh runs the provider text stored in the state: the earlier release's shim.
    const refreshed = await stack.must(["refresh", "--yes", "--expect-no-changes"]);
    expect(refreshed.stdout).not.toMatch(/error/i);

    // The program as it is now, against the old outputs: nothing to do.
    await stack.expectNoChanges();

    // An in-place change of every resource: olds come from the earlier release's outputs.
    await stack.setConfig("generation", "2");
    const steps = await stack.previewJson();
    for (const name of ["events", "board", "alert"]) expect(steps[name]?.op, `${name} changes in place`).toBe("update");
    await stack.up();
    expect(stack.pipes().map((p) => [p.id, p.name])).toEqual([[before[0].id, "events-v2"]]);
    const state = stack.emulator.control.state() as any;
    const svc = state.services[stack.emulator.options.serviceId];
    expect(svc.stack.dashboards.map((d: any) => d.name)).toEqual(["board-v2"]);
    expect(svc.stack.alerts.map((a: any) => a.threshold)).toEqual([20]);

    // The update wrote the current provider text; refresh and a no-op preview agree with it.
    const exported = await stack.assertNoPlaintextSecrets();
    const pipe = resourcesOf(exported.resources, "pipestack:Pipe")[0];
    expect(pipe.outputs!.__provider).toContain(`"pulumi-pipestack/engine/pipe"`);
    expect(pipe.outputs!.__provider.length, "the current, smaller provider text").toBeLessThan(oldText.length / 2);
    await stack.must(["refresh", "--yes", "--expect-no-changes"]);
    await stack.expectNoChanges();
  }, 600_000);

  it("destroys with its stored provider text", async () => {
    await importFixture();
    const exported = await stack.exportState();
    expect(resourcesOf(exported.resources, "pipestack:Pipe")[0].outputs!.__provider, "the old text is in the state").toBe(oldText);
    const own = serversOwn(JSON.parse(fs.readFileSync(path.join(FIXTURE, "emulator-state.json"), "utf8")));
    expect(own).toBe(8);
    expect(stack.storedObjects()).toBe(3 + own);
    await stack.destroy();
    expect(stack.storedObjects()).toBe(own);
    await stack.assertNoPlaintextSecrets();
  }, 600_000);
});

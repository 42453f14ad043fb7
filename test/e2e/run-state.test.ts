import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";
import { idsOf } from "./example-flow";
import { storedPipe } from "./pipe-cases";

/**
 * Run state from code under the real CLI: `stopped` previews as an update, pauses the pipe and
 * reads back with no diff; `stopped: false` resumes it; a new `resyncToken` previews as an
 * update and sends one resync; a pipe that Failed reads back as stopped, and `stopped: false`
 * starts it again.
 */
let s: E2EStack;
let ids: Record<string, string>;
const stateCommands = () =>
  Object.entries(s.emulator.control.stats().byRoute)
    .filter(([route]) => route.startsWith("PATCH") && route.endsWith("/state"))
    .reduce((n, [, v]) => n + v, 0);

beforeAll(async () => {
  s = await E2EStack.open({ program: "examples/postgres-cdc", secretConfig: { postgresPassword: "e2e-run-state-password" } });
  await s.up();
  ids = idsOf((await s.exportState()).resources);
}, 180_000);
afterAll(() => s?.close());

describe("run state from code", () => {
  it("stopped: true pauses in place and shows no diff; false resumes", async () => {
    await s.setConfig("stopped", "true");
    const step = (await s.previewJson())["cdc"];
    expect(step.op).toBe("update");
    console.log(`[e2e] stopped preview: ${JSON.stringify({ op: step.op, ops: step.ops, diffReasons: step.diffReasons })}`);
    await s.up();
    expect(storedPipe(s, ids, "cdc").state).toBe("Paused");
    await s.must(["refresh", "--yes", "--skip-preview"]);
    await s.expectNoChanges();

    await s.setConfig("stopped", "false");
    expect((await s.previewJson())["cdc"].op).toBe("update");
    await s.up();
    expect(storedPipe(s, ids, "cdc").state).toMatch(/Running|Snapshot/);
    await s.expectNoChanges();
  }, 300_000);

  it("a pipe the service put in Failed: refresh reads it stopped, and stopped: false starts it again", async () => {
    await s.setConfig("stopped", "false");
    await s.up();
    s.emulator.control.setPipeState(ids.cdc, "Failed", "source unreachable: connection refused");
    await s.must(["refresh", "--yes", "--skip-preview"]);
    const step = (await s.previewJson())["cdc"];
    console.log(`[e2e] failed pipe preview: ${JSON.stringify({ op: step.op, diffReasons: step.diffReasons })}`);
    expect(step.op).toBe("update");
    s.emulator.control.resetStats();
    await s.up();
    expect(stateCommands()).toBe(1);
    expect(storedPipe(s, ids, "cdc").state).toMatch(/Running|Snapshot/);
    await s.expectNoChanges();
  }, 300_000);

  it("a new resyncToken previews as an update and sends one resync", async () => {
    await s.setConfig("resyncToken", "first");
    const step = (await s.previewJson())["cdc"];
    expect(step.op).toBe("update");
    s.emulator.control.resetStats();
    await s.up();
    expect(stateCommands()).toBe(1);
    await s.expectNoChanges();
  }, 300_000);
});

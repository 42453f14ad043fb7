import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";

/**
 * The preview is the gate (issue 21, item 2), through the real CLI: a no-op preview of a deployed
 * stack sends 0 requests; a create under a wrong key, or of a pipe whose name another pipe holds,
 * fails `pulumi preview` (non-zero exit) with the message the `up` would give.
 */
describe("pulumi preview as the gate of a create", () => {
  let stack: E2EStack;
  beforeAll(async () => {
    stack = await E2EStack.open({ program: "examples/quickstart", secretConfig: { kafkaPassword: "e2e-kafka-password-gate" } });
  }, 300_000);
  afterAll(() => stack?.close());

  it("records 0 requests for a no-op preview, fails a wrong key", async () => {
    await stack.up();
    stack.emulator.control.resetStats();
    const noop = await stack.pulumi(["preview", "--non-interactive"]);
    expect(noop.code).toBe(0);
    expect(stack.emulator.control.stats().requests).toBe(0);

    // The pipe dropped from state: the preview now plans a create, which reads the pipe list.
    const { resources } = await stack.exportState();
    const pipe = resources.find((r) => r.type.endsWith("Pipe") || r.urn.endsWith("::events"))!;
    await stack.must(["state", "delete", pipe.urn, "--yes", "--stack", stack.stack, "--cwd", stack.programDir], false);
    await stack.setConfig("pipestack:keySecret", "wrong-secret-e2e-1", true);
    const wrongKey = await stack.pulumi(["preview", "--non-interactive"]);
    expect(wrongKey.code).not.toBe(0);
    const text = wrongKey.stdout + wrongKey.stderr;
    // The CLI shows a diagnostic twice (progress line, then Diagnostics); the message names the setting once.
    const diagnostics = text.slice(text.indexOf("Diagnostics:"));
    expect(diagnostics.split("pipestack:keySecret").length - 1).toBe(1);
    expect(text).not.toMatch(/\n\s+at .*\.js:\d+/);

    // The right key again: the pipe the state forgot still holds its name, so the create's
    // preview fails as its `up` would, naming the holder and how to adopt it.
    await stack.setConfig("pipestack:keySecret", stack.emulator.options.keySecret, true);
    const taken = await stack.pulumi(["preview", "--non-interactive"]);
    expect(taken.code).not.toBe(0);
    expect(taken.stdout + taken.stderr).toContain(`is taken by pipe ${pipe.id}`);
    expect(taken.stdout + taken.stderr).toContain("pipestack:adopt");
  }, 600_000);
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";

/**
 * The preview is the gate (issue 21, item 2), through the real CLI: a no-op preview of a deployed
 * stack sends 0 requests; a create under a wrong key fails `pulumi preview` (non-zero exit) with
 * the message the `up` would give; so does a create whose pipe name is held by a pipe that is not
 * this resource's, and a `--replace` of a deployed pipe does not.
 */
describe("pulumi preview as the gate of a create", () => {
  let stack: E2EStack;
  let pipeId = "";
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
    pipeId = String(pipe.id);
    await stack.must(["state", "delete", pipe.urn, "--yes", "--stack", stack.stack, "--cwd", stack.programDir], false);

    // Its name is now held by a pipe the stack does not own; with another table it cannot be this resource's.
    await stack.setConfig("table", "other_table");
    const taken = await stack.pulumi(["preview", "--non-interactive"]);
    expect(taken.code).not.toBe(0);
    const takenText = taken.stdout + taken.stderr;
    expect(takenText).toMatch(/property name value \{quickstart-events\} has a problem: the name "quickstart-events" is taken by pipe [0-9a-f-]{36}/);
    expect(takenText).toContain('destination.table: live "quickstart_events", program "other_table"');
    expect(takenText).not.toMatch(/\n\s+at .*\.js:\d+/);
    await stack.setConfig("table", "quickstart_events");
    await stack.setConfig("pipestack:keySecret", "wrong-secret-e2e-1", true);
    const wrongKey = await stack.pulumi(["preview", "--non-interactive"]);
    expect(wrongKey.code).not.toBe(0);
    const text = wrongKey.stdout + wrongKey.stderr;
    // The CLI shows a diagnostic twice (progress line, then Diagnostics); the message names the setting once.
    const diagnostics = text.slice(text.indexOf("Diagnostics:"));
    expect(diagnostics.split("pipestack:keySecret").length - 1).toBe(1);
    expect(text).not.toMatch(/\n\s+at .*\.js:\d+/);
  }, 600_000);

  it("passes `preview --replace` of a deployed pipe, whose old pipe holds its name", async () => {
    await stack.setConfig("pipestack:keySecret", stack.emulator.options.keySecret, true);
    // Back under management: the pipe dropped from state is adopted by its name.
    await stack.must(["config", "set", "--path", 'pipestack:adopt["quickstart-events"]', pipeId]);
    await stack.up();
    const { resources } = await stack.exportState();
    const pipe = resources.find((r) => r.type.endsWith("Pipe"))!;
    const replaced = await stack.pulumi(["preview", "--non-interactive", "--replace", pipe.urn]);
    expect(replaced.stdout + replaced.stderr).toMatch(/1 to replace/);
    expect(replaced.code).toBe(0);
  }, 600_000);
});

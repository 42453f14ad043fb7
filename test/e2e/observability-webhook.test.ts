import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";

/**
 * `examples/observability` names its webhook by name (issue 18): on a stack without a webhook of
 * that name the program fails before it declares anything, so no partial deployment is left.
 */
describe("examples/observability on a stack without its webhook", () => {
  let stack: E2EStack;
  beforeAll(async () => {
    stack = await E2EStack.open({
      program: "examples/observability",
      stackServer: true,
      config: { webhookName: "pager" },
      emulator: { stackApiVersion: "2.36.0" },
    });
  }, 300_000);
  afterAll(() => stack?.close());

  it("fails naming the webhook, with nothing created", async () => {
    const run = await stack.pulumi(["up", "--yes", "--skip-preview"]);
    expect(run.code).not.toBe(0);
    expect(run.stdout + run.stderr).toContain('the stack has no webhook named "pager"');
    expect(stack.storedObjects()).toBe(0);
    const writes = Object.entries(stack.emulator.control.stats().byRoute).filter(([route]) => !route.startsWith("GET "));
    expect(writes, "no write reached the stack").toEqual([]);
    expect((await stack.exportState()).resources.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/"))).toEqual([]);
  }, 300_000);
});

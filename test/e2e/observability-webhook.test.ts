import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";
import { SEEDED_WEBHOOK_ID } from "../../emulator/stack/store";

/**
 * `examples/observability` makes its own webhook (issue 28). Names are unique per service on the
 * stack, so a webhook name the stack already has fails the preview at the create gate, saying
 * which webhook holds it and how to adopt it, with nothing written.
 */
describe("examples/observability on a stack that already has its webhook's name", () => {
  let stack: E2EStack;
  beforeAll(async () => {
    stack = await E2EStack.open({
      program: "examples/observability",
      stackServer: true,
      // The name of the webhook every emulated stack starts with.
      config: { webhookName: "on-call" },
      secretConfig: { webhookToken: "hook-token-gate-3e9a" },
      emulator: { stackApiVersion: "2.36.0" },
    });
  }, 300_000);
  afterAll(() => stack?.close());

  it("fails the preview naming the webhook that holds the name and how to adopt it, with nothing written", async () => {
    const run = await stack.pulumi(["preview"]);
    expect(run.code).not.toBe(0);
    const said = run.stdout + run.stderr;
    expect(said).toContain(`webhook ${SEEDED_WEBHOOK_ID} on server:`);
    expect(said).toContain(`the name "on-call" is taken by webhook ${SEEDED_WEBHOOK_ID} on server:`);
    expect(said).toContain("for service generic (names are unique per service)");
    // Made long before this run: no create in flight, so adopting it is offered, with its cost.
    expect(said).toContain("adopting another stack's webhook means a `destroy` of this stack deletes it");
    expect(said).toContain(`adoptId: "${SEEDED_WEBHOOK_ID}"`);
    expect(stack.storedObjects()).toBe(0);
    const writes = Object.entries(stack.emulator.control.stats().byRoute).filter(([route]) => !route.startsWith("GET "));
    expect(writes, "no write reached the stack").toEqual([]);
    await stack.assertNoPlaintextSecrets();
  }, 300_000);
});

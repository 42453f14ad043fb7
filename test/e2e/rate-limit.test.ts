import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";
import { storedStack } from "../support/stored";
import { SEEDED_WEBHOOK_ID } from "../../emulator/stack/store";

const TILES = 12;
// Small enough that the program spends more than two windows (12 alerts and their dashboard
// take about 29 requests since creates read no list of their own).
const LIMIT = 10;
const WINDOW_MS = 2_000;

/**
 * Issue 27, item 5, through the real CLI: a dashboard with a tile alert on each tile against a
 * stack server that limits each key (the 2.36.0 server's limit with a short window). The engine
 * runs the alerts in parallel; the provider paces them from the server's `RateLimit-*` headers,
 * so `up` and `destroy` meet the limit without being answered 429 more than once.
 */
describe("a stack of many tile alerts under the stack server's limit", () => {
  let stack: E2EStack;
  beforeAll(async () => {
    stack = await E2EStack.open({
      program: "test/e2e/programs/tile-alerts",
      stackServer: true,
      config: { tiles: String(TILES), webhookId: SEEDED_WEBHOOK_ID },
      emulator: { stackApiVersion: "2.36.0", stackRateLimit: LIMIT, stackRateWindowMs: WINDOW_MS },
    });
    await stack.setConfig("sourceId", storedStack(stack.emulator, "server").sources[0].id);
  }, 300_000);
  afterAll(() => stack?.close());

  it("up and destroy: more than two windows of requests each, at most one answered 429", async () => {
    stack.emulator.control.resetStats();
    await stack.up();
    const up = stack.emulator.control.stats();
    expect(storedStack(stack.emulator, "server").alerts).toHaveLength(TILES);
    expect(up.requests).toBeGreaterThan(2 * LIMIT);
    expect(up.rateLimited.stack, JSON.stringify(up.byStatus)).toBeLessThanOrEqual(1);

    stack.emulator.control.resetStats();
    await stack.destroy();
    const destroy = stack.emulator.control.stats();
    expect(storedStack(stack.emulator, "server").alerts).toHaveLength(0);
    expect(destroy.requests).toBeGreaterThan(LIMIT);
    expect(destroy.rateLimited.stack, JSON.stringify(destroy.byStatus)).toBeLessThanOrEqual(1);
  }, 300_000);
});

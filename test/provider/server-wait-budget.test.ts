/**
 * Issue 33, item 9: no wait outlives the operation's budget, whatever the server's headers say.
 * A 429 asking for longer than what is left of the budget (a huge `Retry-After`, a huge
 * `RateLimit-Reset`, a far-future date) fails the operation at once, with the limit, the server's
 * figure and the setting to raise; the reads, the creates (and their own loop, `create-once.ts`)
 * and the pacer all take the one reader and the one retry step. Against the emulator's scripted
 * faults, for every stack kind of the registry on both targets and for the cloud API's pipes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { pipeEngine, engineOf, type Engine } from "../support/engines";
import { startTestEmulator } from "../support/emulator";
import { checked } from "../support/engine-run";
import { TARGETS, configFor } from "../support/stack-targets";
import { configureWith } from "../support/engine";
import { forgetSnapshots } from "../../provider/engine/shared-list";
import { forgetGenerations } from "../../provider/engine/stack/generation";
import { registry } from "../../provider/registry";
import { fixturesFor } from "../support/stack-fixtures";
import { storedStack } from "../support/stored";

/** A 429's own rate-limit headers blanked (the emulator adds them to every 429), so that only the hostile one names a wait. */
const BLANK = { "ratelimit-reset": "", "x-ratelimit-reset": "" };
const FAR = "Fri, 01 Jan 2100 00:00:00 GMT";
const HOSTILE = [
  ["a huge Retry-After", { ...BLANK, "retry-after": "86400" }, "Retry-After: 86400"],
  ["a huge RateLimit-Reset", { "retry-after": "1", "x-ratelimit-reset": "", "ratelimit-reset": "999999" }, "RateLimit-Reset: 999999"],
  ["a far-future date", { ...BLANK, "retry-after": FAR }, `Retry-After: ${FAR}`],
] as const;

/** Well under the 120 s budget and under one retry's wait: the failure came at once. */
const AT_ONCE_MS = 3_000;

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startTestEmulator({ stackApiVersion: "2.36.0" });
});
afterAll(() => emulator.close());
beforeEach(() => {
  forgetSnapshots();
  forgetGenerations();
  emulator.control.clearScripts();
  emulator.control.resetStats();
});

/** Runs `op`, which must fail; its message and wall time. */
async function failing(op: () => Promise<unknown>): Promise<{ message: string; ms: number }> {
  const started = Date.now();
  const err = await op().then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  expect(err, "the operation must fail").toBeDefined();
  return { message: err!.message, ms: Date.now() - started };
}

function expectAtOnce(failed: { message: string; ms: number }, figure: string) {
  expect(failed.message).toContain(`-> 429`);
  expect(failed.message).toContain(`the server asks to wait`);
  expect(failed.message).toContain(`(${figure}), longer than the`);
  expect(failed.message).toContain("of this operation's 120 s limit");
  expect(failed.message).toContain("raise pipestack:retryTimeLimitMs (now 120000)");
  expect(failed.ms).toBeLessThan(AT_ONCE_MS);
  // One answer 429, no retry sent after it.
  expect(emulator.control.stats().faults.scripted).toBe(1);
}

/** The stack kinds of the registry: every one reads and creates through the same client. */
const STACK_KINDS = registry.filter((d) => d.type.startsWith("Stack")).map((d) => d.type);

describe.each(TARGETS)("hostile 429 headers on the %s stack target", (kind) => {
  const path = kind === "server" ? "^/api/v2/" : "/stack/";
  const use = () => configureWith(configFor(kind, emulator, { maxRetries: "6", retryBaseDelayMs: "10" }));

  describe.each(STACK_KINDS)("%s", (type) => {
    const engine: Engine = engineOf(type);
    it.each(HOSTILE)("a read meeting %s fails at once, naming the setting", async (_what, headers, figure) => {
      use();
      emulator.control.script({ method: "GET", path, status: 429, headers, count: 50 });
      const failed = await failing(() => engine.read("0123456789abcdef01234567", { ...configFor(kind, emulator) }));
      expectAtOnce(failed, figure);
    });
  });

  it.each(HOSTILE)("a dashboard create meeting %s at its POST fails at once; the next create goes at once", async (_what, headers, figure) => {
    use();
    const stack = storedStack(emulator, kind);
    const { dashboardInputs, tile } = fixturesFor({ sourceId: stack.sources[0].id, webhookId: stack.webhooks[0].id });
    const dashboards = engineOf("StackDashboard");
    const news = await checked(dashboards, dashboardInputs({ name: "hostile", tiles: [tile("Errors")] }));
    emulator.control.script({ method: "POST", path: `${path.replace("^", "")}dashboards$`, status: 429, headers, count: 1 });
    expectAtOnce(await failing(() => dashboards.create(news)), figure);
    // The key is held as the server said: the next operation cannot wait it out, so it goes at once
    // (its answer decides); here the server answers it.
    const started = Date.now();
    const made = await dashboards.create(news);
    expect(Date.now() - started).toBeLessThan(AT_ONCE_MS);
    await dashboards.delete(made.id, made.outs ?? {});
  });
});

describe("hostile 429 headers on the cloud API", () => {
  it.each(HOSTILE)("a pipe read meeting %s fails at once, naming the setting", async (_what, headers, figure) => {
    configureWith(configFor("cloud", emulator, { maxRetries: "6", retryBaseDelayMs: "10" }));
    emulator.control.script({ method: "GET", path: "/pipes", status: 429, headers, count: 50 });
    const failed = await failing(() => pipeEngine.read("00000000-0000-4000-8000-000000000001", {}));
    expectAtOnce(failed, figure);
  });
});

describe("a create's own loop takes the same retry step", () => {
  it.each(TARGETS)("%s: a POST answered 503 with a Retry-After longer than the budget is not sent again", async (kind) => {
    configureWith(configFor(kind, emulator, { maxRetries: "6", retryBaseDelayMs: "10" }));
    const stack = storedStack(emulator, kind);
    const { dashboardInputs, tile } = fixturesFor({ sourceId: stack.sources[0].id, webhookId: stack.webhooks[0].id });
    const dashboards = engineOf("StackDashboard");
    const news = await checked(dashboards, dashboardInputs({ name: "hostile-503", tiles: [tile("Errors")] }));
    const path = kind === "server" ? "/api/v2/dashboards$" : "/stack/dashboards$";
    emulator.control.script({ method: "POST", path, status: 503, headers: { "retry-after": "86400" }, count: 5 });
    const failed = await failing(() => dashboards.create(news));
    expect(failed.message).toContain("-> 503");
    expect(failed.message).toContain("the server asks to wait 86400 s (Retry-After: 86400)");
    expect(failed.message).toContain("raise pipestack:retryTimeLimitMs");
    expect(failed.ms).toBeLessThan(AT_ONCE_MS);
    expect(emulator.control.stats().faults.scripted, "one POST, not sent again").toBe(1);
  });
});

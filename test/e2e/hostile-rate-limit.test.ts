/**
 * Issue 33, item 9, through the real CLI: a server answering 429 with a wait longer than the
 * operation's budget (a huge `Retry-After`, a huge `RateLimit-Reset`, a far-future date). No wait
 * outlives the budget: the preview fails at once, with the limit, the server's figure and the
 * setting to raise, and no request is sent again. The wall time is measured.
 */
import { afterAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";

const stacks: E2EStack[] = [];
afterAll(async () => {
  for (const s of stacks) await s.close();
});

/** A 429's own rate-limit headers blanked (the emulator adds them), so that only the hostile one names a wait. */
const BLANK = { "ratelimit-reset": "", "x-ratelimit-reset": "" };
const FAR = "Fri, 01 Jan 2100 00:00:00 GMT";

describe("hostile 429 headers", () => {
  it.each([
    ["a huge Retry-After", { ...BLANK, "retry-after": "86400" }, "(Retry-After: 86400)"],
    ["a huge RateLimit-Reset", { "retry-after": "1", "x-ratelimit-reset": "", "ratelimit-reset": "999999" }, "(RateLimit-Reset: 999999)"],
    ["a far-future date", { ...BLANK, "retry-after": FAR }, `(Retry-After: ${FAR})`],
  ])(
    "%s: the preview fails at once, naming the figure and pipestack:retryTimeLimitMs",
    async (_what, headers, figure) => {
      const s = await E2EStack.open({
        program: "examples/quickstart",
        config: { "pipestack:maxRetries": "6" },
        secretConfig: { kafkaPassword: "hostile-429-kafka-pw-6c1d" },
      });
      stacks.push(s);
      s.emulator.control.script({ path: "^/", status: 429, headers, count: 10_000 });
      const started = Date.now();
      const run = await s.pulumi(["preview"]);
      const wallMs = Date.now() - started;
      const out = run.stdout + run.stderr;
      console.log(`hostile 429 ${figure}: preview failed in ${wallMs} ms (budget 120000 ms); ${s.emulator.control.stats().faults.scripted} answer(s) 429`);
      expect(run.code).not.toBe(0);
      expect(out).toContain(`-> 429 TOO_MANY_REQUESTS: rate limit exceeded; the server asks to wait`);
      expect(out).toContain(`${figure}, longer than the`);
      expect(out).toContain("of this operation's 120 s limit, so no retry waits for it; raise pipestack:retryTimeLimitMs (now 120000)");
      // One answer, no retry: the wait was refused at once, not waited out.
      expect(s.emulator.control.stats().faults.scripted).toBe(1);
      // The CLI's own start-up included; far under the 120 s budget and under one backoff cap (30 s).
      expect(wallMs).toBeLessThan(30_000);
    },
    300_000,
  );
});

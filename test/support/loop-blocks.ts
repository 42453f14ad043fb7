/**
 * Runs before every test file (vitest `setupFiles`) when PIPESTACK_LOOP_BLOCKS names a file: the
 * longest stall of this worker's event loop during each test and each file's hooks, appended to
 * that file as JSON lines. A stall longer than vitest's worker RPC timeout (60 s, not a setting)
 * ends the run with `Timeout calling "onTaskUpdate"` after the tests passed (issue 46); this finds
 * which test stalls, e.g. `PIPESTACK_LOOP_BLOCKS=/tmp/blocks.jsonl npx vitest run test/package`.
 */
import * as fs from "node:fs";
import { performance } from "node:perf_hooks";
import { afterAll, afterEach, beforeEach, expect } from "vitest";

const out = process.env.PIPESTACK_LOOP_BLOCKS;
if (out) {
  const TICK_MS = 50;
  let last = performance.now();
  let longest = 0;
  setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - TICK_MS);
    last = now;
  }, TICK_MS).unref();
  const record = (test: string) => {
    // A synchronous test ends before the timer could fire: the stall still under way counts too.
    const ms = Math.round(Math.max(longest, performance.now() - last - TICK_MS, 0));
    fs.appendFileSync(out, JSON.stringify({ file: expect.getState().testPath, test, maxStallMs: ms }) + "\n");
    longest = 0;
    last = performance.now();
  };
  // Before a test: the file's import, its beforeAll hooks, or the last test's afterEach hooks.
  beforeEach(() => record(`before: ${expect.getState().currentTestName ?? "?"}`));
  afterEach(() => record(expect.getState().currentTestName ?? "?"));
  afterAll(() => record("(afterAll hooks)"));
}

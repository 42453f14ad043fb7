/**
 * `inWorker` (test/support/in-worker.ts) runs a module's function in a worker thread: the test
 * worker's event loop keeps turning while the function works synchronously (what keeps vitest's
 * RPC from timing out under load, issue 46), its value comes back by structured clone, and its
 * failure comes back as an error naming the function.
 */
import * as path from "node:path";
import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { inWorker } from "../support/in-worker";

const busy = path.resolve(__dirname, "..", "support", "busy.ts");

describe("inWorker", () => {
  it("leaves the event loop free while the function works synchronously", async () => {
    let longest = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 20);
    try {
      const turns = await inWorker<number>(busy, "busyFor", 3000);
      expect(turns).toBeGreaterThan(0);
      // A stall that ends with the call is seen here: its continuation runs before any timer.
      longest = Math.max(longest, performance.now() - last);
    } finally {
      clearInterval(timer);
    }
    // Run in this thread, the 3 s loop would hold the timer back 3 s; the bundle's build and the
    // thread's start are asynchronous. 1.5 s leaves room for a loaded machine's scheduling.
    expect(longest).toBeLessThan(1500);
  }, 120_000);

  it("returns the function's value", async () => {
    expect(await inWorker(busy, "echo", { a: [1, "two"], b: null })).toEqual({ a: [1, "two"], b: null });
  }, 120_000);

  it("rejects with the function's error, naming it", async () => {
    await expect(inWorker(busy, "fails", "no such field")).rejects.toThrow(/busy\.ts#fails failed in its worker: Error: no such field/);
  }, 120_000);
});

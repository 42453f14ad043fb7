import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { attemptMs, deadlineMessage } from "../../provider/client/attempt-deadline";
import { defaultRetryPolicy } from "../../provider/client/retry";
import { RetryBudget } from "../../provider/client/retry-budget";

describe("attemptMs: the setting, cut to what is left of the operation", () => {
  it.each([
    ["plenty left", 60_000, 100_000, 60_000],
    ["less left than the setting", 60_000, 1_500, 1_500],
    ["nothing left", 60_000, 0, 0],
    ["past the end", 60_000, -20, 0],
  ])("%s", (_what, timeoutMs, leftMs, ms) => {
    expect(attemptMs(timeoutMs, leftMs)).toBe(ms);
  });
});

describe("deadlineMessage", () => {
  it.each([
    ["a whole attempt", 60_000, "no complete answer (headers and body) within 60000 ms; pipestack:requestTimeoutMs (60000 ms) bounds each attempt"],
    [
      "an attempt cut by the budget",
      1_500,
      "no complete answer (headers and body) within 1500 ms (cut to what was left of the 120 s every attempt of one operation shares, retries included); pipestack:requestTimeoutMs (60000 ms) bounds each attempt",
    ],
  ])("%s", (_what, ms, message) => {
    expect(deadlineMessage(ms, 60_000, 120_000)).toBe(message);
  });
});

describe("RetryBudget: the time left of an operation", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it("ends maxElapsedMs after the first attempt, or one attempt after when that is longer", () => {
    const budget = new RetryBudget({ ...defaultRetryPolicy, maxElapsedMs: 120_000 });
    vi.setSystemTime(1_000_000 + 5_000);
    // The first attempt starts the clock: the time before it (a budget made ahead of a create) is not spent.
    expect(budget.leftMs(60_000)).toBe(120_000);
    vi.setSystemTime(1_000_000 + 105_000);
    expect(budget.leftMs(60_000)).toBe(20_000);
    expect(budget.spanMs(60_000)).toBe(120_000);
    // A budget shorter than one attempt (no retries at all) still gives its first attempt the whole deadline.
    const short = new RetryBudget({ ...defaultRetryPolicy, maxElapsedMs: 0 });
    expect(short.leftMs(60_000)).toBe(60_000);
    expect(short.spanMs(60_000)).toBe(60_000);
  });

  it("leaves a service's wake-up out of the time spent", () => {
    const budget = new RetryBudget({ ...defaultRetryPolicy, maxElapsedMs: 120_000 });
    expect(budget.leftMs(60_000)).toBe(120_000);
    vi.setSystemTime(1_000_000 + 300_000);
    expect(budget.leftMs(60_000)).toBe(-180_000);
    budget.setAside(290_000);
    expect(budget.leftMs(60_000)).toBe(110_000);
  });
});

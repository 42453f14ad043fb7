import { describe, expect, it } from "vitest";
import { defaultRetryPolicy } from "../../provider/client/retry";
import { RetryBudget } from "../../provider/client/retry-budget";
import { createMarker, isMarker } from "../../provider/impl/create-once";

describe("a create's marker", () => {
  it("is unique to one create and fits a tag (32 characters)", () => {
    const markers = Array.from({ length: 1000 }, createMarker);
    expect(new Set(markers).size).toBe(1000);
    for (const m of markers) expect(m.length).toBeLessThanOrEqual(32);
  });
  it.each([
    ["a marker", createMarker(), true],
    ["the prefix alone", "pipestack-create-", false],
    ["a tag of the program", "team-a", false],
    ["upper-case digits", "pipestack-create-ABCDEF012345", false],
    ["not a string", 42, false],
  ])("%s: %s", (_what, value, expected) => {
    expect(isMarker(value)).toBe(expected);
  });
});

describe("one retry budget per operation", () => {
  it("gives maxRetries waits, then none, whoever asks", () => {
    const budget = new RetryBudget({ ...defaultRetryPolicy, maxRetries: 3, baseDelayMs: 10 }, () => 0.5);
    const waits = [budget.next(), budget.next({ kind: "status", status: 429, headers: { "retry-after": "0" } }), budget.next(), budget.next()];
    expect(waits).toEqual([5, 0, 20, undefined]);
    expect(budget.spent).toBe(3);
  });
});

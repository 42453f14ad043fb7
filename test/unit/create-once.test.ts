import { describe, expect, it } from "vitest";
import { defaultRetryPolicy } from "../../provider/client/retry";
import { RetryBudget } from "../../provider/client/retry-budget";
import { ServerClock } from "../../provider/client/server-clock";
import { CLOCK_TOLERANCE_MS, isoStamp, madeSince, objectIdStamp } from "../../provider/impl/create-once";

describe("when the server made an object", () => {
  it.each([
    ["ISO with milliseconds", () => isoStamp("2026-11-23T09:00:00.123Z"), { ms: Date.parse("2026-11-23T09:00:00.123Z"), resolutionMs: 1 }],
    ["not a date", () => isoStamp("yesterday"), undefined],
    ["absent", () => isoStamp(undefined), undefined],
    ["an ObjectId: its first 8 hex digits are Unix seconds", () => objectIdStamp("6b0400000000000000000000"), { ms: 0x6b040000 * 1000, resolutionMs: 1000 }],
    ["an id of another shape", () => objectIdStamp("opaque-id"), undefined],
  ])("%s", (_what, stamp, expected) => {
    expect(stamp()).toEqual(expected);
  });
});

describe("made since the POST began, with the tolerance", () => {
  const began = 1_800_000_000_000;
  it.each([
    ["made after", { ms: began + 5, resolutionMs: 1 }, true],
    ["made just inside the tolerance before", { ms: began - CLOCK_TOLERANCE_MS + 10, resolutionMs: 1 }, true],
    ["made a minute before", { ms: began - 60_000, resolutionMs: 1 }, false],
    ["an ObjectId second that contains the start", { ms: began - 1_000 - CLOCK_TOLERANCE_MS + 1, resolutionMs: 1000 }, true],
    ["an ObjectId second wholly before the tolerance", { ms: began - 1_000 - CLOCK_TOLERANCE_MS, resolutionMs: 1000 }, false],
  ])("%s", (_what, stamp, expected) => {
    expect(madeSince(stamp, began)).toBe(expected);
  });
});

describe("the server's clock from the Date header", () => {
  it.each([
    ["an hour ahead", "Mon, 23 Nov 2026 10:00:00 GMT", Date.parse("2026-11-23T09:00:00Z"), 3_600_500],
    ["the same second", "Mon, 23 Nov 2026 09:00:00 GMT", Date.parse("2026-11-23T09:00:00.250Z"), 250],
  ])("%s", (_what, header, local, offset) => {
    const clock = new ServerClock();
    clock.observe(header, local);
    expect(clock.calibrated).toBe(true);
    expect(clock.toServer(1000)).toBe(1000 + offset);
  });
  it("without a usable header, local time stands", () => {
    const clock = new ServerClock();
    clock.observe("not a date");
    clock.observe(undefined);
    expect(clock.calibrated).toBe(false);
    expect(clock.toServer(1234)).toBe(1234);
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

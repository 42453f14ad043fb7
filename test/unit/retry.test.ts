import { describe, expect, it } from "vitest";
import { backoffMs, defaultRetryPolicy, retryStep, shouldRetry, type Outcome, type RetryStep } from "../../provider/client/retry";

const status = (s: number): Outcome => ({ kind: "status", status: s });
const wanted = (s: number, ms: number): Outcome => ({ kind: "status", status: s, asked: { header: "Retry-After", value: String(ms / 1000), ms } });

describe("shouldRetry", () => {
  it.each<[Outcome, boolean, boolean]>([
    [status(429), false, true],
    [status(429), true, true],
    [status(500), true, true],
    [status(502), true, true],
    [status(503), true, true],
    [status(504), true, true],
    [status(500), false, false],
    [status(504), false, false],
    [status(400), true, false],
    [status(404), true, false],
    [status(409), true, false],
    [status(424), true, false],
    [{ kind: "transport", neverSent: false }, true, true],
    [{ kind: "transport", neverSent: false }, false, false],
    [{ kind: "transport", neverSent: true }, false, true],
  ])("%j idempotent=%s -> %s", (outcome, idempotent, expected) => {
    expect(shouldRetry(outcome, idempotent)).toBe(expected);
  });
});

describe("retryStep", () => {
  const policy = { ...defaultRetryPolicy, maxRetries: 3, baseDelayMs: 100, maxDelayMs: 1000, maxElapsedMs: 5000 };
  const asked = (ms: number) => ({ header: "Retry-After", value: String(ms / 1000), ms });
  it.each<[string, Outcome, number, number, RetryStep]>([
    ["the server's wait, whole when it fits (not cut to the backoff cap)", wanted(429, 2000), 0, 0, { kind: "wait", ms: 2000 }],
    ["the server's wait of 0", wanted(429, 0), 0, 0, { kind: "wait", ms: 0 }],
    ["a wait that ends exactly at the limit", wanted(503, 1000), 0, 4000, { kind: "wait", ms: 1000 }],
    ["longer than what is left: at once, with the figure", wanted(429, 3_600_000), 0, 1000, { kind: "too-long", asked: asked(3_600_000), leftMs: 4000 }],
    ["longer than what is left, late in the budget", wanted(429, 2000), 1, 4000, { kind: "too-long", asked: asked(2000), leftMs: 1000 }],
    ["no figure: backoff", status(503), 0, 0, { kind: "wait", ms: 50 }],
    ["the retries spent", wanted(429, 0), 3, 0, { kind: "spent" }],
    ["backoff past the limit", status(503), 2, 4990, { kind: "spent" }],
  ])("%s", (_what, outcome, retry, elapsed, expected) => {
    expect(retryStep(outcome, retry, elapsed, policy, 0.5)).toEqual(expected);
  });
  it("backs off exponentially with jitter, at most maxDelayMs", () => {
    expect(backoffMs(0, policy, 0.999)).toBe(99);
    expect(backoffMs(2, policy, 0.999)).toBe(399);
    expect(backoffMs(5, policy, 0.999)).toBe(999);
    expect(backoffMs(3, policy, 0)).toBe(0);
  });
});

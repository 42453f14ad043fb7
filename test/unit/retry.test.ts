import { describe, expect, it } from "vitest";
import { backoffMs, defaultRetryPolicy, retryDelay, serverDelayMs, shouldRetry, type Outcome } from "../../provider/client/retry";

const status = (s: number, headers: Record<string, string> = {}): Outcome => ({ kind: "status", status: s, headers });

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

describe("serverDelayMs", () => {
  const now = Date.parse("2026-11-22T00:00:00Z");
  it.each([
    [{ "x-ratelimit-reset": "3" }, 3000],
    [{ "ratelimit-reset": "2" }, 2000],
    [{ "retry-after": "0" }, 0],
    [{ "retry-after": "1.5" }, 1500],
    [{ "retry-after": "Sun, 22 Nov 2026 00:00:05 GMT" }, 5000],
    [{ "x-ratelimit-reset": String(now / 1000 + 4) }, 4000],
    [{ "retry-after": "soon" }, undefined],
    [{}, undefined],
  ])("%j -> %s", (headers, expected) => {
    expect(serverDelayMs(headers, now)).toBe(expected);
  });
});

describe("retryDelay", () => {
  const policy = { ...defaultRetryPolicy, maxRetries: 3, baseDelayMs: 100, maxDelayMs: 1000, maxElapsedMs: 5000 };
  it("follows the server's reset header, capped", () => {
    expect(retryDelay(status(429, { "x-ratelimit-reset": "2" }), 0, 0, policy)).toBe(1000);
    expect(retryDelay(status(429, { "x-ratelimit-reset": "0" }), 0, 0, policy)).toBe(0);
  });
  it("backs off exponentially with jitter", () => {
    expect(backoffMs(0, policy, 0.999)).toBe(99);
    expect(backoffMs(2, policy, 0.999)).toBe(399);
    expect(backoffMs(5, policy, 0.999)).toBe(999);
    expect(backoffMs(3, policy, 0)).toBe(0);
  });
  it("stops after the retries allowed", () => {
    expect(retryDelay(status(503), 2, 0, policy, 0.5)).toBeDefined();
    expect(retryDelay(status(503), 3, 0, policy, 0.5)).toBeUndefined();
  });
  it("stops when the time allowed is spent", () => {
    expect(retryDelay(status(503), 0, 4990, policy, 0.5)).toBeUndefined();
  });
});

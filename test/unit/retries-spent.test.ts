import { describe, expect, it } from "vitest";
import { ApiError, RateLimitedError } from "../../provider/errors";
import { afterRetries, waitTooLong } from "../../provider/client/retries-spent";
import { defaultRetryPolicy } from "../../provider/client/retry";
import { resourceFailure } from "../../provider/schemas/check-failures";

const policy = { ...defaultRetryPolicy, maxRetries: 3, maxElapsedMs: 120_000 };
const failure = (status: number) =>
  ApiError.from({ status, apiCode: "X", detail: "rate limit exceeded.", requestId: "r-1", method: "GET", path: "/v1/p", jsonBody: true });

describe("the error a retryable answer ends with once the retries are spent", () => {
  it.each([
    [
      429,
      3,
      1200,
      "GET /v1/p -> 429 X: rate limit exceeded; still 429 after 3 retries in 1.2 s; check pipestack:maxRetries (now 3), or send fewer requests at once (requestId r-1)",
    ],
    [
      503,
      1,
      119_000,
      "GET /v1/p -> 503 X: rate limit exceeded; still 503 after 1 retry in 119.0 s (the retry time limit, 120 s, ran out first; pipestack:retryTimeLimitMs); check pipestack:maxRetries (now 3), or send fewer requests at once (requestId r-1)",
    ],
  ])("%i after %i retries in %i ms", (status, spent, elapsed, message) => {
    const err = afterRetries(failure(status), spent, elapsed, policy);
    expect(err.message).toBe(message);
    expect(err.status).toBe(status);
    expect(err.requestId).toBe("r-1");
  });

  it("keeps the class callers branch on", () => {
    expect(afterRetries(failure(429), 3, 10, policy)).toBeInstanceOf(RateLimitedError);
  });
});

describe("the error a server's wait longer than the budget ends with at once", () => {
  it.each([
    [{ header: "Retry-After", value: "86400", ms: 86_400_000 }, 119_500, "86400 s (Retry-After: 86400), longer than the 119.5 s left"],
    [{ header: "RateLimit-Reset", value: "999999", ms: 999_999_000 }, 120_000, "999999 s (RateLimit-Reset: 999999), longer than the 120 s left"],
    [
      { header: "Retry-After", value: "Fri, 01 Jan 2100 00:00:00 GMT", ms: 2_326_000_000_000 },
      3_000,
      "2326000000 s (Retry-After: Fri, 01 Jan 2100 00:00:00 GMT), longer than the 3 s left",
    ],
  ])("%j with %i ms left: the limit, the server's figure and the setting to raise", (asked, left, words) => {
    const err = waitTooLong(failure(429), asked, left, policy);
    expect(err.message).toContain(`GET /v1/p -> 429 X: rate limit exceeded; the server asks to wait ${words} of this operation's 120 s limit`);
    expect(err.message).toContain("raise pipestack:retryTimeLimitMs (now 120000)");
    expect(err.message).toContain("(requestId r-1)");
    expect(err).toBeInstanceOf(RateLimitedError);
  });
});

describe("a check failure that is no input's", () => {
  it("names no property, so the engine reports the resource", () => {
    expect(resourceFailure(new Error("GET /x -> 429"))).toEqual({ property: "", reason: "GET /x -> 429" });
  });
});

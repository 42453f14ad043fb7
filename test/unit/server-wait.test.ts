import { describe, expect, it } from "vitest";
import { askedWait, readLimits, waitMs, type Headers } from "../../provider/client/server-wait";

/** The one reader of `Retry-After` and `RateLimit-*`, which the retry step and the pacer both use. */
const NOW = Date.parse("2026-11-26T10:00:00Z");
const rl = (limit: number, remaining: number, reset: number) => ({
  "ratelimit-limit": String(limit),
  "ratelimit-remaining": String(remaining),
  "ratelimit-reset": String(reset),
});

describe("waitMs: seconds, an epoch instant or an HTTP date", () => {
  it.each([
    ["0", 0],
    ["1.5", 1500],
    ["3600", 3_600_000],
    // Past the epoch heuristic's line: an instant in seconds, not a wait.
    [String(NOW / 1000 + 4), 4000],
    [String(NOW / 1000 - 4), 0],
    ["Thu, 26 Nov 2026 10:00:05 GMT", 5000],
    ["Thu, 26 Nov 2026 09:00:00 GMT", 0],
    ["Fri, 01 Jan 2100 00:00:00 GMT", Date.parse("2100-01-01T00:00:00Z") - NOW],
    ["soon", undefined],
    ["", undefined],
    [undefined, undefined],
  ])("%j -> %s", (raw, expected) => {
    expect(waitMs(raw, NOW)).toBe(expected);
  });
});

describe("readLimits", () => {
  it.each<[Headers, object]>([
    [rl(100, 99, 60), { limit: 100, remaining: 99, reset: { header: "RateLimit-Reset", value: "60", ms: 60_000 } }],
    [
      { "ratelimit-limit": "100, 100;w=60", "ratelimit-remaining": "7", "ratelimit-reset": "3" },
      { limit: 100, remaining: 7, reset: { header: "RateLimit-Reset", value: "3", ms: 3_000 } },
    ],
    [
      { "x-ratelimit-limit": "50", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "4" },
      { limit: 50, remaining: 0, reset: { header: "X-RateLimit-Reset", value: "4", ms: 4_000 } },
    ],
    [
      { ...rl(100, 0, 12), "retry-after": "60" },
      {
        limit: 100,
        remaining: 0,
        reset: { header: "RateLimit-Reset", value: "12", ms: 12_000 },
        retryAfter: { header: "Retry-After", value: "60", ms: 60_000 },
      },
    ],
    [{ "retry-after": ["2", "9"] }, { retryAfter: { header: "Retry-After", value: "2", ms: 2_000 } }],
    [{ ratelimit: "limit=100, remaining=42, reset=17" }, { limit: 100, remaining: 42, reset: { header: "RateLimit", value: "17", ms: 17_000 } }],
    [
      { ratelimit: '"default"; r=3; t=9', "ratelimit-policy": '"default"; q=50; w=60' },
      { limit: 50, remaining: 3, reset: { header: "RateLimit", value: "9", ms: 9_000 } },
    ],
    [{ "ratelimit-remaining": "many", "retry-after": "soon" }, {}],
    [{}, {}],
  ])("%j -> %j", (headers, expected) => {
    expect(readLimits(headers, NOW)).toEqual(expected);
  });
});

describe("askedWait: the wait an error answer asks for", () => {
  it.each<[string, number, Headers, string | undefined, number | undefined]>([
    ["a 429: the window's end before its Retry-After", 429, { ...rl(100, 0, 7), "retry-after": "60" }, "RateLimit-Reset", 7_000],
    ["a 429 with Retry-After alone", 429, { "retry-after": "3" }, "Retry-After", 3_000],
    ["a 429 with a huge Retry-After", 429, { "retry-after": "86400" }, "Retry-After", 86_400_000],
    ["a 429 with a huge reset", 429, { "ratelimit-reset": "999999" }, "RateLimit-Reset", 999_999_000],
    ["a 429 with a far-future date", 429, { "retry-after": "Fri, 01 Jan 2100 00:00:00 GMT" }, "Retry-After", Date.parse("2100-01-01T00:00:00Z") - NOW],
    ["a 503: only Retry-After is a wait (a reset is the window's)", 503, { ...rl(100, 50, 60), "retry-after": "2" }, "Retry-After", 2_000],
    ["a 503 with the window's reset alone: none", 503, rl(100, 50, 60), undefined, undefined],
    ["nothing named", 429, {}, undefined, undefined],
  ])("%s", (_what, status, headers, header, ms) => {
    const asked = askedWait(status, headers, NOW);
    expect(asked?.header).toBe(header);
    expect(asked?.ms).toBe(ms);
  });
});

import { describe, expect, it } from "vitest";
import { Pacer, paceKey, pacerFor } from "../../provider/client/pacer";
import { MAX_PACE_WAIT_MS, PROBE_PATIENCE_MS, UNKNOWN_PACE, admit, onAnswer, type Admission, type PaceState } from "../../provider/client/rate-pacing";

const NOW = Date.parse("2026-11-26T10:00:00Z");
const state = (over: Partial<PaceState>): PaceState => ({ answered: true, inFlight: 0, ...over });
const rl = (limit: number, remaining: number, reset: number) => ({
  "ratelimit-limit": String(limit),
  "ratelimit-remaining": String(remaining),
  "ratelimit-reset": String(reset),
});

describe("admit", () => {
  it.each<[string, PaceState, number, Admission]>([
    ["nothing known, nothing in flight: the probe goes", UNKNOWN_PACE, 0, { kind: "send" }],
    ["nothing known, a probe in flight: wait for its answer", { answered: false, inFlight: 1 }, 1_000, { kind: "wait", ms: PROBE_PATIENCE_MS - 1_000 }],
    ["nothing known, the probe hangs: the others go after a while", { answered: false, inFlight: 1 }, PROBE_PATIENCE_MS, { kind: "send" }],
    ["answers without a limit: no pacing", state({ inFlight: 30 }), 0, { kind: "send" }],
    ["remaining above what is in flight", state({ limit: 100, remaining: 9, windowEnd: NOW + 5_000, inFlight: 8 }), 0, { kind: "send" }],
    [
      "what is in flight takes the rest: wait for the window's end",
      state({ limit: 100, remaining: 8, windowEnd: NOW + 5_000, inFlight: 8 }),
      0,
      { kind: "wait", ms: 5_000 },
    ],
    ["remaining 0: wait for the window's end", state({ limit: 100, remaining: 0, windowEnd: NOW + 1_500 }), 0, { kind: "wait", ms: 1_500 }],
    [
      "past the window's end the whole limit, less what is in flight",
      state({ limit: 100, remaining: 0, windowEnd: NOW - 1, inFlight: 99 }),
      0,
      { kind: "send" },
    ],
    [
      "past the window's end with the limit in flight: wait for an answer",
      state({ limit: 2, remaining: 0, windowEnd: NOW - 1, inFlight: 2 }),
      0,
      { kind: "wait", ms: MAX_PACE_WAIT_MS },
    ],
    [
      "after a 429: wait until its time, whatever the count",
      state({ limit: 100, remaining: 50, windowEnd: NOW + 9_000, blockedUntil: NOW + 2_000 }),
      0,
      { kind: "wait", ms: 2_000 },
    ],
    ["waited the longest a request waits: it goes", state({ limit: 100, remaining: 0, windowEnd: NOW + 3_600_000 }), MAX_PACE_WAIT_MS, { kind: "send" }],
  ])("%s", (_name, given, waited, expected) => {
    expect(admit(given, NOW, waited)).toEqual(expected);
  });
});

describe("admit within a request's patience (what is left of its operation's budget)", () => {
  const blocked = state({ limit: 100, remaining: 50, windowEnd: NOW + 9_000, blockedUntil: NOW + 30_000 });
  const spent = state({ limit: 100, remaining: 0, windowEnd: NOW + 30_000 });
  it.each<[string, PaceState, number, number, Admission]>([
    ["a 429's hold that fits: waited", blocked, 0, 40_000, { kind: "wait", ms: 30_000 }],
    ["a 429's hold longer than the patience: sent at once (its answer ends the operation)", blocked, 0, 20_000, { kind: "send" }],
    ["a 429's hold longer than what is left of the patience", blocked, 15_000, 40_000, { kind: "send" }],
    ["a window's end that fits: waited", spent, 0, 40_000, { kind: "wait", ms: 30_000 }],
    ["a window's end past the patience: sent at once", spent, 0, 10_000, { kind: "send" }],
    [
      "a wait for answers: no longer than the patience",
      state({ limit: 2, remaining: 0, windowEnd: NOW - 1, inFlight: 2 }),
      1_000,
      4_000,
      { kind: "wait", ms: 3_000 },
    ],
    ["a probe's wait: no longer than the patience", { answered: false, inFlight: 1 }, 0, 2_000, { kind: "wait", ms: 2_000 }],
    ["no patience left", blocked, 5_000, 5_000, { kind: "send" }],
  ])("%s", (_name, given, waited, patience, expected) => {
    expect(admit(given, NOW, waited, patience)).toEqual(expected);
  });
});

describe("onAnswer", () => {
  const known = state({ limit: 100, remaining: 40, windowEnd: NOW + 10_000, inFlight: 3 });
  it.each<[string, PaceState, { sentAt: number; status?: number; headers?: Record<string, string> }, Partial<PaceState>]>([
    [
      "the first answer with headers sets the window",
      { answered: false, inFlight: 1 },
      { sentAt: NOW - 50, status: 200, headers: rl(100, 99, 60) },
      { answered: true, limit: 100, remaining: 99, windowEnd: NOW + 60_000, inFlight: 0 },
    ],
    [
      "an answer without headers: answered, no limit",
      { answered: false, inFlight: 1 },
      { sentAt: NOW - 50, status: 200, headers: {} },
      { answered: true, limit: undefined, inFlight: 0 },
    ],
    ["a failed connection tells nothing", { answered: false, inFlight: 1 }, { sentAt: NOW - 50 }, { answered: false, inFlight: 0 }],
    [
      "same window, a lower count: taken",
      known,
      { sentAt: NOW - 50, status: 200, headers: rl(100, 37, 10) },
      { remaining: 37, windowEnd: NOW + 10_000, inFlight: 2 },
    ],
    [
      "same window, an older (higher) count out of order: kept lower",
      known,
      { sentAt: NOW - 50, status: 200, headers: rl(100, 45, 10) },
      { remaining: 40, inFlight: 2 },
    ],
    [
      "same window, an earlier end: the earlier is kept",
      known,
      { sentAt: NOW - 50, status: 200, headers: rl(100, 39, 9) },
      { remaining: 39, windowEnd: NOW + 9_000 },
    ],
    [
      "sent after the window's end: the new window's count",
      state({ limit: 100, remaining: 0, windowEnd: NOW - 500, inFlight: 1 }),
      { sentAt: NOW - 100, status: 200, headers: rl(100, 98, 60) },
      { remaining: 98, windowEnd: NOW + 60_000, inFlight: 0 },
    ],
    [
      "sent before the known end, but its window cannot end before it (counted in the next one): the next window's count",
      state({ limit: 10, remaining: 2, windowEnd: NOW + 500, endLow: NOW - 500, openedAt: NOW - 1_500, inFlight: 1 }),
      { sentAt: NOW - 400, status: 200, headers: rl(10, 9, 2) },
      { remaining: 9, windowEnd: NOW + 2_000, endLow: NOW + 600, openedAt: NOW - 400 },
    ],
    [
      "sent before the window's first known request: may be of the window before, never brings the end earlier",
      state({ limit: 10, remaining: 5, windowEnd: NOW + 1_500, endLow: NOW + 200, openedAt: NOW - 300, inFlight: 1 }),
      { sentAt: NOW - 800, status: 200, headers: rl(10, 4, 1) },
      { remaining: 4, windowEnd: NOW + 1_500 },
    ],
    [
      "of a window that ended before this one could: tells nothing of this one",
      state({ limit: 10, remaining: 5, windowEnd: NOW + 60_000, endLow: NOW + 59_000, openedAt: NOW - 1_000, inFlight: 1 }),
      { sentAt: NOW - 2_000, status: 429, headers: rl(10, 0, 1) },
      { remaining: 5, windowEnd: NOW + 60_000, blockedUntil: NOW + 1_000 },
    ],
    [
      "a 429 with the window's reset: blocked until the reset, not the whole Retry-After",
      known,
      { sentAt: NOW - 50, status: 429, headers: { ...rl(100, 0, 7), "retry-after": "60" } },
      { remaining: 0, blockedUntil: NOW + 7_000, windowEnd: NOW + 7_000 },
    ],
    [
      "a 429 with only Retry-After: honoured",
      state({ inFlight: 1 }),
      { sentAt: NOW - 50, status: 429, headers: { "retry-after": "3" } },
      { blockedUntil: NOW + 3_000, limit: undefined },
    ],
    [
      "a 429 with the cloud's X-RateLimit-Reset",
      state({ inFlight: 1 }),
      { sentAt: NOW - 50, status: 429, headers: { "x-ratelimit-reset": "4" } },
      { blockedUntil: NOW + 4_000 },
    ],
    ["a 429 naming no time: a short block", state({ inFlight: 1 }), { sentAt: NOW - 50, status: 429, headers: {} }, { blockedUntil: NOW + 1_000 }],
    [
      "a 429 naming an hour: held as named (each request holds it against its own patience)",
      state({ inFlight: 1 }),
      { sentAt: NOW - 50, status: 429, headers: { "retry-after": "3600" } },
      { blockedUntil: NOW + 3_600_000 },
    ],
  ])("%s", (_name, given, exchange, expected) => {
    const result = onAnswer(given, exchange, NOW);
    expect({ ...result, limit: result.limit }).toMatchObject(expected);
  });
});

describe("Pacer", () => {
  const settle = () => new Promise((r) => setImmediate(r));

  it("lets one probe go first, then shares the remaining count among parallel requests", async () => {
    let now = NOW;
    const pacer = new Pacer(() => now);
    const sent: number[] = [];
    const tickets = Array.from({ length: 8 }, (_, i) => pacer.acquire().then((t) => (sent.push(i), t)));
    await settle();
    expect(sent).toEqual([0]);
    const probe = await tickets[0];
    // The server has 3 left in this window: three of the seven waiting go, the others wait for its end.
    probe.done({ status: 200, headers: rl(100, 3, 1) });
    await settle();
    expect(sent).toEqual([0, 1, 2, 3]);
    expect(pacer.known).toMatchObject({ remaining: 3, inFlight: 3 });
    now += 1_000;
    await new Promise((r) => setTimeout(r, 1_050));
    expect(sent).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const t of await Promise.all(tickets.slice(1))) t.done({ status: 200, headers: rl(100, 90, 59) });
  });

  it("holds every request of the key after a 429 until the time it names", async () => {
    const pacer = new Pacer();
    const first = await pacer.acquire();
    first.done({ status: 429, headers: { ...rl(100, 0, 1), "retry-after": "60" } });
    const started = Date.now();
    const next = await pacer.acquire();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(next.waitedMs).toBeGreaterThanOrEqual(900);
    next.done({ status: 200, headers: rl(100, 99, 60) });
  });

  it("is one per key and process, keyed by a hash that holds no credential", () => {
    const a = pacerFor({ baseUrl: "https://api.example.test", authorization: "Bearer s3cret-token" });
    expect(pacerFor({ baseUrl: "https://api.example.test", authorization: "Bearer s3cret-token" })).toBe(a);
    expect(pacerFor({ baseUrl: "https://api.example.test", authorization: "Bearer other" })).not.toBe(a);
    expect(pacerFor({ baseUrl: "https://other.example.test", authorization: "Bearer s3cret-token" })).not.toBe(a);
    const key = paceKey("https://api.example.test", "Bearer s3cret-token");
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(a.known)).not.toContain("s3cret");
  });
});

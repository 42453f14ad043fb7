import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { FixedWindowLimiter, STACK_SERVER_LIMIT, limitedSurfaceOf } from "../../emulator/rate-limit";
import { apiV2, cloud } from "../support/raw-api";
import { send } from "../support/http";
import { startTestEmulator } from "../support/emulator";

const RATE_HEADERS = ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"];
const headersOf = (headers: Headers, names: readonly string[]) => Object.fromEntries(names.map((n) => [n, headers.get(n)]));

describe("the stack server's limit, as the 2.36.0 server applies it", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startTestEmulator({ stackApiVersion: "2.36.0", stackRateLimit: STACK_SERVER_LIMIT.limit });
  });
  afterAll(() => emulator.close());

  it("answers the 101st request of a minute with its 429 page and headers; every answer carries RateLimit-*", async () => {
    const api = apiV2(emulator);
    const answers = [];
    for (let i = 0; i < 100; i++) answers.push(await api.call("GET", "/dashboards"));
    expect(answers.map((a) => a.status)).toEqual(Array<number>(100).fill(200));
    expect(answers.map((a) => a.headers.get("ratelimit-remaining"))).toEqual(Array.from({ length: 100 }, (_, i) => String(99 - i)));
    for (const a of answers) {
      expect(a.headers.get("ratelimit-limit")).toBe("100");
      expect(Number(a.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
      expect(Number(a.headers.get("ratelimit-reset"))).toBeLessThanOrEqual(60);
      expect(a.headers.get("retry-after")).toBeNull();
    }
    const over = await api.call("GET", "/alerts");
    expect(over.status).toBe(429);
    expect(over.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(over.text).toBe("Too many requests, please try again later.");
    expect(over.headers.get("retry-after")).toBe("60");
    expect(over.headers.get("ratelimit-limit")).toBe("100");
    expect(over.headers.get("ratelimit-remaining")).toBe("0");
    expect(Number(over.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
    expect(emulator.control.stats().rateLimited).toEqual({ stack: 1, cloud: 0 });
    expect(emulator.control.stats().byStatus).toEqual({ 200: 100, 429: 1 });
  });

  it("counts per key, before the key is checked; the root /api/v2 and the cloud proxy are not limited by it", async () => {
    const other = await send(`${emulator.url}/api/v2/dashboards`, "GET", undefined, { authorization: "Bearer someone-else" });
    expect(other.status).toBe(401);
    expect(headersOf(other.headers, RATE_HEADERS)).toMatchObject({ "ratelimit-limit": "100", "ratelimit-remaining": "99" });
    const root = await apiV2(emulator).call("GET", "");
    expect(root.status).not.toBe(429);
    expect(root.headers.get("ratelimit-limit")).toBeNull();
    const proxy = await cloud(emulator).call("GET", "/stack/dashboards");
    expect(proxy.status).toBe(200);
    expect(proxy.headers.get("ratelimit-limit")).toBeNull();
  });
});

describe("a settable window and count", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startTestEmulator({ stackApiVersion: "2.36.0", stackRateLimit: 3, stackRateWindowMs: 1_000 });
  });
  afterAll(() => emulator.close());

  it("allows the count again once the window ends, for every key at once", async () => {
    const api = apiV2(emulator);
    // Start at the beginning of a window, so the four requests fall in one.
    const first = await api.call("GET", "/dashboards");
    await new Promise((r) => setTimeout(r, Number(first.headers.get("ratelimit-reset")) * 1000 + 20));
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api.call("GET", "/dashboards")).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    await new Promise((r) => setTimeout(r, 1_050));
    const later = await api.call("GET", "/dashboards");
    expect(later.status).toBe(200);
    expect(later.headers.get("ratelimit-remaining")).toBe("2");
  });

  it("changes at run time through the control API; 0 turns it off", async () => {
    expect(emulator.control.setFaults({ stackRateLimit: 0 })).toMatchObject({ stackRateLimit: 0, stackRateWindowMs: 1_000 });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await apiV2(emulator).call("GET", "/dashboards")).status);
    expect(statuses).toEqual(Array<number>(6).fill(200));
  });
});

describe("the cloud API's limit (the reference states no figure: a setting)", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startTestEmulator({ cloudRateLimit: 2, cloudRateWindowMs: 60_000 });
  });
  afterAll(() => emulator.close());

  it("answers past the count with the cloud's 429 and X-RateLimit-Reset, and no headers before", async () => {
    const api = cloud(emulator);
    const ok = [await api.call("GET", "/pipes"), await api.call("GET", "/pipes")];
    expect(ok.map((a) => a.status)).toEqual([200, 200]);
    expect(ok.map((a) => a.headers.get("ratelimit-remaining"))).toEqual([null, null]);
    const over = await api.call("GET", "/pipes");
    expect(over.status).toBe(429);
    expect(over.json.error).toMatch(/^TOO_MANY_REQUESTS: /);
    const reset = Number(over.headers.get("x-ratelimit-reset"));
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(60);
    expect(over.headers.get("retry-after")).toBe(String(reset));
    expect(emulator.control.stats().rateLimited).toEqual({ stack: 0, cloud: 1 });
  });

  it("is off by default", async () => {
    const plain = await startTestEmulator();
    try {
      const statuses = [];
      for (let i = 0; i < 120; i++) statuses.push((await apiV2(plain).call("GET", "/dashboards")).status);
      expect(new Set(statuses)).toEqual(new Set([200]));
    } finally {
      await plain.close();
    }
  });
});

describe("the limiter's arithmetic", () => {
  it.each([
    // [ms since start, window, limit, hits at the start, over, remaining, reset seconds]
    [0, 60_000, 100, 0, false, 99, 60],
    [59_001, 60_000, 100, 99, false, 0, 1],
    [59_001, 60_000, 100, 100, true, 0, 1],
    [60_000, 60_000, 100, 100, false, 99, 60],
    [2_500, 2_000, 20, 0, false, 19, 2],
  ])("at %i ms (window %i, limit %i, %i hits at the start)", (at, windowMs, limit, before, over, remaining, reset) => {
    const limiter = new FixedWindowLimiter(0);
    const settings = { limit, windowMs };
    for (let i = 0; i < before; i++) limiter.hit("k", settings, 0);
    expect(limiter.hit("k", settings, at)).toEqual({ over, limit, remaining, resetSeconds: reset });
  });

  it.each([
    ["/api/v2/dashboards", "stack"],
    ["/api/v2/alerts/abc", "stack"],
    ["/api/v2/saved-searches", "stack"],
    ["/api/v2", undefined],
    ["/api/v2/", undefined],
    ["/api/v2/nosuchmount", undefined],
    ["/v1/organizations/o/services/s/pipes", "cloud"],
    ["/__emulator/stats", undefined],
  ])("%s is limited as %s", (path, surface) => {
    expect(limitedSurfaceOf(path)).toBe(surface);
  });
});

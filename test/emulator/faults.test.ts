import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator/index";
import { apiV2, cloud } from "../support/raw-api";
import { control } from "../support/control-api";
import { kafkaPipe } from "../support/pipe-bodies";
import { send } from "../support/http";
import { startTestEmulator } from "../support/emulator";

let emulator: Emulator;
let api: ReturnType<typeof cloud>;
beforeAll(async () => {
  emulator = await startTestEmulator();
  api = cloud(emulator);
});
afterAll(() => emulator.close());
afterEach(() => {
  emulator.control.setFaults({ rate: 0, latencyMs: 0, kinds: ["429", "500", "502", "503", "504html", "drop", "slow"] });
  emulator.control.clearScripts();
});

const names = async (): Promise<string[]> => (await api.call("GET", "/pipes")).json.result.map((p: { name: string }) => p.name);

describe("scripted faults", () => {
  it("a before fault answers without applying the request, then the next one goes through", async () => {
    await control(emulator, "POST", "/script", { method: "POST", path: "/pipes$", status: 503, count: 1 });
    const failed = await api.call("POST", "/pipes", kafkaPipe("scripted-before"));
    expect(failed.status).toBe(503);
    expect(failed.headers.get("retry-after")).toBe("0");
    expect(failed.json.error).toMatch(/^SERVICE_UNAVAILABLE: /);
    expect(await names()).not.toContain("scripted-before");
    const retried = await api.call("POST", "/pipes", kafkaPipe("scripted-before"));
    expect(retried.status).toBe(200);
  });

  it("an after fault applies the request and still fails it, so a blind retry conflicts", async () => {
    emulator.control.script({ method: "POST", path: "/pipes$", status: 500, kind: "after" });
    const failed = await api.call("POST", "/pipes", kafkaPipe("scripted-after"));
    expect(failed.status).toBe(500);
    expect(await names()).toContain("scripted-after");
    const blind = await api.call("POST", "/pipes", kafkaPipe("scripted-after"));
    expect(blind.status).toBe(409);
  });

  it("drop closes the connection; with apply the request still happened", async () => {
    emulator.control.script({ method: "POST", path: "/pipes$", kind: "drop" }, { method: "POST", path: "/pipes$", kind: "drop", apply: true });
    await expect(api.call("POST", "/pipes", kafkaPipe("dropped"))).rejects.toThrow();
    await expect(api.call("POST", "/pipes", kafkaPipe("dropped-applied"))).rejects.toThrow();
    const listed = await names();
    expect(listed).not.toContain("dropped");
    expect(listed).toContain("dropped-applied");
  });

  it("slow waits delayMs, then runs the request as it stands then: what another client did meanwhile is seen", async () => {
    await api.call("POST", "/pipes", kafkaPipe("slow-before"));
    await control(emulator, "POST", "/script", { method: "GET", path: "/pipes$", kind: "slow", delayMs: 300 });
    const started = Date.now();
    const slow = api.call("GET", "/pipes");
    // Made while the slow read waits: its answer holds it.
    await api.call("POST", "/pipes", kafkaPipe("slow-meanwhile"));
    const answer = await slow;
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(answer.status).toBe(200);
    expect(answer.json.result.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(["slow-before", "slow-meanwhile"]));
    expect(emulator.control.stats().faults.scripted).toBeGreaterThanOrEqual(1);
  });

  it("html answers a non-JSON gateway page", async () => {
    emulator.control.script({ path: "/pipes$", kind: "html", status: 502 });
    const answer = await api.call("GET", "/pipes");
    expect(answer.status).toBe(502);
    expect(answer.headers.get("content-type")).toMatch(/text\/html/);
    expect(answer.json).toBeUndefined();
  });

  it("matches method and path, strikes count times, and can carry its own body and headers", async () => {
    emulator.control.script({ method: "GET", path: "/pipes/[^/]+$", status: 429, count: 2, body: { custom: true }, headers: { "x-ratelimit-reset": "3" } });
    const other = await api.call("GET", "/pipes");
    expect(other.status).toBe(200);
    const id = "6f0c2a41-0000-4000-8000-000000000001";
    const first = await api.call("GET", `/pipes/${id}`);
    const second = await api.call("GET", `/pipes/${id}`);
    const third = await api.call("GET", `/pipes/${id}`);
    expect([first.status, second.status, third.status]).toEqual([429, 429, 404]);
    expect(first.json).toEqual({ custom: true });
    expect(first.headers.get("x-ratelimit-reset")).toBe("3");
  });

  it("matches a catastrophic pattern in linear time, so the emulator stays responsive", async () => {
    const scripted = await control(emulator, "POST", "/script", { path: "^/(a+)+$", status: 503 });
    expect(scripted.status, scripted.text).toBe(200);
    const began = Date.now();
    expect((await send(`${emulator.url}/${"a".repeat(8_000)}!`, "GET")).status).toBe(404);
    expect((await send(`${emulator.url}/${"a".repeat(100)}`, "GET")).status).toBe(503);
    expect(Date.now() - began).toBeLessThan(3_000);
  });

  it("refuses a pattern it cannot match in linear time, saying why", async () => {
    const answer = await control(emulator, "POST", "/script", { path: "(a)\\1" });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toBe("path: \\1 is not supported");
  });

  it("answers in the stack server's shape on /api/v2", async () => {
    emulator.control.script({ path: "^/api/v2/", status: 429 });
    const answer = await apiV2(emulator).call("GET", "/dashboards");
    expect(answer.status).toBe(429);
    expect(answer.json).toEqual({ message: "Too many requests, please try again later." });
    expect(answer.headers.get("ratelimit-remaining")).toBe("0");
    expect(answer.headers.get("retry-after")).toBe("0");
  });
});

describe("random faults", () => {
  async function statuses(count: number): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < count; i++) out.push((await api.call("GET", "/pipesReversePrivateEndpoints")).status);
    return out;
  }

  it("repeat exactly for the same seed and differ for another", async () => {
    const settings = { rate: 0.5, kinds: ["429", "500", "503"] as ("429" | "500" | "503")[] };
    emulator.control.setFaults({ ...settings, seed: 42 });
    const first = await statuses(30);
    emulator.control.setFaults({ seed: 42 });
    const second = await statuses(30);
    emulator.control.setFaults({ seed: 43 });
    const third = await statuses(30);
    expect(second).toEqual(first);
    expect(third).not.toEqual(first);
    expect(first.filter((s) => s !== 200).length).toBeGreaterThan(5);
    expect(new Set(first)).toEqual(new Set([200, 429, 500, 503]));
  });

  it("strike mutating requests after applying them about half the time", async () => {
    await control(emulator, "POST", "/stats/reset");
    emulator.control.setFaults({ rate: 1, kinds: ["500"], seed: 7 });
    const sent = Array.from({ length: 12 }, (_, i) => `random-after-${i}`);
    for (const name of sent) expect((await api.call("POST", "/pipes", kafkaPipe(name))).status).toBe(500);
    emulator.control.setFaults({ rate: 0 });
    const created = (await names()).filter((n) => n.startsWith("random-after-"));
    const after = emulator.control.stats().recentFaults.filter((f) => f.method === "POST" && f.timing === "after");
    expect(created.length).toBe(after.length);
    expect(created.length).toBeGreaterThan(0);
    expect(created.length).toBeLessThan(sent.length);
    expect(emulator.control.stats().faults["500"]).toBe(sent.length);
  });

  it("never strike a GET after applying it, nor the control API", async () => {
    emulator.control.setFaults({ rate: 1, kinds: ["500", "drop"], seed: 3 });
    await control(emulator, "POST", "/stats/reset");
    for (let i = 0; i < 5; i++) await api.call("GET", "/pipes").catch(() => undefined);
    const stats = await control(emulator, "GET", "/stats");
    expect(stats.status).toBe(200);
    expect(stats.json.recentFaults).toHaveLength(5);
    expect(stats.json.recentFaults.every((f: { timing: string }) => f.timing === "before")).toBe(true);
  });

  it("429 announces X-RateLimit-Reset and Retry-After", async () => {
    emulator.control.setFaults({ rate: 1, kinds: ["429"], retryAfterSeconds: 2 });
    try {
      const answer = await api.call("GET", "/pipes");
      expect(answer.status).toBe(429);
      expect(answer.headers.get("x-ratelimit-reset")).toBe("2");
      expect(answer.headers.get("retry-after")).toBe("2");
      expect(answer.json.error).toMatch(/^TOO_MANY_REQUESTS: /);
    } finally {
      emulator.control.setFaults({ retryAfterSeconds: 0 });
    }
  });

  it("504html answers an HTML page", async () => {
    emulator.control.setFaults({ rate: 1, kinds: ["504html"] });
    const answer = await api.call("GET", "/pipes");
    expect(answer.status).toBe(504);
    expect(answer.headers.get("content-type")).toMatch(/text\/html/);
  });
});

describe("delays", () => {
  it("adds latencyMs before API answers but not control answers", async () => {
    // A delay long enough that a loaded machine's slow round trip (hundreds of ms at load 15 and more)
    // cannot pass for it.
    emulator.control.setFaults({ latencyMs: 1500 });
    let began = Date.now();
    await api.call("GET", "/pipes");
    expect(Date.now() - began).toBeGreaterThanOrEqual(1490);
    began = Date.now();
    await control(emulator, "GET", "/stats");
    expect(Date.now() - began).toBeLessThan(1000);
  });

  it("slow delays by slowMs and then answers normally", async () => {
    emulator.control.setFaults({ rate: 1, kinds: ["slow"], slowMs: 200 });
    const began = Date.now();
    const answer = await api.call("GET", "/pipes");
    expect(answer.status).toBe(200);
    expect(Date.now() - began).toBeGreaterThanOrEqual(190);
  });
});

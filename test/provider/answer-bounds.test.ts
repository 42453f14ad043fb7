/**
 * A server's answer is input too: bounded in time and in size (issue 26, item 2). Against real
 * loopback servers that trickle (`200` headers, then a byte every 50 ms, for ever) or flood (a
 * 100 MB body as fast as it is read), with millisecond settings: each attempt ends at one
 * deadline covering headers and body, the operation ends within its budget, and an answer past
 * the size cap is cut off, the connection closed, with an error naming the limit and the setting.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { ApiClient } from "../../provider/client/client";
import { TransportError, UnexpectedAnswerError } from "../../provider/errors";
import type { RetryPolicy } from "../../provider/client/retry";
import { cloudSurface } from "../../provider/client/surface";
import { startStreamingServer, type StreamingServer } from "../support/broken-server";
import { configureWith } from "../support/engine";
import { pipeEngine, dashboardEngine, type Engine } from "../support/engines";
import { up, type Deployed } from "../support/engine-run";
import { kafkaPipe } from "../support/pipe-fixtures";
import { checkedPipe } from "../support/pipe-props";
import { configFor, fixturesOn, type TargetKind } from "../support/stack-targets";
import { startTestEmulator } from "../support/emulator";

const PIPE_HEAD = JSON.stringify({ status: 200, requestId: "r-1", result: { id: "p-1", name: "" } }).replace(/""}}$/, '"');
const pipePath = "/v1/organizations/o/services/s/pipes/p-1";

const client = (url: string, requestTimeoutMs: number, retry: RetryPolicy, maxResponseBytes?: number) =>
  new ApiClient({ surface: cloudSurface(url, "key-id", "key-secret"), retry, requestTimeoutMs, maxResponseBytes });
const noRetry: RetryPolicy = { maxRetries: 0, baseDelayMs: 0, maxDelayMs: 0, maxElapsedMs: 0 };

/** How long `run` takes to settle, and what it rejected with. */
async function timed(run: () => Promise<unknown>): Promise<{ ms: number; err: unknown }> {
  const started = Date.now();
  const err = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  return { ms: Date.now() - started, err };
}

describe("a trickling answer: one deadline per attempt, headers and body together", () => {
  let trickle: StreamingServer;
  beforeAll(async () => {
    trickle = await startStreamingServer({ head: PIPE_HEAD, chunk: "a", everyMs: 50 });
  });
  afterAll(() => trickle?.close());

  it("a read fails at pipestack:requestTimeoutMs, though a byte arrives every 50 ms", async () => {
    const { ms, err } = await timed(() => client(trickle.url, 300, noRetry).get(pipePath));
    expect(err).toBeInstanceOf(TransportError);
    expect((err as TransportError).causeCode).toBe("PIPESTACK_ATTEMPT_DEADLINE");
    // With no retry the operation's budget is the one attempt's, so the attempt is cut by what the
    // client spent before it: a millisecond quiet, tens of them on a loaded machine (a run at load 16
    // cut it to less than 290 ms). The rule is the deadline and its words, not that figure.
    const said =
      /^GET \/v1\/organizations\/o\/services\/s\/pipes\/p-1 -> no answer \(PIPESTACK_ATTEMPT_DEADLINE\): no complete answer \(headers and body\) within (\d+) ms( \(cut to what was left of the 0\.3 s every attempt of one operation shares, retries included\))?; pipestack:requestTimeoutMs \(300 ms\) bounds each attempt$/.exec(
        (err as Error).message,
      );
    expect(said, (err as Error).message).not.toBeNull();
    const [, attemptMs, cut] = said!;
    expect(Number(attemptMs)).toBeLessThanOrEqual(300);
    expect(Number(attemptMs)).toBeGreaterThan(0);
    expect(cut === undefined).toBe(Number(attemptMs) === 300);
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(1000);
  });

  it("retries end within the operation's budget: the last attempt is cut to the time left", async () => {
    const before = trickle.requests.length;
    const cutBefore = trickle.cutShort();
    const policy: RetryPolicy = { maxRetries: 10, baseDelayMs: 1, maxDelayMs: 5, maxElapsedMs: 1000 };
    const { ms, err } = await timed(() => client(trickle.url, 400, policy).get(pipePath));
    expect((err as Error).message).toMatch(
      /within \d+ ms \(cut to what was left of the 1 s every attempt of one operation shares, retries included\); pipestack:requestTimeoutMs \(400 ms\)/,
    );
    // At most 3 attempts fit (400 + 400 + the ~200 ms left); 11 would take 4.4 s. A loaded machine
    // fits 2 (each attempt's connect is slower): the budget, not a count, is the rule.
    const attempts = trickle.requests.length - before;
    expect(attempts).toBeLessThanOrEqual(3);
    expect(ms).toBeGreaterThanOrEqual(990);
    expect(ms).toBeLessThan(1500);
    // Each attempt's connection was closed, not left trickling.
    await expect.poll(() => trickle.cutShort() - cutBefore).toBe(attempts);
  });
});

describe("a 100 MB answer: the size cap", () => {
  let flood: StreamingServer;
  beforeAll(async () => {
    flood = await startStreamingServer({ head: PIPE_HEAD, chunk: "a".repeat(64 * 1024), everyMs: 0, totalBytes: 100 * 2 ** 20 });
  });
  afterAll(() => flood?.close());

  it("fails fast at the default 32 MiB, naming the limit and the setting, and closes the connection", async () => {
    const rss = process.memoryUsage().rss;
    let peak = rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const { ms, err } = await timed(() => client(flood.url, 60_000, noRetry).get(pipePath));
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(err).toBeInstanceOf(UnexpectedAnswerError);
    expect((err as Error).message).toMatch(
      /^GET \/v1\/organizations\/o\/services\/s\/pipes\/p-1 -> 200 ANSWER_TOO_LARGE: the answer is larger than 33554432 bytes \(32\.0 MiB\), the limit pipestack:maxResponseBytes sets/,
    );
    await expect.poll(() => flood.cutShort()).toBe(1);
    expect(flood.written()).toBeLessThan(50 * 2 ** 20);
    expect(flood.requests).toHaveLength(1); // never asked again: it would be as large
    const grewMiB = (peak - rss) / 2 ** 20;
    console.log(`100 MB answer: failed in ${ms} ms; server wrote ${(flood.written() / 2 ** 20).toFixed(1)} MiB; RSS peak grew by ${grewMiB.toFixed(1)} MiB`);
    expect(ms).toBeLessThan(5000);
    expect(grewMiB).toBeLessThan(160);
  });

  it("an announced content-length over the cap fails before the body is read", async () => {
    const announced = await startStreamingServer({ head: PIPE_HEAD, chunk: "a".repeat(1024), everyMs: 1, totalBytes: 4096, announce: true });
    try {
      const { err } = await timed(() => client(announced.url, 60_000, noRetry, 2048).get(pipePath));
      expect((err as Error).message).toMatch(/ANSWER_TOO_LARGE: the answer is larger than 2048 bytes .* pipestack:maxResponseBytes/);
      await expect.poll(() => announced.cutShort()).toBe(1);
    } finally {
      await announced.close();
    }
  });

  it("an answer under the cap is read whole", async () => {
    const body = JSON.stringify({ status: 200, requestId: "r", result: { id: "p-1", name: "b".repeat(2000) } });
    const fits = await startStreamingServer({ head: body, chunk: "", everyMs: 0, totalBytes: body.length });
    try {
      expect(await client(fits.url, 60_000, noRetry, body.length).get(pipePath)).toEqual({ id: "p-1", name: "b".repeat(2000) });
    } finally {
      await fits.close();
    }
  });
});

describe("the engines against a trickling server: refresh and destroy end", () => {
  let emulator: Emulator;
  let trickle: StreamingServer;
  const deployed: { name: string; engine: Engine; target: TargetKind; state: Deployed }[] = [];
  const settings = (target: TargetKind, over: Record<string, string> = {}) =>
    configureWith(configFor(target, emulator, { pollIntervalMs: "10", retryBaseDelayMs: "0", maxRetries: "2", requestTimeoutMs: "200", ...over }));

  beforeAll(async () => {
    emulator = await startTestEmulator({ stackApiVersion: "2.36.0" });
    trickle = await startStreamingServer({ head: '{"status":200,"requestId":"r","result":[', chunk: " ", everyMs: 50 });
    settings("cloud");
    deployed.push({ name: "Pipe", engine: pipeEngine, target: "cloud", state: await pipeEngine.create(await checkedPipe(emulator, kafkaPipe("trickled"))) });
    settings("server");
    deployed.push({
      name: "StackDashboard",
      engine: dashboardEngine,
      target: "server",
      state: await up(dashboardEngine, fixturesOn(emulator, "server").dashboardInputs()),
    });
  });
  afterAll(async () => {
    await trickle?.close();
    await emulator?.close();
  });

  it("read and delete fail within maxRetries + 1 deadlines, naming pipestack:requestTimeoutMs", async () => {
    for (const d of deployed) {
      settings(d.target, { apiUrl: trickle.url, ...(d.target === "server" ? { stackUrl: trickle.url } : {}) });
      const props = d.target === "server" ? { ...d.state.outs, stackUrl: trickle.url } : d.state.outs;
      for (const op of ["read", "delete"] as const) {
        const before = trickle.requests.length;
        const { ms, err } = await timed(() => d.engine[op](d.state.id, props));
        expect((err as Error).message, `${d.name} ${op}`).toMatch(
          /no complete answer \(headers and body\) within 200 ms; pipestack:requestTimeoutMs \(200 ms\)/,
        );
        expect(trickle.requests.length - before, `${d.name} ${op}: attempts`).toBe(3);
        // 3 attempts of 200 ms and no backoff (retryBaseDelayMs 0).
        expect(ms, `${d.name} ${op}`).toBeLessThan(1500);
      }
    }
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { pollUntil } from "../../provider/client/poll";
import { engineAddress } from "../../provider/progress/engine-log";
import { forResource, progressEveryMs, PROGRESS_EVERY_MS, reportProgress, setProgressSink, waited } from "../../provider/progress/report";

describe("progressEveryMs", () => {
  it.each([
    [undefined, PROGRESS_EVERY_MS],
    ["500", 500],
    ["99", PROGRESS_EVERY_MS],
    ["600001", PROGRESS_EVERY_MS],
    ["1.5", PROGRESS_EVERY_MS],
    ["soon", PROGRESS_EVERY_MS],
  ])("PIPESTACK_PROGRESS_INTERVAL_MS=%s: %s ms", (value, ms) => {
    expect(progressEveryMs(value === undefined ? {} : { PIPESTACK_PROGRESS_INTERVAL_MS: value })).toBe(ms);
  });
  it("is 15 s by default, inside the 10-30 s a CI log wants", () => {
    expect(PROGRESS_EVERY_MS).toBe(15_000);
  });
});

describe("engineAddress", () => {
  it.each([
    [["127.0.0.1:40123"], "127.0.0.1:40123"],
    [["--logtostderr", "-v=9", "localhost:5000"], "localhost:5000"],
    [["127.0.0.1:1", "--tracing", "x"], "127.0.0.1:1"],
    [[], undefined],
    [["not-an-address"], undefined],
  ])("%j -> %s", (args, address) => {
    expect(engineAddress(args)).toBe(address);
  });
});

describe("waited", () => {
  it.each([
    [400, "0 s"],
    [15_000, "15 s"],
    [125_000, "2 min 5 s"],
    [600_000, "10 min"],
  ])("%d ms: %s", (ms, text) => {
    expect(waited(ms)).toBe(text);
  });
});

describe("a poll's progress", () => {
  afterEach(() => {
    setProgressSink(undefined);
    delete process.env.PIPESTACK_PROGRESS_INTERVAL_MS;
  });

  it("is reported every interval while it waits, with the last value, the time waited and the resource", async () => {
    process.env.PIPESTACK_PROGRESS_INTERVAL_MS = "100";
    const heard: [string, string][] = [];
    setProgressSink((message, urn) => heard.push([message, urn]));
    let reads = 0;
    const times: number[] = [];
    await forResource("urn:x", () =>
      pollUntil(
        async () => ++reads,
        () => reads >= 30,
        { timeoutMs: 5_000, intervalMs: 10, maxIntervalMs: 10 },
        undefined,
        (last, ms) => {
          times.push(ms);
          reportProgress(`read ${last}`);
        },
      ),
    );
    // ~300 ms of polling at 10 ms: about three reports, never one per read.
    expect(heard.length).toBeGreaterThanOrEqual(2);
    expect(heard.length).toBeLessThanOrEqual(5);
    expect(heard.every(([, urn]) => urn === "urn:x")).toBe(true);
    expect(times[0]).toBeGreaterThanOrEqual(100);
    expect(heard[0][0]).toMatch(/^read \d+$/);
  });

  it("a sink that throws does not fail the wait", async () => {
    setProgressSink(() => {
      throw new Error("engine gone");
    });
    expect(() => reportProgress("x")).not.toThrow();
  });
});

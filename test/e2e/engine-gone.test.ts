import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";
import { nodeProcesses } from "./processes";

/**
 * A `kill -9` of the CLI's whole process group mid-`up`: the dynamic-provider process (started
 * by the CLI in a process group of its own) must exit at once, so no request reaches the API
 * after the ones already on the wire. Pipes settle slowly here (3 s a step), so without the
 * provider's watchdog its polls and waits would go on long after the kill.
 */
const COUNT = 4;
let s: E2EStack;
const report: string[] = [];

beforeAll(async () => {
  s = await E2EStack.open({
    program: "test/e2e/programs/many-pipes",
    // Polls 0.5 s apart: each pipe has at most one request on the wire at any moment.
    config: { count: String(COUNT), "pipestack:pollIntervalMs": "500" },
    secretConfig: { kafkaPassword: "engine-gone-kafka-password-31" },
    emulator: { latencyMs: 100, stepMs: 3000 },
  });
}, 120_000);

afterAll(async () => {
  console.log(`engine gone (kill -9 of the CLI's process group):\n${report.join("\n")}`);
  await s?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Pids of this stack's dynamic-provider processes still alive. */
const providerProcesses = () => nodeProcesses("dynamic-provider", `${s.tmp}/home`);

describe("the provider process when the engine goes away", () => {
  it("exits at once after a kill -9 of the CLI's process group; no request after the kill", async () => {
    const { child, done } = s.startDetached(["up", "--yes", "--skip-preview"]);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && s.pipes().length < COUNT) await sleep(20);
    expect(s.pipes().length).toBe(COUNT);
    // Every pipe is created and being polled until it settles (several 3 s steps away).
    expect(providerProcesses().length).toBeGreaterThan(0);
    const atKill = s.emulator.control.stats().requests;
    process.kill(-child.pid!, "SIGKILL");
    await done;
    await sleep(1000);
    const after1s = s.emulator.control.stats().requests;
    const alive1s = providerProcesses();
    await sleep(5000);
    const after6s = s.emulator.control.stats().requests;
    report.push(`  requests arriving after the kill: ${after1s - atKill} within 1 s, ${after6s - after1s} from 1 s to 6 s`);
    report.push(`  provider processes alive 1 s after the kill: ${alive1s.length}`);
    // At most the requests already on the wire, one per pipe being polled, land after the kill
    // (counted when the emulator, in this busy process, gets to them); none after that.
    expect(after1s - atKill).toBeLessThanOrEqual(COUNT);
    expect(after6s - after1s).toBe(0);
    expect(alive1s).toEqual([]);
  }, 120_000);
});

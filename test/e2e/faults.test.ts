import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, resourcesOf, type ExportedResource } from "./harness";
import { storedPipes, storedStack } from "../support/stored";

/**
 * Fault injection: 50 mixed resources go up, 10 change, all go down, while the emulator answers
 * 30% of API requests with a fault (429 with reset headers, 500/502/503, HTML 504, dropped
 * connections, slow answers), from a fixed seed. After each step the emulator's objects match
 * the state exactly: no duplicate, no orphan, nothing lost.
 */
const RATE = Number(process.env.PIPESTACK_FAULT_RATE ?? 0.3);
const SEED = Number(process.env.PIPESTACK_FAULT_SEED ?? 7);
const COUNT = 50;
const KAFKA_PASSWORD = "fault-run-kafka-password-41";

let s: E2EStack;
const report: string[] = [];

beforeAll(async () => {
  s = await E2EStack.open({
    program: "test/e2e/programs/mixed",
    config: { count: String(COUNT), "pipestack:maxRetries": "12", "pipestack:requestTimeoutMs": "5000" },
    secretConfig: { kafkaPassword: KAFKA_PASSWORD },
    emulator: { faultRate: 0, faultSeed: SEED, retryAfterSeconds: 0, slowMs: 300, stepMs: 20 },
  });
  // Faults only once the stack is set up, so every one of them meets the provider.
  s.emulator.control.setFaults({ rate: RATE, seed: SEED });
}, 300_000);

afterAll(async () => {
  console.log(`fault injection (rate ${RATE}, seed ${SEED}):\n${report.join("\n")}`);
  await s?.close();
});

/** The ids of a type in state, and the ones the emulator holds. */
function compare(resources: ExportedResource[], type: string, live: { id: string; name?: string }[]) {
  const inState = resourcesOf(resources, `pipestack:${type}`)
    .map((r) => r.id!)
    .sort();
  const onApi = live.map((o) => o.id).sort();
  expect(onApi, `${type}: the emulator and the state disagree`).toEqual(inState);
  return inState.length;
}

async function checkMatches(step: string): Promise<void> {
  const { resources } = await s.exportState();
  const stack = storedStack(s.emulator, "cloud");
  const stored = storedPipes(s.emulator);
  const pipes = compare(resources, "Pipe", stored);
  const boards = compare(resources, "StackDashboard", stack.dashboards);
  const alerts = compare(resources, "StackAlert", stack.alerts);
  const names = stored.map((p) => p.name);
  expect(new Set(names).size, "two pipes share a name").toBe(names.length);
  const stats = s.emulator.control.stats();
  const faults = Object.values(stats.faults).reduce((a, b) => a + b, 0);
  report.push(
    `  ${step}: ${pipes} pipes, ${boards} dashboards, ${alerts} alerts match the state; ${stats.requests} requests, ${faults} faults injected (${JSON.stringify(stats.faults)}), ${stats.retries} retries, 0 failures`,
  );
  s.emulator.control.resetStats();
}

describe("fault injection", () => {
  it(`up of ${COUNT} mixed resources succeeds and matches the state`, async () => {
    await s.up();
    await checkMatches("up");
  }, 600_000);

  it("an update of 10 succeeds and matches", async () => {
    await s.setConfig("changed", "10");
    await s.setConfig("generation", "2");
    const run = await s.up();
    expect(run.stdout).toMatch(/10 updated|~ 10 to update|10 to update/);
    await checkMatches("update");
  }, 600_000);

  it("destroy succeeds and leaves nothing behind", async () => {
    await s.destroy();
    await checkMatches("destroy");
    expect(s.storedObjects()).toBe(0);
    await s.assertNoPlaintextSecrets();
  }, 600_000);
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, repoRoot } from "./harness";

/**
 * What a program retains per pipe (issue 45: a stack of 2,000 pipes within a runner's memory).
 * The real CLI previews the many-pipes program at two sizes; in the program's process a preloaded
 * hook (fixtures/program-heap/heap-hook.cjs) collects garbage once every resource is registered
 * and records the heap still in use. The difference over the difference in pipes is what one
 * pipe keeps alive in the program (its class, its outputs, the SDK's records of it): it must
 * stay within the budget, so a per-resource copy of a schema, a constant or the inputs shows here.
 * Measured on 2026-12-06: 21 KB a pipe (17 outputs, each with the SDK's promises; a no-op
 * dynamic resource of 7 outputs holds about 10 KB); a per-resource copy of the class's policy
 * (about 14 KB) fails it.
 */
const SMALL = 50;
const LARGE = 850;
/** Retained bytes a pipe may add to the program's heap. */
const BUDGET_PER_PIPE = 28 * 1024;

const HOOK = path.join(repoRoot, "test", "e2e", "fixtures", "program-heap", "heap-hook.cjs");

describe("a program's memory per pipe", () => {
  let s: E2EStack;
  let dir: string;
  const heapFile = () => path.join(dir, "heap.jsonl");

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-heap-"));
    s = await E2EStack.open({
      program: "test/e2e/programs/many-pipes",
      config: { count: String(SMALL) },
      secretConfig: { kafkaPassword: "program-memory-kafka-password-31" },
      emulator: { latencyMs: 0 },
      env: { NODE_OPTIONS: `--expose-gc --require ${HOOK}`, PIPESTACK_TEST_HEAP_FILE: heapFile() },
    });
  }, 120_000);

  afterAll(async () => {
    await s?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The program's retained heap after a `preview` of `count` pipes (the largest of the run's node processes). */
  async function retainedAt(count: number): Promise<number> {
    await s.setConfig("count", String(count));
    fs.rmSync(heapFile(), { force: true });
    await s.must(["preview"]);
    const lines = fs.existsSync(heapFile()) ? fs.readFileSync(heapFile(), "utf8").trim().split("\n") : [];
    const heaps = lines.map((l) => (JSON.parse(l) as { heapUsed: number }).heapUsed);
    expect(heaps.length, "the program's heap was recorded").toBeGreaterThan(0);
    return Math.max(...heaps);
  }

  it(`retains at most ${BUDGET_PER_PIPE / 1024} KB per pipe (${SMALL} against ${LARGE} pipes)`, async () => {
    const small = await retainedAt(SMALL);
    const large = await retainedAt(LARGE);
    const perPipe = (large - small) / (LARGE - SMALL);
    console.log(
      `program heap after GC: ${(small / 2 ** 20).toFixed(1)} MB at ${SMALL} pipes, ${(large / 2 ** 20).toFixed(1)} MB at ${LARGE}: ${(perPipe / 1024).toFixed(1)} KB a pipe`,
    );
    expect(perPipe).toBeLessThanOrEqual(BUDGET_PER_PIPE);
    // A measurement that saw nothing grow measured nothing.
    expect(perPipe).toBeGreaterThan(1024);
  }, 600_000);
});

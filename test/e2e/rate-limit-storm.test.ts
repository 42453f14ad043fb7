/**
 * A 429 storm: every request answered 429 while `pulumi preview` checks a new pipe (its name
 * probe reads the service), on both faces. The preview fails with the API's own error, its
 * status, the retries spent and the setting to check, as an error of the resource: not as a
 * problem of a property called `pipestack` with the engine's `{<nil>}` for its value.
 */
import { afterAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";

const stacks: E2EStack[] = [];

afterAll(async () => {
  for (const s of stacks) await s.close();
});

describe("a 429 storm", () => {
  it.each([
    ["the native face", "test/e2e/programs/native-pipe", "pipestack:index:Pipe"],
    ["the dynamic face", "examples/quickstart", "pipestack:Pipe"],
  ])(
    "%s: the preview fails with the rate-limit error and pipestack:maxRetries, not a property {<nil>}",
    async (_face, program, type) => {
      const s = await E2EStack.open({
        program,
        config: { "pipestack:maxRetries": "2", "pipestack:retryBaseDelayMs": "5" },
        secretConfig: { kafkaPassword: "rate-limit-storm-kafka-pw-2b7f" },
        emulator: { retryAfterSeconds: 0 },
      });
      stacks.push(s);
      s.emulator.control.script({ path: "^/", status: 429, count: 10_000 });
      const run = await s.pulumi(["preview"]);
      const out = run.stdout + run.stderr;
      console.log(`429 storm, ${program}:\n${out.split("\n").filter((l) => /429/.test(l))[0] ?? out}`);
      expect(run.code).not.toBe(0);
      // The first attempt and the 2 retries allowed, no more.
      expect(s.emulator.control.stats().faults.scripted).toBe(3);
      expect(out).not.toMatch(/\{<nil>\}|property pipestack/);
      expect(out).toContain(`resource 'events' has a problem: GET /v1/organizations/`);
      expect(out).toMatch(/-> 429 TOO_MANY_REQUESTS: rate limit exceeded; still 429 after 2 retries in [\d.]+ s; check pipestack:maxRetries \(now 2\)/);
      expect(out).toContain(type);
    },
    300_000,
  );
});

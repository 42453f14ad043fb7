/**
 * A 429 storm on the native face: every request answered 429 while `pulumi preview` checks a new
 * pipe (its name probe reads the service). The preview fails with the API's own error, status,
 * the retries spent and the setting to check, as an error of the resource, not as a problem of
 * a property called `pipestack` with the engine's `{<nil>}` for its value.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";

let s: E2EStack;

beforeAll(async () => {
  s = await E2EStack.open({
    program: "test/e2e/programs/native-pipe",
    config: { "pipestack:maxRetries": "2", "pipestack:retryBaseDelayMs": "5" },
    secretConfig: { kafkaPassword: "native-rate-limited-kafka-pw-2b7f" },
    emulator: { retryAfterSeconds: 0 },
  });
}, 300_000);

afterAll(async () => {
  await s?.close();
});

describe("native provider: a 429 storm", () => {
  it("fails the preview with the rate-limit error and the setting to check, not a property {<nil>}", async () => {
    s.emulator.control.script({ path: "^/", status: 429, count: 10_000 });
    const run = await s.pulumi(["preview"]);
    const out = run.stdout + run.stderr;
    console.log(
      `native 429 storm, the preview's error:\n${out
        .split("\n")
        .filter((l) => /429|error/i.test(l))
        .join("\n")}`,
    );
    expect(run.code).not.toBe(0);
    expect(s.emulator.control.stats().faults.scripted).toBeGreaterThanOrEqual(3);
    expect(out).not.toMatch(/\{<nil>\}|property pipestack/);
    expect(out).toMatch(/pipestack:index:Pipe resource 'events' has a problem: .*429/);
    expect(out).toContain("pipestack:maxRetries");
  }, 300_000);
});

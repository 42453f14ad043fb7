/**
 * A long wait speaks: while a pipe settles, the provider reports its state and the time waited
 * through the engine's log, so `pulumi up --non-interactive` (a CI log) carries the lines as they
 * come. The interval is shortened by PIPESTACK_PROGRESS_INTERVAL_MS and the emulator's steps
 * lengthened, so a settle of a few seconds gives several lines, on the pipe's row in both faces.
 */
import { afterAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";
import { storedPipes } from "../support/stored";

const faces = [
  ["dynamic", "examples/quickstart", "pulumi-nodejs:dynamic/pipestack:Pipe"],
  ["native", "test/e2e/programs/native-pipe", "pipestack:index:Pipe"],
] as const;

const stacks: E2EStack[] = [];
afterAll(() => Promise.all(stacks.map((s) => s.close())));

describe.each(faces)("progress of a long wait: the %s face", (_face, program, row) => {
  it("`pulumi up` prints the pipe's state and the time waited while it settles", async () => {
    const stack = await E2EStack.open({
      program,
      secretConfig: { kafkaPassword: "e2e-kafka-password-progress" },
      emulator: { stepMs: 2_500 },
      env: { PIPESTACK_PROGRESS_INTERVAL_MS: "500" },
    });
    stacks.push(stack);
    // The default display, as a CI job runs it.
    const up = await stack.must(["up", "--yes", "--skip-preview"]);
    const pipe = storedPipes(stack.emulator)[0];
    const printed = `${up.stdout}\n${up.stderr}`;
    const said = `pipe ${String(pipe.id)} ("${String(pipe.name)}") was created, waiting until it settles: Provisioning after`;
    const lines = printed.split("\n").filter((l) => l.includes(said));
    // 2.5 s of Provisioning, polled at 20 ms doubling, a line at most every 0.5 s: at least two, as they come.
    expect(lines.length, printed).toBeGreaterThanOrEqual(2);
    expect(lines.join("\n")).toMatch(/Provisioning after \d+ s \(of up to 10 min\)/);
    expect(
      lines.some((l) => l.includes(` ${row} `) && l.includes("creating")),
      printed,
    ).toBe(true);
    await stack.destroy();
  }, 300_000);
});

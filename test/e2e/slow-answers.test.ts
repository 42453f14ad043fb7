/**
 * Reads have an end (issue 26, item 2), through the real CLI on both faces: a pipe is deployed on
 * the emulator, then `pipestack:apiUrl` points at a server that sends `200` headers and then a
 * byte every 50 ms, for ever. `pulumi refresh` and `pulumi destroy` (before: 400 s and 156 s, and
 * still running) fail within `maxRetries + 1` attempts of `pipestack:requestTimeoutMs`, naming
 * the setting, and keep the pipe in state and on the emulator.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";
import { startStreamingServer, type StreamingServer } from "../support/broken-server";

const PASSWORD = "slow-answers-kafka-pw-7c1e";
/** 2 attempts of 1 s, and the CLI's own start and the plugin's (tens of seconds on a busy 2-core machine). */
const WITHIN_MS = 60_000;

/** Replaces the stack's state with `text`. */
async function importState(stack: E2EStack, text: string): Promise<void> {
  const file = path.join(stack.tmp, "state.json");
  fs.writeFileSync(file, text);
  await stack.must(["stack", "import", "--file", file, "--stack", stack.stack, "--cwd", stack.programDir], false);
}

/** Set before `up`: a refresh and a destroy use the settings the state's provider recorded. */
const settings = { "pipestack:requestTimeoutMs": "1000", "pipestack:maxRetries": "1", "pipestack:retryBaseDelayMs": "0" };
const faces = [
  ["dynamic", { program: "test/e2e/programs/many-pipes", config: { count: "1", ...settings }, secretConfig: { kafkaPassword: PASSWORD } }],
  ["native", { program: "test/e2e/programs/native-pipe", config: settings, secretConfig: { kafkaPassword: PASSWORD } }],
] as const;

describe.each(faces)("%s face: refresh and destroy against a server that trickles its answer", (_face, options) => {
  let stack: E2EStack | undefined;
  let trickle: StreamingServer | undefined;
  afterAll(async () => {
    await trickle?.close();
    await stack?.close();
  });

  it("fail within the attempts' deadlines, naming pipestack:requestTimeoutMs; the pipe stays", async () => {
    stack = await E2EStack.open({ ...options });
    await stack.up();
    const original = await stack.exportState();
    const resources = original.resources.length;
    trickle = await startStreamingServer({ head: '{"status":200,"requestId":"r","result":{"id":"', chunk: " ", everyMs: 50 });
    // The state's provider holds the URL too (a refresh and a destroy use the provider the state recorded).
    await importState(stack, original.text.split(JSON.stringify(stack.emulator.url)).join(JSON.stringify(trickle.url)));
    await stack.setConfig("pipestack:apiUrl", trickle.url);
    for (const args of [
      ["refresh", "--yes"],
      ["destroy", "--yes"],
    ]) {
      const asked = trickle.requests.length;
      const run = await stack.pulumi(args);
      const said = run.stdout + run.stderr;
      console.log(`${_face} ${args[0]} against a trickling server: ended in ${run.ms} ms`);
      expect(run.code, `pulumi ${args[0]} must fail\n${said}`).not.toBe(0);
      expect(said).toMatch(/no complete answer \(headers and body\) within 1000 ms; pipestack:requestTimeoutMs \(1000 ms\) bounds each attempt/);
      expect(trickle.requests.length - asked, `${args[0]}: attempts`).toBe(2);
      expect(run.ms).toBeLessThan(WITHIN_MS);
      expect((await stack.exportState()).resources.length, `${args[0]} kept the pipe in state`).toBe(resources);
      expect(stack.storedObjects(), `${args[0]} left the pipe`).toBe(1);
    }
    await importState(stack, original.text);
    await stack.setConfig("pipestack:apiUrl", stack.emulator.url);
    await stack.destroy();
    expect(stack.storedObjects()).toBe(0);
  }, 300_000);
});

import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { inProviderHost, watchEngine } from "../../provider/engine/watchdog";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the engine-gone watchdog", () => {
  it("exits once when the parent process changes", async () => {
    let parent = 100;
    let exits = 0;
    const stop = watchEngine({ ppid: () => parent, exit: () => exits++, intervalMs: 5 });
    await sleep(30);
    expect(exits).toBe(0);
    parent = 1;
    await sleep(30);
    expect(exits).toBe(1);
    stop();
  });

  it.each(["end", "close"] as const)("exits once when the engine's stdin pipe ends (%s)", async (how) => {
    const stdin = new PassThrough();
    let exits = 0;
    const stop = watchEngine({ ppid: () => 100, stdin, exit: () => exits++, intervalMs: 5 });
    stdin.write("noise the engine never sends\n");
    await sleep(10);
    expect(exits).toBe(0);
    if (how === "end") stdin.end();
    else stdin.destroy();
    await sleep(20);
    expect(exits).toBe(1);
    stop();
  });

  it.each([
    ["/usr/lib/node_modules/x/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js", true],
    ["/p/node_modules/@pulumi/pulumi/cmd/dynamic-provider", true],
    ["/p/node_modules/vitest/vitest.mjs", false],
    ["/p/node_modules/@pulumi/pulumi/cmd/run/index.js", false],
  ])("runs in the provider host only: %s -> %s", (script, expected) => {
    expect(inProviderHost(["node", script])).toBe(expected);
  });
});

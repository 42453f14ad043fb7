/**
 * The native face of the two-stack race with a delayed rename (issue 27): stack B's pipe is made
 * under its temporary name and its rename held while stack A's `up` runs. A must be told that
 * another create may be running, with no adoption or import command, and record nothing; a
 * `destroy` of A leaves B's pipe.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, type ExportedResource } from "./harness";
import { storedPipes } from "../support/stored";

const PASSWORD = "native-two-stacks-kafka-pw-81d2";
const HOLD_MS = 30_000;
const TYPE = "pipestack:index:Pipe";
const pipesIn = (resources: ExportedResource[]) => resources.filter((r) => r.type === TYPE).map((r) => r.id!);

let a: E2EStack;
let b: E2EStack;
beforeAll(async () => {
  a = await E2EStack.open({ program: "test/e2e/programs/native-pipe", stack: "a", secretConfig: { kafkaPassword: PASSWORD } });
  b = await E2EStack.open({
    program: "test/e2e/programs/native-pipe",
    stack: "b",
    secretConfig: { kafkaPassword: PASSWORD },
    config: { "pipestack:requestTimeoutMs": String(HOLD_MS * 3) },
  });
  // B talks to A's emulator: one service, two stacks (the emulators share their default keys).
  await b.setConfig("pipestack:apiUrl", a.emulator.url);
}, 300_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe("native provider: two stacks, B's rename delayed", () => {
  it("A is told another create may be running, offered no adoption or import, records no pipe; destroy of A leaves B's pipe", async () => {
    const emulator = a.emulator;
    // B's rename is held, then refused before it ran (503): B renames again.
    emulator.control.script({ method: "PATCH", path: "/pipes/[^/]+$", status: 503, kind: "before", delayMs: HOLD_MS });
    const bUp = b.pulumi(["up", "--yes", "--skip-preview"]);
    const deadline = Date.now() + 120_000;
    while (emulator.control.script() > 0) {
      expect(Date.now() < deadline, "stack B's rename never arrived").toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const aRun = await a.pulumi(["up", "--yes", "--skip-preview"]);
    const bRun = await bUp;
    expect(bRun.code, bRun.stdout + bRun.stderr).toBe(0);
    expect(aRun.code).not.toBe(0);
    const told = aRun.stdout + aRun.stderr;
    expect(told).toMatch(/under the temporary name \\?"events--pipestack-create-[0-9a-f]{12}\\?" of another create/);
    expect(told).toContain("Another create may be running: wait and run `pulumi up` again");
    expect(told, "no adoption offered").not.toMatch(/pipestack:adopt\[|adoptId: \\?"|pulumi import/);

    const bPipes = pipesIn((await b.exportState()).resources);
    expect(bPipes).toHaveLength(1);
    expect(pipesIn((await a.exportState()).resources)).toEqual([]);
    await a.destroy();
    expect(storedPipes(emulator).map((p) => [p.id, p.name])).toEqual([[bPipes[0], "events"]]);
    await b.destroy();
    expect(storedPipes(emulator)).toEqual([]);
  }, 300_000);
});

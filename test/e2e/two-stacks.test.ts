import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, resourcesOf, type ExportedResource } from "./harness";
import { storedPipes, storedStack } from "../support/stored";
import { delayedRenameRace } from "./rename-race";

/**
 * Two stacks of one program against one service, their `up`s at once: stack B's POSTs meet a
 * 502 after being held while stack A's whole `up` runs, so A's pipe and dashboard appear while
 * B's creates are in flight (the race of issue 19). Neither stack may record the other's
 * object: `destroy` of B leaves every object in A's state.
 */
const HOLD_MS = 30_000;

let a: E2EStack;
let b: E2EStack;
beforeAll(async () => {
  a = await E2EStack.open({ program: "test/e2e/programs/two-stacks", stack: "a" });
  b = await E2EStack.open({ program: "test/e2e/programs/two-stacks", stack: "b", config: { "pipestack:requestTimeoutMs": String(HOLD_MS * 3) } });
  // B talks to A's emulator: one service, two stacks (the emulators share their default keys).
  await b.setConfig("pipestack:apiUrl", a.emulator.url);
}, 120_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const idsOf = (resources: ExportedResource[], type: string) => resourcesOf(resources, `pipestack:${type}`).map((r) => r.id!);

describe("two stacks, one program, concurrent up", () => {
  it("never record the same object, and destroy of one leaves the other's", async () => {
    const emulator = a.emulator;
    emulator.control.script(
      { method: "POST", path: "/pipes$", status: 502, kind: "before", delayMs: HOLD_MS },
      { method: "POST", path: "/stack/dashboards$", status: 502, kind: "before", delayMs: HOLD_MS },
    );
    const bUp = b.pulumi(["up", "--yes", "--skip-preview"]);
    const deadline = Date.now() + 60_000;
    while (emulator.control.script() > 0) {
      expect(Date.now() < deadline, "stack B's POSTs never arrived").toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // B's POSTs are held: A's whole `up` runs meanwhile.
    const started = Date.now();
    await a.up();
    expect(Date.now() - started, "A's up ended while B's POSTs were held").toBeLessThan(HOLD_MS);
    const bRun = await bUp;

    const inA = (await a.exportState()).resources;
    const inB = (await b.exportState()).resources;
    const aPipes = idsOf(inA, "Pipe");
    const aBoards = idsOf(inA, "StackDashboard");
    expect(aPipes).toHaveLength(1);
    expect(aBoards).toHaveLength(1);
    for (const type of ["Pipe", "StackDashboard"]) {
      const shared = idsOf(inB, type).filter((id) => idsOf(inA, type).includes(id));
      expect(shared, `${type}: both stacks recorded the same object`).toEqual([]);
    }
    // The pipe's name is unique: B loses it, fails clearly and records none; its dashboard is its own.
    expect(bRun.code).not.toBe(0);
    expect(bRun.stdout + bRun.stderr).toMatch(/was made by someone else while this create ran/);
    expect(idsOf(inB, "Pipe")).toEqual([]);
    expect(idsOf(inB, "StackDashboard")).toHaveLength(1);

    await b.destroy();
    expect(storedPipes(emulator).map((p) => p.id)).toEqual(aPipes);
    expect(storedStack(emulator, "cloud").dashboards.map((d) => d.id)).toEqual(aBoards);
    await a.destroy();
    expect(storedPipes(emulator)).toEqual([]);
    expect(storedStack(emulator, "cloud").dashboards).toEqual([]);
  }, 300_000);

  it("B's rename delayed: A is told another create may be running, offered no adoption, records no pipe; destroy of A leaves B's pipe", async () => {
    await delayedRenameRace({ a, b, pipeName: "shared-events", pipesIn: (resources) => idsOf(resources, "Pipe"), holdMs: HOLD_MS });
  }, 300_000);
});

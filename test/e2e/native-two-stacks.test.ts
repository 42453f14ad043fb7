/** The native face of the two-stack race with a delayed rename (test/e2e/rename-race.ts). */
import { afterAll, beforeAll, describe, it } from "vitest";
import { E2EStack, type ExportedResource } from "./harness";
import { delayedRenameRace } from "./rename-race";

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
    await delayedRenameRace({ a, b, pipeName: "events", pipesIn, holdMs: HOLD_MS });
  }, 300_000);
});

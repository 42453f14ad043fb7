/**
 * Two stacks racing for one webhook name on the native face (YAML programs through the plugin):
 * both `up`s at once; the loser is told to wait and run again, offered no adoption or import,
 * records no webhook, and its `destroy` leaves the winner's (./name-race.ts; the pipe's race on
 * this face: native-two-stacks.test.ts). Issue 33, item 2.
 */
import { afterAll, beforeAll, describe, it } from "vitest";
import { E2EStack, type ExportedResource } from "./harness";
import { yamlHost } from "./yaml-host";
import { storedStack } from "../support/stored";
import { raceForOneName } from "./name-race";

const TYPE = "pipestack:index:StackWebhook";
const TOKEN = "native-hook-token-41b7e2";

let a: E2EStack;
let b: E2EStack;
beforeAll(async () => {
  const open = (stack: string) =>
    E2EStack.open({
      program: "test/e2e/programs/native-webhook",
      stack,
      stackServer: true,
      emulator: { stackApiVersion: "2.36.0" },
      secrets: [TOKEN],
      path: [yamlHost()],
      config: { hookName: "race-hook" },
    });
  [a, b] = await Promise.all([open("a"), open("b")]);
  // B talks to A's emulator: one stack server (the emulators share their default keys).
  await b.setConfig("pipestack:stackUrl", a.emulator.url);
  await b.setConfig("pipestack:apiUrl", a.emulator.url);
}, 600_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe("native provider: two stacks, one webhook name, both `up`s at once", () => {
  it("the loser is told to wait, offered no adoption or import, records no webhook; its destroy leaves the winner's", async () => {
    const objectsIn = (resources: ExportedResource[]) => resources.filter((r) => r.type === TYPE).map((r) => r.id!);
    await raceForOneName({ a, b, kind: { objectsIn, stored: () => storedStack(a.emulator, "server").webhooks } });
  }, 300_000);
});

/**
 * Two stacks racing for one name on the native face (the plugin, under a TypeScript program for
 * the pipe and a YAML one for the webhook), for every kind whose server keeps a name unique (the
 * rows are held to the registry's engines): both `up`s at once; the loser is told to wait and run
 * again, offered no adoption or import, records nothing, and its `destroy` leaves the winner's
 * object (./name-race.ts). Issue 33, item 2.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { E2EStack, type ExportedResource, type StackOptions } from "./harness";
import { yamlHost } from "./yaml-host";
import { storedPipes, storedStack, type Stored } from "../support/stored";
import { raceForOneName } from "./name-race";
import { registry } from "../../provider/registry";
import { uniquelyNamed } from "../../provider/engine/define-engine";

const PASSWORD = "native-two-stacks-kafka-pw-81d2";
const TOKEN = "native-hook-token-41b7e2";

interface Row {
  stack: Omit<StackOptions, "stack">;
  stored(emulator: Emulator): Stored[];
}

const ROWS: Record<string, Row> = {
  Pipe: {
    stack: { program: "test/e2e/programs/native-pipe", secretConfig: { kafkaPassword: PASSWORD } },
    stored: (e) => storedPipes(e),
  },
  StackWebhook: {
    stack: {
      program: "test/e2e/programs/native-webhook",
      stackServer: true,
      emulator: { stackApiVersion: "2.36.0" },
      secrets: [TOKEN],
      path: [yamlHost()],
      config: { hookName: "race-hook" },
    },
    stored: (e) => storedStack(e, "server").webhooks,
  },
};

it("races every kind whose engine declares a unique name", () => {
  expect(Object.keys(ROWS).sort()).toEqual(
    registry
      .filter((d) => uniquelyNamed(d.provider))
      .map((d) => d.type)
      .sort(),
  );
});

describe.each(Object.entries(ROWS))("native provider, %s: two stacks, one name, both `up`s at once", (type, row) => {
  let a: E2EStack;
  let b: E2EStack;
  beforeAll(async () => {
    [a, b] = await Promise.all(["a", "b"].map((stack) => E2EStack.open({ ...row.stack, stack })));
    // B talks to A's emulator: one service, one stack server (the emulators share their default keys).
    await b.setConfig("pipestack:apiUrl", a.emulator.url);
    if (row.stack.stackServer) await b.setConfig("pipestack:stackUrl", a.emulator.url);
  }, 600_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("the loser is told to wait, offered no adoption or import, records nothing; its destroy leaves the winner's object", async () => {
    const token = `pipestack:index:${type}`;
    const objectsIn = (resources: ExportedResource[]) => resources.filter((r) => r.type === token).map((r) => r.id!);
    await raceForOneName({ a, b, kind: { objectsIn, stored: () => row.stored(a.emulator) } });
  }, 300_000);
});

/**
 * Two stacks racing for one name, through the real CLI on the dynamic face, for every kind whose
 * server keeps a name unique (the rows below are held to the registry's engines): both `up`s at
 * once; the loser is told to wait and run again, offered no adoption, records nothing, and its
 * `destroy` leaves the winner's object (./name-race.ts). Issue 33, item 2.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { E2EStack, resourcesOf, type ExportedResource } from "./harness";
import { storedPipes, storedStack, type Stored } from "../support/stored";
import { raceForOneName } from "./name-race";
import { registry } from "../../provider/registry";
import { uniquelyNamed } from "../../provider/engine/define-engine";

interface Row {
  program: string;
  /** A program on the open-source stack server, a current one (webhooks need API 2.36). */
  stackServer: boolean;
  stored(emulator: Emulator): Stored[];
}

const ROWS: Record<string, Row> = {
  Pipe: { program: "test/e2e/programs/two-stacks", stackServer: false, stored: (e) => storedPipes(e) },
  StackWebhook: { program: "test/e2e/programs/race-webhook", stackServer: true, stored: (e) => storedStack(e, "server").webhooks },
};

it("races every kind whose engine declares a unique name", () => {
  expect(Object.keys(ROWS).sort()).toEqual(
    registry
      .filter((d) => uniquelyNamed(d.provider))
      .map((d) => d.type)
      .sort(),
  );
});

describe.each(Object.entries(ROWS))("%s: two stacks, one name, both `up`s at once", (type, row) => {
  let a: E2EStack;
  let b: E2EStack;
  beforeAll(async () => {
    const open = (stack: string) =>
      E2EStack.open({ program: row.program, stack, stackServer: row.stackServer, emulator: row.stackServer ? { stackApiVersion: "2.36.0" } : {} });
    [a, b] = await Promise.all([open("a"), open("b")]);
    // B talks to A's emulator: one service, one stack server (the emulators share their default keys).
    await b.setConfig("pipestack:apiUrl", a.emulator.url);
    if (row.stackServer) await b.setConfig("pipestack:stackUrl", a.emulator.url);
  }, 300_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("the loser is told to wait, offered no adoption, records nothing; its destroy leaves the winner's object", async () => {
    const objectsIn = (resources: ExportedResource[]) => resourcesOf(resources, `pipestack:${type}`).map((r) => r.id!);
    await raceForOneName({ a, b, kind: { objectsIn, stored: () => row.stored(a.emulator) } });
  }, 300_000);
});

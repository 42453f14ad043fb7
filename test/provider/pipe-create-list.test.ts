/**
 * A pipe's create reads its service's pipe list (a name taken before, this create's marker after
 * an ambiguous failure), and parses only the pipes named like it: in a 200-pipe `up`, parsing
 * every listed pipe in every create was some 20,000 parses. So another pipe that this release's
 * schema does not take (a field a newer API answers in a form it does not know) fails no create;
 * one named like it still does.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { pipeEngine as pipes, EXISTING } from "../support/engines";
import { kafkaPipe } from "../support/pipe-fixtures";
import { engineInputs } from "../support/pipe-props";
import { storedPipes } from "../support/stored";
import { useTarget } from "../support/stack-targets";
import { startTestEmulator } from "../support/emulator";

type Obj = Record<string, any>;
let emulator: Emulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());
beforeEach(() => {
  emulator.control.reset();
  emulator.control.clearScripts();
  emulator.control.resetStats();
  useTarget("cloud", emulator, { maxRetries: "0" });
});

async function pipeInputs(spec: Obj): Promise<Obj> {
  const result = await pipes.check(EXISTING, engineInputs(spec, { organizationId: emulator.options.organizationId, serviceId: emulator.options.serviceId }));
  expect(result.failures).toEqual([]);
  return result.inputs as Obj;
}

/** The pipe list answered once with one pipe the schema refuses (its `source` a word, not an object). */
function listWithUnparsable(name: string) {
  const odd = { id: "someone-elses-pipe", name, source: "kafka" };
  emulator.control.script({
    method: "GET",
    path: "/pipes$",
    status: 200,
    body: { status: 200, requestId: "00000000-0000-4000-8000-0000000000aa", result: [odd] },
  });
}

describe("pipes: a create's list", () => {
  it("another pipe the schema does not take fails no create", async () => {
    const inputs = await pipeInputs(kafkaPipe("mine"));
    listWithUnparsable("not-mine");
    const made = await pipes.create(inputs);
    expect(storedPipes(emulator).map((p) => [p.id, p.name])).toEqual([[made.id, "mine"]]);
    expect(emulator.control.stats().faults.scripted, "the list the create read was the scripted one").toBe(1);
  });

  it("a pipe named like it that the schema does not take still fails it, naming the field", async () => {
    const inputs = await pipeInputs(kafkaPipe("mine"));
    listWithUnparsable("mine");
    await expect(pipes.create(inputs)).rejects.toThrow(/GET pipes: unexpected answer from the API \(source: /);
    expect(storedPipes(emulator)).toEqual([]);
  });
});

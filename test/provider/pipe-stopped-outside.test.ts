/**
 * A pipe stopped outside Pulumi (through the API, behind the provider's back), then changed by
 * the program: the change is applied and the pipe stays stopped when the program leaves the run
 * state out; a wait that needs it running ends at once, naming the state and the remedy.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { pipeEngine as provider } from "../support/engines";
import { kafkaPipe, postgresPipe } from "../support/pipe-fixtures";
import { checkedPipe } from "../support/pipe-props";
import { emulatorWithEngine } from "../support/engine";
import { rawJson } from "../support/raw-api";
import { storedPipes } from "../support/stored";
import { setProgressSink } from "../../provider/progress/report";

type Obj = Record<string, any>;
let emulator: Emulator;

beforeAll(async () => {
  emulator = await emulatorWithEngine({ stepMs: 30 });
});
afterAll(() => emulator.close());
beforeEach(() => {
  emulator.control.reset();
  emulator.control.resetStats();
});

// Short enough that a wait for Running on a stopped pipe fails the test by timing out, not the runner.
const WAIT_SECONDS = 3;

/** Stops the pipe through the raw API, as a user would in the console, and waits until it reads stopped. */
async function stopOutside(id: string): Promise<void> {
  await rawJson(emulator, "cloud", "PATCH", `/pipes/${id}/state`, { command: "stop" });
  for (let i = 0; i < 100 && !["Stopped", "Paused"].includes(String(storedPipes(emulator)[0].state)); i++) await new Promise((r) => setTimeout(r, 20));
  expect(storedPipes(emulator)[0].state).toMatch(/^(Stopped|Paused)$/);
}

const stateCommands = () =>
  Object.entries(emulator.control.stats().byRoute)
    .filter(([k]) => k.startsWith("PATCH") && k.endsWith("/state"))
    .reduce((n, [, v]) => n + v, 0);

describe("a pipe stopped outside Pulumi", () => {
  it("run state left out: a scaling change is applied at once and the pipe stays stopped", async () => {
    const inputs = await checkedPipe(emulator, { ...kafkaPipe(), waitTimeoutSeconds: WAIT_SECONDS });
    const { id, outs } = await provider.create(inputs);
    await stopOutside(id);
    emulator.control.resetStats();
    const spec: Obj = { ...kafkaPipe(), waitTimeoutSeconds: WAIT_SECONDS, scaling: { replicas: 3 } };
    const news = await checkedPipe(emulator, spec);
    const heard: string[] = [];
    setProgressSink((message) => heard.push(message));
    const started = Date.now();
    const updated = await provider.update(id, outs, news).finally(() => setProgressSink(undefined));
    expect(Date.now() - started).toBeLessThan(WAIT_SECONDS * 1000);
    // Said where the host lets a provider log: the pipe stays stopped, and how to start it.
    expect(heard).toContain(
      `pipe ${id} ("${String(news.name)}") is Stopped: the change was applied and it stays stopped (the program leaves \`stopped\` out); set \`stopped: false\` to start it`,
    );
    expect(updated.outs.state).toBe("Stopped");
    expect(stateCommands()).toBe(0); // never started behind the program's back
    expect(storedPipes(emulator)[0]).toMatchObject({ state: "Stopped", scaling: { replicas: 3 } });
  });

  it("a database pipe paused outside takes a table-mapping edit and stays paused", async () => {
    const inputs = await checkedPipe(emulator, { ...postgresPipe(), waitTimeoutSeconds: WAIT_SECONDS });
    const { id, outs } = await provider.create(inputs);
    await stopOutside(id);
    emulator.control.resetStats();
    const spec = postgresPipe();
    spec.source.postgres.tableMappings.push({ sourceSchemaName: "public", sourceTable: "items", targetTable: "public_items" });
    const updated = await provider.update(id, outs, await checkedPipe(emulator, { ...spec, waitTimeoutSeconds: WAIT_SECONDS }));
    expect(updated.outs.state).toBe("Paused");
    expect(stateCommands()).toBe(0);
    expect((storedPipes(emulator)[0].source as Obj).tableMappings).toHaveLength(3);
  });

  it("stopped: false with no start in the plan: the update fails at once, naming the state and the remedy", async () => {
    const inputs = await checkedPipe(emulator, { ...kafkaPipe(), stopped: false, waitTimeoutSeconds: 30 });
    const { id, outs } = await provider.create(inputs);
    await stopOutside(id);
    const news = await checkedPipe(emulator, { ...kafkaPipe(), stopped: false, waitTimeoutSeconds: 30, scaling: { replicas: 2 } });
    const started = Date.now();
    const err = (await provider.update(id, outs, news).catch((e: unknown) => e)) as Error;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(err.message).toContain(`pipe ${id} was updated but is Stopped, and a stopped pipe does not start by itself`);
    expect(err.message).toMatch(/`stopped: false` to start it .*`stopped: true` to keep it stopped/);
    expect(err.message).not.toMatch(/raise waitTimeoutSeconds/);
    // The change was applied, and the pipe is kept in state (a ResourceInitError carries its outputs).
    expect(storedPipes(emulator)[0]).toMatchObject({ state: "Stopped", scaling: { replicas: 2 } });
  });

  it("stopped: false after a refresh starts it again, as the preview shows", async () => {
    const inputs = await checkedPipe(emulator, { ...kafkaPipe(), stopped: false, waitTimeoutSeconds: WAIT_SECONDS });
    const { id, outs } = await provider.create(inputs);
    await stopOutside(id);
    const read = await provider.read(id, outs);
    expect(await provider.diff(id, read.props, inputs)).toMatchObject({ changes: true, replaces: [] });
    const updated = await provider.update(id, read.props, inputs);
    expect(updated.outs.state).toBe("Running");
  });
});

/**
 * Long waits report how they go: a pipe settling and a service waking each tell the progress
 * sink their state and the time waited, at the interval PIPESTACK_PROGRESS_INTERVAL_MS sets.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { pipeEngine as provider } from "../support/engines";
import { kafkaPipe } from "../support/pipe-fixtures";
import { checkedPipe } from "../support/pipe-props";
import { emulatorWithEngine } from "../support/engine";
import { setProgressSink } from "../../provider/progress/report";

let emulator: Emulator;
let heard: string[] = [];

beforeAll(async () => {
  // Each state lasts 600 ms: long enough for several reports at 100 ms.
  emulator = await emulatorWithEngine({ stepMs: 600 });
});
afterAll(() => emulator.close());
beforeEach(() => {
  emulator.control.reset();
  heard = [];
  process.env.PIPESTACK_PROGRESS_INTERVAL_MS = "100";
  setProgressSink((message) => heard.push(message));
});
afterEach(() => {
  setProgressSink(undefined);
  delete process.env.PIPESTACK_PROGRESS_INTERVAL_MS;
});

describe("progress of long waits", () => {
  it("a pipe settling reports its state and the time waited", async () => {
    const inputs = await checkedPipe(emulator, kafkaPipe());
    const { id, outs } = await provider.create(inputs);
    heard = [];
    // A stop: `Stopping` for 600 ms, then `Stopped`.
    await provider.update(id, outs, { ...inputs, stopped: true });
    const lines = heard.filter((l) => l.startsWith(`pipe ${id} ("${String(inputs.name)}") was updated, waiting until it settles: Stopping after `));
    expect(lines.length, heard.join("\n")).toBeGreaterThanOrEqual(2);
    expect(lines[0]).toMatch(/after \d+ s \(of up to 10 min\)$/);
  });

  it("a service waking reports its state and the time waited", async () => {
    emulator.control.setServiceState(emulator.options.serviceId, "idle");
    await provider.create(await checkedPipe(emulator, kafkaPipe()));
    const lines = heard.filter((l) => l.startsWith(`service ${emulator.options.serviceId} is waking: awaking after `));
    expect(lines.length, heard.join("\n")).toBeGreaterThanOrEqual(1);
    expect(lines[0]).toMatch(/\(of up to 10 min\)$/);
  });
});

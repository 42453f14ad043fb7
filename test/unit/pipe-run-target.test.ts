import { describe, expect, it } from "vitest";
import { hopeless, reachedFor, runTargetOf, type RunTarget } from "../../provider/resources/pipe/settle";
import type { PipeInputs } from "../../provider/resources/pipe/policy";

const kafka = { source: { kafka: { brokers: "b:9092" } } } as unknown as PipeInputs;

describe("runTargetOf", () => {
  it.each([
    [true, "stopped"],
    [false, "running"],
    [undefined, "as-is"],
  ] as const)("stopped: %s waits for %s", (stopped, target) => {
    expect(runTargetOf({ ...kafka, stopped })).toBe(target);
  });
});

describe("a pipe's wait: where it ends", () => {
  // [target, state, reached, hopeless (a part of the message), or undefined]
  const rows: [RunTarget, string, boolean, string | undefined][] = [
    ["running", "Running", true, undefined],
    ["running", "Provisioning", false, undefined],
    ["running", "Stopped", false, "Stopped, and a stopped pipe does not start by itself"],
    ["running", "Stopping", false, "Stopping, and a stopped pipe does not start by itself"],
    ["running", "Paused", false, "Paused, and"],
    ["running", "Failed", false, "Failed"],
    ["started", "Stopped", false, undefined],
    ["started", "Running", true, undefined],
    ["as-is", "Running", true, undefined],
    ["as-is", "Stopped", true, undefined],
    ["as-is", "Paused", true, undefined],
    ["as-is", "Stopping", false, undefined],
    ["as-is", "InternalError", false, "InternalError"],
    ["stopped", "Stopped", true, undefined],
    ["stopped", "Running", false, undefined],
  ];
  it.each(rows)("%s, %s: reached %s, hopeless %s", (target, state, reached, why) => {
    expect(reachedFor(target, kafka, state)).toBe(reached);
    const answer = hopeless(target, { state, stateReason: undefined });
    if (why === undefined) expect(answer).toBeUndefined();
    else expect(answer).toContain(why);
  });
});

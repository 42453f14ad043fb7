import { describe, expect, it } from "vitest";
import { pollUntil } from "../../provider/client/poll";
import { PollTimeoutError } from "../../provider/errors";
import { readResult } from "../../provider/engine/gone";
import { adoptable, fixedFieldsShown } from "../../provider/engine/adopt";

describe("pollUntil: the one poll-with-backoff loop", () => {
  it("reads until done and returns that value", async () => {
    let n = 0;
    const value = await pollUntil(
      async () => ++n,
      (v) => v === 3,
      { timeoutMs: 1_000, intervalMs: 1 },
    );
    expect([value, n]).toEqual([3, 3]);
  });

  it("waits twice as long each time, up to the ceiling", async () => {
    const times: number[] = [];
    await pollUntil(
      async () => times.push(Date.now()),
      (v) => v === 5,
      { timeoutMs: 5_000, intervalMs: 10, maxIntervalMs: 20 },
    );
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    expect(gaps[0]).toBeGreaterThanOrEqual(9);
    expect(gaps[1]).toBeGreaterThanOrEqual(19);
    expect(Math.max(...gaps)).toBeLessThan(200);
  });

  it("throws PollTimeoutError with the last value when the next wait would pass the deadline", async () => {
    let n = 0;
    const err = await pollUntil(
      async () => ++n,
      () => false,
      { timeoutMs: 30, intervalMs: 10 },
      (last) => `still ${last}`,
    ).catch((e) => e);
    expect(err).toBeInstanceOf(PollTimeoutError);
    expect(err.last).toBe(n);
    expect(err.message).toBe(`still ${n}`);
  });
});

describe("the read-or-gone helpers (the rule itself: test/provider/gone-rule.test.ts)", () => {
  it("readResult: an empty id for a gone object", () => {
    expect(readResult("x", undefined)).toEqual({ id: "", props: {} });
    expect(readResult("x", { a: 1 })).toEqual({ id: "x", props: { a: 1 } });
  });

  it("adoptable names what was not found, and where", async () => {
    await expect(adoptable("alert", "a1", "on cloud:o/s", async () => undefined)).rejects.toThrow("adoptId: no alert a1 on cloud:o/s to adopt");
    await expect(adoptable("alert", "a1", "on cloud:o/s", async () => ({ id: "a1" }))).resolves.toEqual({ id: "a1" });
  });
});

describe("fixedFieldsShown: each fixed field's live value beside the program's", () => {
  it.each<[string, string[], unknown, unknown, string]>([
    ["a nested field", ["destination.table"], { destination: { table: "a" } }, { destination: { table: "b" } }, 'destination.table: live "a", program "b"'],
    ["one side unset", ["name"], {}, { name: "n" }, 'name: live (not set), program "n"'],
    ["a list item, by index", ["tiles.0.w"], { tiles: [{ w: 4 }] }, { tiles: [{ w: 6 }] }, "tiles.0.w: live 4, program 6"],
    ["no prototype key", ["constructor"], {}, {}, "constructor: live (not set), program (not set)"],
  ])("%s", (_why, fixed, live, program, expected) => {
    expect(fixedFieldsShown(fixed, live, program)).toBe(expected);
  });
});

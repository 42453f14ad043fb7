/**
 * When the deletes waiting for one proof read start it at once (provider/engine/shared-list.ts,
 * `startsAtOnce`): only when as many wait as the widest proof of the collection proved before,
 * so every step the engine runs at a time on it waits and none can join later.
 */
import { describe, expect, it } from "vitest";
import { startsAtOnce } from "../../provider/engine/shared-list";

describe("startsAtOnce", () => {
  it.each([
    // No proof yet: how many the engine runs at a time is not known, so the first wave gathers.
    { waiting: 8, widest: 0, atOnce: false },
    { waiting: 1, widest: 0, atOnce: false },
    // A wave as wide as the widest so far: every slot waits.
    { waiting: 8, widest: 8, atOnce: true },
    { waiting: 9, widest: 8, atOnce: true },
    // Narrower: others may still start (steps spread out by state writes, other kinds' deletes).
    { waiting: 7, widest: 8, atOnce: false },
    { waiting: 1, widest: 8, atOnce: false },
    // One at a time proves nothing about waves (`--parallel 1`, or a lone delete): wait as before.
    { waiting: 1, widest: 1, atOnce: false },
  ])("$waiting waiting, widest $widest: at once $atOnce", ({ waiting, widest, atOnce }) => {
    expect(startsAtOnce(waiting, widest)).toBe(atOnce);
  });
});

/**
 * The pacer against the stack server's own fixed-window count (the emulator's limiter, 10 requests
 * per 2 s window as the e2e rate-limit test sets it), on a fake clock: requests that a loaded
 * machine sends slowly, across a window's end, and answers read late and out of order. The
 * server counts a request in the window it arrives in; the pacer only knows each answer's reset,
 * in whole seconds rounded up. Whatever the timing, at most one request is answered 429.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Pacer } from "../../provider/client/pacer";
import { FixedWindowLimiter, limitHeaders, limitedReply } from "../../emulator/rate-limit";

const SETTINGS = { limit: 10, windowMs: 2_000 };

/** One key's server (windows from 0 on the fake clock) and the pacer of a provider process. */
function world() {
  const limiter = new FixedWindowLimiter(0);
  const pacer = new Pacer(() => Date.now());
  const answered: number[] = [];
  /** One request: paced, `upMs` on the way, counted on arrival, its answer read `downMs` later. */
  async function request(upMs: number, downMs: number): Promise<void> {
    const ticket = await pacer.acquire();
    await new Promise((r) => setTimeout(r, upMs));
    const verdict = limiter.hit("key", SETTINGS, Date.now());
    const reply = verdict.over ? limitedReply("stack", verdict, SETTINGS, "r") : { status: 200, headers: limitHeaders("stack", verdict) };
    await new Promise((r) => setTimeout(r, downMs));
    answered.push(reply.status);
    ticket.done({ status: reply.status, headers: reply.headers });
  }
  return { request, answered, limited: () => answered.filter((s) => s === 429).length };
}

/** Starts `op` at `at` ms on the fake clock. */
const at = (ms: number, op: () => Promise<void>): Promise<void> => new Promise<void>((r) => setTimeout(r, ms - Date.now())).then(op);

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("pacing across a fixed window's end", () => {
  it("requests sent slowly after the window's true end, before the end the pacer estimates: the next window already counts them", async () => {
    const w = world();
    const runs: Promise<void>[] = [];
    // The first answer says 1 s is left (the window ends at 2,000 ms): the pacer's estimate is 2,910 ms.
    runs.push(at(1_900, () => w.request(5, 5)));
    // A loaded engine sends one request every 100 ms: they land in the next window.
    for (let i = 0; i < 8; i += 1) runs.push(at(2_000 + i * 100, () => w.request(5, 5)));
    // Then a burst (the alerts' second requests): 10 more.
    for (let i = 0; i < 10; i += 1) runs.push(at(2_800, () => w.request(5, 5)));
    await vi.advanceTimersByTimeAsync(10_000);
    await Promise.all(runs);
    expect(w.answered).toHaveLength(19);
    expect(w.limited(), JSON.stringify(w.answered)).toBeLessThanOrEqual(1);
  });

  it("an answer of the window before, read late (after the next window's answers): it does not bring the next window's end earlier", async () => {
    const w = world();
    const runs: Promise<void>[] = [];
    runs.push(at(1_500, () => w.request(5, 5)));
    // Sent at 1,990 and counted in the first window, but its answer is read 800 ms later.
    runs.push(at(1_990, () => w.request(5, 800)));
    // A burst after the estimated end (2,510 ms) fills the second window; its last request goes
    // when the late answer is read, and its own answer comes back only after 4,000 ms.
    for (let i = 0; i < 10; i += 1) runs.push(at(2_520, () => w.request(5, i === 9 ? 1_500 : 5)));
    // More work waits for the third window (from 4,000 ms).
    for (let i = 0; i < 10; i += 1) runs.push(at(2_700, () => w.request(5, 5)));
    await vi.advanceTimersByTimeAsync(15_000);
    await Promise.all(runs);
    expect(w.answered).toHaveLength(22);
    expect(w.limited(), JSON.stringify(w.answered)).toBeLessThanOrEqual(1);
  });
});

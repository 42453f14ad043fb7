/**
 * One queue per key (credentials and base URL) for the whole process, so that every concurrent
 * request of a `pulumi up` (one provider process runs them all) shares one count of what the
 * server still allows. The decisions are `rate-pacing.ts`; this file only holds the state,
 * lets the waiting requests go in order and wakes them when an answer or the time says so.
 */
import { createHash } from "node:crypto";
import { UNKNOWN_PACE, MAX_PACE_WAIT_MS, admit, onAnswer, onSend, type PaceState } from "./rate-pacing";
import type { Headers } from "./server-wait";

/** A request let go: say how it ended (no answer for a failed connection) exactly once. */
export interface PaceTicket {
  readonly sentAt: number;
  /** How long the request waited for the limit, in ms. */
  readonly waitedMs: number;
  done(answer?: { status: number; headers: Headers }): void;
}

interface Waiter {
  since: number;
  /** How long it may wait in all, in ms. */
  patienceMs: number;
  go(): void;
}

/** The requests of one key: first come, first let go, as the server's count allows. */
export class Pacer {
  private state: PaceState = UNKNOWN_PACE;
  private readonly queue: Waiter[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly clock: () => number = Date.now) {}

  /** What the key's requests know now (for tests and diagnostics). */
  get known(): Readonly<PaceState> {
    return this.state;
  }

  /** Resolves when this request may go: within `patienceMs` (what is left of its operation's budget), or at once when the server named a longer hold. */
  acquire(patienceMs = MAX_PACE_WAIT_MS): Promise<PaceTicket> {
    return new Promise((resolve) => {
      const since = this.clock();
      this.queue.push({ since, patienceMs, go: () => resolve(this.ticket(since)) });
      this.pump();
    });
  }

  private ticket(since: number): PaceTicket {
    const sentAt = this.clock();
    let open = true;
    return {
      sentAt,
      waitedMs: sentAt - since,
      done: (answer) => {
        if (!open) return;
        open = false;
        this.state = onAnswer(this.state, { sentAt, ...answer }, this.clock());
        this.pump();
      },
    };
  }

  private pump(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (let head = this.queue[0]; head !== undefined; head = this.queue[0]) {
      const now = this.clock();
      const waited = now - head.since;
      const decision = admit(this.state, now, waited, head.patienceMs);
      // An answer pumps again before the timer when it changes what the server allows.
      if (decision.kind === "wait") {
        this.timer = setTimeout(() => this.pump(), Math.max(1, decision.ms));
        return;
      }
      this.queue.shift();
      this.state = onSend(this.state);
      head.go();
    }
  }
}

/** The key of a surface: a hash, so no credential is kept (or ever shown) by the pacing. */
export function paceKey(baseUrl: string, authorization: string): string {
  return createHash("sha256").update(baseUrl).update("\n").update(authorization).digest("hex");
}

// On globalThis, so that two copies of this module in one process (two import paths) still share one count.
const REGISTRY = Symbol.for("pipestack.client.pacers");

/** The process's pacer of a key. */
export function pacerFor(surface: { baseUrl: string; authorization: string }): Pacer {
  const holder = globalThis as { [REGISTRY]?: Map<string, Pacer> };
  const pacers = (holder[REGISTRY] ??= new Map<string, Pacer>());
  const key = paceKey(surface.baseUrl, surface.authorization);
  let pacer = pacers.get(key);
  if (!pacer) pacers.set(key, (pacer = new Pacer()));
  return pacer;
}

/**
 * Runs one exchange when the key's pacer lets it go, and tells the pacer how it ended. The wait
 * is the operation's time like any other: at most `patienceMs`, what is left of its budget.
 */
export async function paced<A extends { status: number; headers: Headers }>(pacer: Pacer, exchange: () => Promise<A>, patienceMs?: number): Promise<A> {
  const ticket = await pacer.acquire(patienceMs);
  try {
    const answer = await exchange();
    ticket.done({ status: answer.status, headers: answer.headers });
    return answer;
  } catch (error) {
    ticket.done();
    throw error;
  }
}

/**
 * When a request may go, from what the server said of its rate limit: small pure functions over
 * one key's {@link PaceState} (the queue that applies them is `pacer.ts`).
 *
 * The stack server counts every request per key in fixed windows and says so on every answer
 * (`RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` in seconds); the cloud API says
 * nothing until its 429 (`X-RateLimit-Reset`, `Retry-After`). So: a key's first request goes
 * alone until an answer tells what the server counts; while the window lasts, the requests in
 * flight are taken from the remaining count (they may already be counted, or not yet); at 0 the
 * next request waits for the window's end; a 429 holds every request of the key until the time it
 * names. Answers come back late and out of order (under load, by seconds): which window each was
 * counted in is told by the bounds its reset puts on that window's end, never by when it comes
 * back, so an answer of the next window re-bases the count at once and a late one of the window
 * before never brings the current window's end earlier. Every wait is bounded by the patience of
 * the request (what is left of its operation's budget, at most {@link MAX_PACE_WAIT_MS}): a hold
 * the server named for longer lets the request go at once, and its answer (a 429 naming the
 * time) ends the operation with the figure.
 */

import { askedWait, readLimits, type Headers } from "./server-wait";
import { CLIENT_DEFAULTS } from "../client-defaults";

/** What one key's requests know of the server's limit. */
export interface PaceState {
  /** Requests per window, as last announced; undefined while none was. */
  limit?: number;
  /** The least remaining count announced in the current window. */
  remaining?: number;
  /**
   * When the current window ends, ms since the epoch: the earliest of the answers' estimates, each
   * of which is no earlier than the server's end (its reset is rounded up and counted before the
   * answer travelled).
   */
  windowEnd?: number;
  /**
   * The latest instant the current window's end is known to be after, ms since the epoch: each
   * answer's reset counts whole seconds, rounded up, from when its request arrived (no earlier than
   * it was sent).
   */
  endLow?: number;
  /** When the first request known to be in the current window was sent: an answer to one sent before may be of the window before. */
  openedAt?: number;
  /** After a 429: no request of the key before this instant. */
  blockedUntil?: number;
  /** True once any answer came back (until then one request at a time probes the limit). */
  answered: boolean;
  /** Requests sent and not answered yet. */
  inFlight: number;
}

/** A key nothing is known of yet. */
export const UNKNOWN_PACE: PaceState = Object.freeze({ answered: false, inFlight: 0 });

/** The longest one request waits for the limit, in ms, whatever the server says. */
export const MAX_PACE_WAIT_MS = CLIENT_DEFAULTS.maxPaceWaitMs;

/** How long the other requests of a key wait for the answer to its first one, in ms. */
export const PROBE_PATIENCE_MS = CLIENT_DEFAULTS.probePatienceMs;

/** A request whose 429 named no time waits this long before the key's requests go again, in ms. */
export const UNNAMED_BLOCK_MS = CLIENT_DEFAULTS.unnamedBlockMs;

/** What a request may do now: go, or wait so long at most (an answer of the key may let it go sooner). */
export type Admission = { kind: "send" } | { kind: "wait"; ms: number };

/**
 * Whether a request of this key, waiting since `waitedMs` and willing to wait `patienceMs` in all
 * (what is left of its operation's budget, at most {@link MAX_PACE_WAIT_MS}), may go at `now`.
 */
export function admit(state: PaceState, now: number, waitedMs = 0, patienceMs = MAX_PACE_WAIT_MS): Admission {
  // A bound, not a stall: a server that names an hour gets its 429 and the retry policy decides.
  const patience = Math.min(patienceMs, MAX_PACE_WAIT_MS) - waitedMs;
  if (patience <= 0) return { kind: "send" };
  // A time the server named that the request cannot wait out: waiting part of it would only spend the budget.
  const named = (until: number): Admission => (until - now > patience ? { kind: "send" } : { kind: "wait", ms: until - now });
  if (state.blockedUntil !== undefined && now < state.blockedUntil) return named(state.blockedUntil);
  // The first request alone: a window another process spent would answer eight parallel ones 429.
  // Not for long, though: a first request that hangs must not hold the whole process.
  if (!state.answered)
    return state.inFlight === 0 || waitedMs >= PROBE_PATIENCE_MS ? { kind: "send" } : { kind: "wait", ms: Math.min(patience, PROBE_PATIENCE_MS - waitedMs) };
  if (state.limit === undefined) return { kind: "send" };
  const inWindow = state.windowEnd !== undefined && now < state.windowEnd;
  // Past the window's end the server counts again from zero; what is in flight may land in the new window.
  const left = (inWindow ? (state.remaining ?? state.limit) : state.limit) - state.inFlight;
  if (left > 0) return { kind: "send" };
  if (inWindow && state.windowEnd !== undefined) return named(state.windowEnd);
  return state.inFlight > 0 ? { kind: "wait", ms: patience } : { kind: "send" };
}

/** The state once a request was let go. */
export function onSend(state: PaceState): PaceState {
  return { ...state, inFlight: state.inFlight + 1 };
}

/** One finished exchange: when its request went, and its answer (none when the connection failed). */
export interface Exchange {
  sentAt: number;
  status?: number;
  headers?: Headers;
}

/** Where an answer's window ends, as far as it tells: after `low`, at `high` at the latest (ms since the epoch). */
interface WindowBounds {
  low: number;
  high: number;
}

/**
 * The bounds of the end of the window an answer was counted in: its reset counts whole seconds,
 * rounded up, from when the request arrived, which is after it was sent and before the answer
 * was read at `now`. Pure.
 */
export function windowBounds(sentAt: number, resetMs: number, now: number): WindowBounds {
  return { low: sentAt + Math.max(0, resetMs - 1000), high: now + resetMs };
}

/**
 * Which window an answer was counted in, against the one the state knows: a `later` one when its
 * end cannot be before the known end (the first answer opens one too), an `older` one when it ends
 * before the known end could, else the `same` (or one that cannot be told apart). Pure.
 */
export function windowOf(state: PaceState, bounds: WindowBounds): "later" | "same" | "older" {
  if (state.windowEnd === undefined || bounds.low >= state.windowEnd) return "later";
  if (state.endLow !== undefined && bounds.high < state.endLow) return "older";
  return "same";
}

/**
 * The state once an exchange finished at `now`. An answer counted in a later window than the known
 * one re-bases the count on it (the windows are told apart by the bounds of their ends, not by
 * when the answers come back: under load they come back late and out of order). One of the same
 * window can only lower the count (the least remaining is the latest) and bring its end earlier,
 * unless its request went before the window's first known one: it may be of the window before,
 * whose end is not this one's. One of an older window tells nothing of this one.
 */
export function onAnswer(state: PaceState, exchange: Exchange, now: number): PaceState {
  const next: PaceState = { ...state, inFlight: Math.max(0, state.inFlight - 1) };
  if (exchange.headers === undefined) return next;
  next.answered = true;
  const reading = readLimits(exchange.headers, now);
  if (reading.limit !== undefined) next.limit = reading.limit;
  const mayBeOlder = state.openedAt !== undefined && exchange.sentAt < state.openedAt;
  let place: ReturnType<typeof windowOf> = "same";
  if (reading.remaining !== undefined && reading.reset !== undefined) {
    next.limit ??= reading.remaining;
    const bounds = windowBounds(exchange.sentAt, reading.reset.ms, now);
    place = windowOf(state, bounds);
    if (place === "later") {
      Object.assign(next, { windowEnd: bounds.high, endLow: bounds.low, remaining: reading.remaining, openedAt: exchange.sentAt });
    } else if (place === "same") {
      if (!mayBeOlder) next.windowEnd = Math.min(state.windowEnd ?? bounds.high, bounds.high);
      next.endLow = Math.max(state.endLow ?? bounds.low, bounds.low);
      next.remaining = Math.min(state.remaining ?? reading.remaining, reading.remaining);
    }
  }
  if (exchange.status === 429) {
    // The window's own end when the server names it (its Retry-After may be the whole window), else
    // what it asks: the whole figure, which each waiting request holds against its own patience.
    const block = now + (askedWait(429, exchange.headers, now)?.ms ?? UNNAMED_BLOCK_MS);
    next.blockedUntil = Math.max(state.blockedUntil ?? 0, block);
    if (place !== "older") {
      // Whatever the count said, this window is spent.
      next.remaining = 0;
      if (!mayBeOlder || place === "later") next.windowEnd = Math.max(Math.min(next.windowEnd ?? block, block), now);
    }
  }
  return next;
}

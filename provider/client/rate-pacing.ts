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
 * names.
 */

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
export const MAX_PACE_WAIT_MS = 65_000;

/** How long the other requests of a key wait for the answer to its first one, in ms. */
export const PROBE_PATIENCE_MS = 5_000;

/** A request whose 429 named no time waits this long before the key's requests go again, in ms. */
export const UNNAMED_BLOCK_MS = 1_000;

/** What the answer's headers say of the limit; every field is optional. */
export interface LimitReading {
  limit?: number;
  remaining?: number;
  /** Time to the window's end, in ms. */
  resetMs?: number;
  /** On a 429: the wait asked for (`Retry-After`, or a reset header when it comes without one), in ms. */
  retryAfterMs?: number;
}

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim();
}

/** The leading whole number of a header (`100`, `100, 100;w=60`), or undefined. */
function count(raw: string | undefined): number | undefined {
  const match = raw === undefined ? null : /^\d+/.exec(raw);
  return match ? Number(match[0]) : undefined;
}

/** Seconds to wait, an epoch instant in seconds (some gateways), or an HTTP date: as ms from `now`. */
function waitMs(raw: string | undefined, now: number): number | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) {
    const n = Number(raw);
    return n > 1_000_000_000 ? Math.max(0, n * 1000 - now) : n * 1000;
  }
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The one-field forms of later drafts: `RateLimit: limit=100, remaining=99, reset=60` (draft 7) or
 * `RateLimit: "name"; r=99; t=60` with the limit in `RateLimit-Policy: "name"; q=100; w=60` (draft 8).
 */
function combined(headers: Headers): { limit?: string; remaining?: string; reset?: string } {
  const field = header(headers, "ratelimit");
  if (field === undefined) return {};
  const item = (text: string | undefined, ...keys: string[]) => {
    for (const key of keys) {
      const found = text === undefined ? null : new RegExp(`(?:^|[,;\\s])${key}=(\\d+)`).exec(text);
      if (found) return found[1];
    }
    return undefined;
  };
  return {
    limit: item(field, "limit") ?? item(header(headers, "ratelimit-policy"), "q"),
    remaining: item(field, "remaining", "r"),
    reset: item(field, "reset", "t"),
  };
}

/** Reads the `RateLimit-*` headers (draft 6, also the one-field forms of drafts 7 and 8), their `X-RateLimit-*` forms and `Retry-After`. */
export function readLimits(headers: Headers, now: number): LimitReading {
  const reading: LimitReading = {};
  const one = combined(headers);
  const limit = count(header(headers, "ratelimit-limit") ?? one.limit ?? header(headers, "x-ratelimit-limit"));
  const remaining = count(header(headers, "ratelimit-remaining") ?? one.remaining ?? header(headers, "x-ratelimit-remaining"));
  const resetMs = waitMs(header(headers, "ratelimit-reset") ?? one.reset ?? header(headers, "x-ratelimit-reset"), now);
  const retryAfterMs = waitMs(header(headers, "retry-after"), now);
  if (limit !== undefined) reading.limit = limit;
  if (remaining !== undefined) reading.remaining = remaining;
  if (resetMs !== undefined) reading.resetMs = resetMs;
  if (retryAfterMs !== undefined) reading.retryAfterMs = retryAfterMs;
  return reading;
}

/** What a request may do now: go, or wait so long at most (an answer of the key may let it go sooner). */
export type Admission = { kind: "send" } | { kind: "wait"; ms: number };

/** Whether a request of this key, waiting since `waitedMs`, may go at `now`. */
export function admit(state: PaceState, now: number, waitedMs = 0): Admission {
  // A bound, not a stall: a server that names an hour gets its 429 and the retry policy decides.
  if (waitedMs >= MAX_PACE_WAIT_MS) return { kind: "send" };
  if (state.blockedUntil !== undefined && now < state.blockedUntil) return { kind: "wait", ms: state.blockedUntil - now };
  // The first request alone: a window another process spent would answer eight parallel ones 429.
  // Not for long, though: a first request that hangs must not hold the whole process.
  if (!state.answered) return state.inFlight === 0 || waitedMs >= PROBE_PATIENCE_MS ? { kind: "send" } : { kind: "wait", ms: PROBE_PATIENCE_MS - waitedMs };
  if (state.limit === undefined) return { kind: "send" };
  const inWindow = state.windowEnd !== undefined && now < state.windowEnd;
  // Past the window's end the server counts again from zero; what is in flight may land in the new window.
  const left = (inWindow ? (state.remaining ?? state.limit) : state.limit) - state.inFlight;
  if (left > 0) return { kind: "send" };
  if (inWindow && state.windowEnd !== undefined) return { kind: "wait", ms: state.windowEnd - now };
  return state.inFlight > 0 ? { kind: "wait", ms: MAX_PACE_WAIT_MS - waitedMs } : { kind: "send" };
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

/**
 * The state once an exchange finished at `now`. An answer to a request sent after the known
 * window's end re-bases the count on the new window; one sent before it can only lower the
 * count (answers come back out of order, and the least remaining is the latest count).
 */
export function onAnswer(state: PaceState, exchange: Exchange, now: number): PaceState {
  const next: PaceState = { ...state, inFlight: Math.max(0, state.inFlight - 1) };
  if (exchange.headers === undefined) return next;
  next.answered = true;
  const reading = readLimits(exchange.headers, now);
  if (reading.limit !== undefined) next.limit = reading.limit;
  if (reading.remaining !== undefined && reading.resetMs !== undefined) {
    next.limit ??= reading.remaining;
    const end = now + reading.resetMs;
    const newer = state.windowEnd === undefined || exchange.sentAt >= state.windowEnd;
    next.windowEnd = newer ? end : Math.min(state.windowEnd ?? end, end);
    next.remaining = newer ? reading.remaining : Math.min(state.remaining ?? reading.remaining, reading.remaining);
  }
  if (exchange.status === 429) {
    // The window's own end when the server names it (its Retry-After may be the whole window), else what it asks.
    const named = reading.resetMs ?? reading.retryAfterMs;
    const block = now + Math.min(MAX_PACE_WAIT_MS, named ?? UNNAMED_BLOCK_MS);
    next.blockedUntil = Math.max(state.blockedUntil ?? 0, block);
    // Whatever the count said, this window is spent.
    next.remaining = 0;
    next.windowEnd = Math.max(Math.min(next.windowEnd ?? block, block), now);
  }
  return next;
}

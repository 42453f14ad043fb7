/**
 * The one reader of what a server says about waiting: `Retry-After` and the `RateLimit-*`
 * family (draft 6, the one-field forms of drafts 7 and 8, and their `X-RateLimit-*` forms). The
 * retry step (`retry.ts`) and the pacer (`rate-pacing.ts`) both read the headers here, so a
 * change to how a figure is read changes both. Pure.
 */

/** An answer's headers as undici gives them (lower-case names). */
export type Headers = Record<string, string | string[] | undefined>;

/** A wait the server asked for: the header that says so, its value as sent, and the wait in ms from the answer. */
export interface ServerWait {
  /** `Retry-After`, `RateLimit-Reset`, `X-RateLimit-Reset` or `RateLimit` (the one-field form). */
  header: string;
  value: string;
  ms: number;
}

/** What an answer's headers say of the limit; every field is optional. */
export interface LimitReading {
  limit?: number;
  remaining?: number;
  /** Time to the window's end. */
  reset?: ServerWait;
  /** `Retry-After`. */
  retryAfter?: ServerWait;
}

/** One header's first value, trimmed. */
export function headerOf(headers: Headers, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value)?.trim();
}

/** Above this, a number of seconds is an instant (seconds since the epoch, as some gateways send), not a wait. */
const EPOCH_SECONDS = 1_000_000_000;

/** Seconds to wait, an epoch instant in seconds, or an HTTP date: as ms from `now` (never negative); undefined when it is none of these. */
export function waitMs(raw: string | undefined, now: number): number | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) {
    const n = Number(raw);
    return n > EPOCH_SECONDS ? Math.max(0, n * 1000 - now) : n * 1000;
  }
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The leading whole number of a header (`100`, `100, 100;w=60`), or undefined. */
function count(raw: string | undefined): number | undefined {
  const match = raw === undefined ? null : /^\d+/.exec(raw);
  return match ? Number(match[0]) : undefined;
}

/**
 * The one-field forms of later drafts: `RateLimit: limit=100, remaining=99, reset=60` (draft 7) or
 * `RateLimit: "name"; r=99; t=60` with the limit in `RateLimit-Policy: "name"; q=100; w=60` (draft 8).
 */
function combined(headers: Headers): { limit?: string; remaining?: string; reset?: string } {
  const field = headerOf(headers, "ratelimit");
  if (field === undefined) return {};
  const item = (text: string | undefined, ...keys: string[]) => {
    for (const key of keys) {
      const found = text === undefined ? null : new RegExp(`(?:^|[,;\\s])${key}=(\\d+)`).exec(text);
      if (found) return found[1];
    }
    return undefined;
  };
  return {
    limit: item(field, "limit") ?? item(headerOf(headers, "ratelimit-policy"), "q"),
    remaining: item(field, "remaining", "r"),
    reset: item(field, "reset", "t"),
  };
}

/** The first of `candidates` (header name and value) that reads as a wait. */
function firstWait(candidates: readonly [string, string | undefined][], now: number): ServerWait | undefined {
  for (const [header, value] of candidates) {
    const ms = waitMs(value, now);
    if (ms !== undefined && value !== undefined) return { header, value, ms };
  }
  return undefined;
}

/** Reads every figure of the limit an answer carries. */
export function readLimits(headers: Headers, now: number): LimitReading {
  const reading: LimitReading = {};
  const one = combined(headers);
  const limit = count(headerOf(headers, "ratelimit-limit") ?? one.limit ?? headerOf(headers, "x-ratelimit-limit"));
  const remaining = count(headerOf(headers, "ratelimit-remaining") ?? one.remaining ?? headerOf(headers, "x-ratelimit-remaining"));
  const reset = firstWait(
    [
      ["RateLimit-Reset", headerOf(headers, "ratelimit-reset")],
      ["RateLimit", one.reset],
      ["X-RateLimit-Reset", headerOf(headers, "x-ratelimit-reset")],
    ],
    now,
  );
  const retryAfter = firstWait([["Retry-After", headerOf(headers, "retry-after")]], now);
  if (limit !== undefined) reading.limit = limit;
  if (remaining !== undefined) reading.remaining = remaining;
  if (reset !== undefined) reading.reset = reset;
  if (retryAfter !== undefined) reading.retryAfter = retryAfter;
  return reading;
}

/**
 * The wait an error answer asks for before another attempt. A 429 names the end of the window
 * when it says it (its `Retry-After` may be the whole window), else its `Retry-After`; any other
 * status only by `Retry-After` (a reset header on a 503 is the window's, not a wait).
 */
export function askedWait(status: number, headers: Headers, now: number): ServerWait | undefined {
  const reading = readLimits(headers, now);
  return status === 429 ? (reading.reset ?? reading.retryAfter) : reading.retryAfter;
}

/** A wait as people read it: `1.5 s`, `3600 s`. */
export function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

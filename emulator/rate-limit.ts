/**
 * Rate limits as the real servers apply them, off unless asked for (`stackRateLimit`,
 * `cloudRateLimit`).
 *
 * The open-source stack server (API 2.36.0) limits every `/api/v2` mount but the root with one
 * fixed-window counter per access key (its rate-limit middleware, version 6.7.1, with the memory
 * store and the `RateLimit-*` headers of the IETF draft 6): 100 requests a minute. The windows
 * start when the server starts and end for every key at once. Every request is counted on
 * arrival, before the key is checked and before the 429s too, and every answer under a limited
 * mount carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (whole seconds to
 * the window's end, rounded up). The request past the limit gets `429`, `Retry-After` of the
 * whole window in seconds (60, whatever is left of it), and the middleware's default message as
 * an HTML page.
 *
 * The cloud API's reference states a 429 with `X-RateLimit-Reset` (seconds to wait) and no count
 * or window, and no headers on other answers: so its count and window are settings, and only
 * its 429 says anything.
 */
import type { IncomingHttpHeaders } from "node:http";
import { cloudError } from "./http/envelope";
import type { Reply } from "./http/reply";
import { COLLECTION_KEYS, mountOf, STACK_COLLECTIONS } from "./stack/collections";

/** The stack server's own limit (API 2.36.0): 100 requests per key per minute. */
export const STACK_SERVER_LIMIT = { limit: 100, windowMs: 60_000 } as const;

/** The stack server's 429 body: its rate-limit middleware's default message, sent as HTML. */
export const STACK_LIMIT_MESSAGE = "Too many requests, please try again later.";

/** The `/api/v2` mounts the stack server puts behind its limiter (its root `/api/v2` is not): every collection's, and its query mounts. */
export const STACK_LIMITED_MOUNTS: ReadonlySet<string> = new Set([...COLLECTION_KEYS.map((key) => mountOf(STACK_COLLECTIONS[key].path)), "charts", "search"]);

/** Which limit a request falls under, if any. */
export type LimitedSurface = "stack" | "cloud";

/** The limit of one surface: `limit` requests per `windowMs`; a limit of 0 is none. */
export interface LimitSettings {
  limit: number;
  windowMs: number;
}

/** What the limiter made of one request. */
export interface LimitVerdict {
  /** True for the request past the limit: answer it with {@link limitedReply} instead of running it. */
  over: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds to the window's end, rounded up. */
  resetSeconds: number;
}

/** The limited surface of a path: `/api/v2/<mount>...` of a limited mount, `/v1/...`, or none. */
export function limitedSurfaceOf(pathname: string): LimitedSurface | undefined {
  if (pathname.startsWith("/api/v2/")) {
    const mount = pathname.slice("/api/v2/".length).split("/")[0] ?? "";
    return STACK_LIMITED_MOUNTS.has(mount) ? "stack" : undefined;
  }
  return pathname.startsWith("/v1/") ? "cloud" : undefined;
}

/** The key a request is counted under: the stack server counts by access key; without one, by caller. */
export function limitKeyOf(headers: IncomingHttpHeaders): string {
  return headers.authorization ?? "(no key)";
}

/**
 * One fixed-window counter per key, the windows aligned to `origin` (the server's start) and
 * ending for every key at once, as the stack server's memory store does.
 */
export class FixedWindowLimiter {
  private window = -1;
  private windowMs = 0;
  private hits = new Map<string, number>();

  constructor(private readonly origin: number) {}

  /** Counts one request of `key` at `now` (429s count too) and says whether it is past the limit. */
  hit(key: string, settings: LimitSettings, now: number): LimitVerdict {
    if (settings.windowMs !== this.windowMs) {
      this.windowMs = settings.windowMs;
      this.window = -1;
    }
    const index = Math.floor((now - this.origin) / settings.windowMs);
    if (index !== this.window) {
      this.window = index;
      this.hits.clear();
    }
    const hits = (this.hits.get(key) ?? 0) + 1;
    this.hits.set(key, hits);
    const end = this.origin + (index + 1) * settings.windowMs;
    return {
      over: hits > settings.limit,
      limit: settings.limit,
      remaining: Math.max(0, settings.limit - hits),
      resetSeconds: Math.max(0, Math.ceil((end - now) / 1000)),
    };
  }
}

/** The headers every answer under a limit carries: the stack server's `RateLimit-*`; none on the cloud API. */
export function limitHeaders(surface: LimitedSurface, verdict: LimitVerdict): Record<string, string> {
  if (surface === "cloud") return {};
  return {
    "ratelimit-limit": String(verdict.limit),
    "ratelimit-remaining": String(verdict.remaining),
    "ratelimit-reset": String(verdict.resetSeconds),
  };
}

/** The answer to the request past the limit, in the surface's own form. */
export function limitedReply(surface: LimitedSurface, verdict: LimitVerdict, settings: LimitSettings, requestId: string): Reply {
  if (surface === "cloud") {
    const wait = String(verdict.resetSeconds);
    return cloudError(requestId, 429, "TOO_MANY_REQUESTS", "rate limit exceeded", { "x-ratelimit-reset": wait, "retry-after": wait });
  }
  return {
    status: 429,
    headers: {
      "content-type": "text/html; charset=utf-8",
      ...limitHeaders(surface, verdict),
      // The whole window, not what is left of it: what the stack server's middleware sends.
      "retry-after": String(Math.ceil(settings.windowMs / 1000)),
    },
    body: STACK_LIMIT_MESSAGE,
  };
}

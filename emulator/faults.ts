/**
 * Fault injection: scripted faults (queued for the next matching requests, for deterministic
 * tests) and random ones (a seeded share of requests). For mutating requests half of the
 * 5xx and dropped-connection faults strike after the request was applied: the client sees
 * a failure for something that happened, which is what makes blind retries dangerous.
 */
import { cloudError, stackError } from "./http/envelope";
import { CODES } from "./http/errors";
import { htmlReply, jsonReply, textReply, type Reply } from "./http/reply";
import type { FaultKind, ResolvedOptions } from "./options";
import { compilePathPattern, type PathPattern } from "./path-pattern";
import { mulberry32 } from "./prng";

/** A fault queued through the control API. */
export interface ScriptedFault {
  /** HTTP method to match; `"*"` or absent matches any. */
  method?: string;
  /** Pattern in regular-expression syntax, searched in the request's pathname in linear time (see `path-pattern.ts`). */
  path: string;
  /** Status to answer. @default 503 */
  status?: number;
  /** Body to answer: an object is sent as JSON, a string as is. @default the surface's error body */
  body?: unknown;
  /** Extra response headers. */
  headers?: Record<string, string>;
  /** How many matching requests it strikes. @default 1 */
  count?: number;
  /**
   * `before`: answer instead of running; `after`: run, then answer; `drop`: close the socket; `html`: an HTML page;
   * `slow`: wait `delayMs`, then run and answer as usual (what another client does meanwhile is seen). @default "before"
   */
  kind?: "before" | "after" | "drop" | "html" | "slow";
  /** For `drop` and `html`: run the request first (an ambiguous failure). @default false */
  apply?: boolean;
  /** Extra delay before answering, in ms. @default 0 */
  delayMs?: number;
}

/** What to do to one request. */
export interface FaultDecision {
  /** Stats key: the random kind, or `scripted`. */
  label: string;
  timing: "before" | "after";
  action: "reply" | "drop" | "slow";
  status: number;
  html: boolean;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs: number;
}

/** Which API answers: the error body differs. */
export type Surface = "cloud" | "stack";

/** Kinds that leave a client unsure whether the request was applied. */
const AMBIGUOUS: readonly FaultKind[] = ["500", "502", "503", "504html", "drop"];

const MESSAGES: Record<number, string> = {
  429: "rate limit exceeded",
  500: "unexpected error",
  502: "upstream connection error",
  503: "service temporarily unavailable",
};

interface QueuedFault extends ScriptedFault {
  pattern: PathPattern;
  remaining: number;
}

/** Decides, per API request, whether and how it fails. */
export class FaultInjector {
  private random: () => number;
  private queue: QueuedFault[] = [];

  constructor(private readonly options: ResolvedOptions) {
    this.random = mulberry32(options.faultSeed);
  }

  /** Restarts the random sequence. */
  reseed(seed: number): void {
    this.random = mulberry32(seed);
  }

  /** Queues a scripted fault; throws on a pattern it does not take or a bad count. */
  script(fault: ScriptedFault): void {
    const count = fault.count ?? 1;
    if (!Number.isInteger(count) || count < 1) throw new RangeError("count must be an integer >= 1");
    this.queue.push({ ...fault, pattern: compilePathPattern(fault.path), remaining: count });
  }

  /** Drops every queued scripted fault. */
  clearScripts(): void {
    this.queue = [];
  }

  /** How many scripted strikes are still queued. */
  pendingScripts(): number {
    return this.queue.reduce((sum, f) => sum + f.remaining, 0);
  }

  /** The fault for this request, if any. Three numbers are drawn every time, so a seed replays. */
  decide(method: string, pathname: string): FaultDecision | undefined {
    const [hit, pick, half] = [this.random(), this.random(), this.random()];
    const scripted = this.takeScripted(method, pathname);
    if (scripted) return scripted;
    const kinds = this.options.faultKinds;
    if (this.options.faultRate <= 0 || hit >= this.options.faultRate || kinds.length === 0) return undefined;
    const kind = kinds[Math.floor(pick * kinds.length)];
    const mutating = method !== "GET" && method !== "HEAD";
    const timing = mutating && AMBIGUOUS.includes(kind) && half < 0.5 ? "after" : "before";
    switch (kind) {
      case "drop":
        return { label: kind, timing, action: "drop", status: 0, html: false, delayMs: 0 };
      case "slow":
        return { label: kind, timing: "before", action: "slow", status: 200, html: false, delayMs: this.options.slowMs };
      case "504html":
        return { label: kind, timing, action: "reply", status: 504, html: true, delayMs: 0 };
      case "429":
        return { label: kind, timing: "before", action: "reply", status: 429, html: false, delayMs: 0 };
      case "500":
      case "502":
      case "503":
        return { label: kind, timing, action: "reply", status: Number(kind), html: false, delayMs: 0 };
      default:
        throw new Error(`no decision for fault kind ${String(kind satisfies never)}`);
    }
  }

  private takeScripted(method: string, pathname: string): FaultDecision | undefined {
    const found = this.queue.find((f) => (!f.method || f.method === "*" || f.method.toUpperCase() === method) && f.pattern.test(pathname));
    if (!found) return undefined;
    found.remaining -= 1;
    if (found.remaining <= 0) this.queue = this.queue.filter((f) => f !== found);
    const kind = found.kind ?? "before";
    const timing = kind === "after" || ((kind === "drop" || kind === "html") && found.apply === true) ? "after" : "before";
    return {
      label: "scripted",
      timing,
      action: kind === "drop" ? "drop" : kind === "slow" ? "slow" : "reply",
      status: found.status ?? (kind === "html" ? 504 : 503),
      html: kind === "html",
      body: found.body,
      headers: found.headers,
      delayMs: found.delayMs ?? 0,
    };
  }

  /** The answer of a `reply` fault in the surface's own shape. */
  reply(decision: FaultDecision, surface: Surface, requestId: string): Reply {
    const wait = String(this.options.retryAfterSeconds);
    const retry: Record<string, string> =
      decision.status === 429
        ? { "retry-after": wait, "x-ratelimit-reset": wait, "ratelimit-limit": "100", "ratelimit-remaining": "0", "ratelimit-reset": wait }
        : decision.status === 503
          ? { "retry-after": wait }
          : {};
    const headers = { ...retry, ...(decision.headers ?? {}) };
    if (decision.html) return htmlReply(decision.status, headers);
    if (typeof decision.body === "string") return textReply(decision.status, decision.body, headers);
    if (decision.body !== undefined) return jsonReply(decision.status, decision.body, headers);
    const message = MESSAGES[decision.status] ?? "injected fault";
    if (surface === "stack") return stackError(decision.status, decision.status === 429 ? "Too many requests, please try again later." : message, headers);
    return cloudError(requestId, decision.status, CODES[decision.status] ?? "ERROR", message, headers);
  }
}

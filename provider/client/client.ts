import { request, type Dispatcher } from "undici";
import { ApiError, FailedDependencyError, TransportError, UnexpectedAnswerError } from "../errors";
import { redact } from "./redact";
import { scopedSecrets } from "./secret-scope";
import { defaultRetryPolicy, shouldRetry, type Outcome, type RetryPolicy } from "./retry";
import { CLIENT_DEFAULTS } from "../client-defaults";
import { RetryBudget } from "./retry-budget";
import { systemClock, type Clock } from "./clock";
import { askedWait } from "./server-wait";
import { sharedDispatcher } from "./dispatcher";
import { paced, pacerFor, type Pacer } from "./pacer";
import { gist, settingToCheck, type Surface } from "./surface";
import { userAgent } from "./version";
import { attemptMs, deadlineMessage, DEADLINE_CODE, startDeadline } from "./attempt-deadline";
import { BodyTooLarge, readCapped, tooLargeMessage } from "./read-body";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface RequestOptions {
  method: Method;
  /** Path below the surface's base URL, built with `path()`. */
  path: string;
  body?: unknown;
  /**
   * May the request be sent again when it is unknown whether it was applied (5xx, lost
   * connection)? @default true for every method but POST
   */
  idempotent?: boolean;
  /** Values of this request (credentials in its body) to blank out of errors. */
  secrets?: readonly (string | undefined)[];
  /** The retries of the operation this request is part of. @default a fresh budget of the client's policy */
  budget?: RetryBudget;
}

interface ClientOptions {
  surface: Surface;
  /** @default defaultRetryPolicy */
  retry?: RetryPolicy;
  /**
   * Time one attempt may take, connecting, headers and the whole body together; cut to what is
   * left of the operation's retry budget. @default 60000
   */
  requestTimeoutMs?: number;
  /** Largest answer body read, in bytes; a longer one is an error. @default {@link DEFAULT_MAX_RESPONSE_BYTES} */
  maxResponseBytes?: number;
  /**
   * Called on a 424 (the service behind the API is not running). Resolves once the service can
   * take requests again, or throws to report it. At most once per request.
   */
  wake?: (err: FailedDependencyError) => Promise<void>;
  dispatcher?: Dispatcher;
  /** The time the waits of the budgets this client makes read and sleep on. @default the real time */
  clock?: Clock;
  /** Paces the requests by the server's rate-limit headers. @default the process's pacer of this surface's key */
  pacer?: Pacer;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** 32 MiB: the pipe list of a 2,000-pipe service is 1.7 MB. */
export const DEFAULT_MAX_RESPONSE_BYTES = CLIENT_DEFAULTS.maxResponseBytes;

/** The HTTP client of both API surfaces: auth, envelopes, typed errors, retries. */
export class ApiClient {
  readonly surface: Surface;
  readonly retryPolicy: RetryPolicy;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly dispatcher: Dispatcher;
  private readonly wake?: ClientOptions["wake"];
  private readonly clock: Clock;
  private readonly pacer: Pacer;

  constructor(options: ClientOptions) {
    this.surface = options.surface;
    this.retryPolicy = options.retry ?? defaultRetryPolicy;
    this.timeoutMs = options.requestTimeoutMs ?? CLIENT_DEFAULTS.requestTimeoutMs;
    this.maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.dispatcher = options.dispatcher ?? sharedDispatcher();
    this.wake = options.wake;
    this.clock = options.clock ?? systemClock;
    this.pacer = options.pacer ?? pacerFor(this.surface);
  }

  /** True once the server's answers named a rate limit for this key: then each request counts against it. */
  get rateLimited(): boolean {
    return this.pacer.known.limit !== undefined;
  }

  /** A fresh budget of the client's retry policy on the client's clock: what one operation's requests share. */
  newBudget(): RetryBudget {
    return new RetryBudget(this.retryPolicy, Math.random, this.clock);
  }

  get<T = unknown>(path: string): Promise<T> {
    return this.request<T>({ method: "GET", path });
  }

  /** Sends one request, retrying as the policy allows; resolves to the unwrapped payload. */
  async request<T = unknown>(opts: RequestOptions): Promise<T> {
    const idempotent = opts.idempotent ?? opts.method !== "POST";
    const budget = opts.budget ?? this.newBudget();
    let woke = false;
    let sent = 0;
    for (;;) {
      let outcome: Outcome;
      let failure: Error;
      // Only the exchange is a transport failure: what the client makes of an answer is not.
      const answer = await paced(this.pacer, () => this.send(opts, sent++, budget), budget.leftMs()).catch((err: unknown) => {
        // An answer over the size cap came, and would come as large again: no retry.
        if (err instanceof UnexpectedAnswerError) throw err;
        return this.transportError(opts, err);
      });
      if (answer instanceof TransportError) {
        failure = answer;
        outcome = { kind: "transport", neverSent: answer.neverSent };
      } else {
        if (answer.status >= 200 && answer.status < 300) return this.payload(opts, answer) as T;
        failure = this.errorFrom(opts, answer);
        outcome = { kind: "status", status: answer.status, ...(failure instanceof ApiError && failure.serverWait ? { asked: failure.serverWait } : {}) };
      }
      if (failure instanceof FailedDependencyError && this.wake && !woke) {
        woke = true;
        const waking = budget.clock.now();
        await this.wake(failure); // the wake-up's own retry does not count against the budget, nor its time
        budget.setAside(budget.clock.now() - waking);
        continue;
      }
      if (!shouldRetry(outcome, idempotent)) throw failure;
      await budget.again(failure, outcome);
    }
  }

  private async send(opts: RequestOptions, attempt: number, budget: RetryBudget): Promise<Answer> {
    const headers: Record<string, string> = {
      authorization: this.surface.authorization,
      accept: "application/json",
      "user-agent": userAgent,
      // Lets servers (and the emulator's fault runs) tell retries from first attempts.
      "x-retry-count": String(attempt),
    };
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(opts.body);
    }
    const ms = attemptMs(this.timeoutMs, budget.leftMs(this.timeoutMs));
    const late = () =>
      new TransportError(opts.method, this.displayPath(opts.path), DEADLINE_CODE, deadlineMessage(ms, this.timeoutMs, budget.spanMs(this.timeoutMs)));
    if (ms <= 0) throw late();
    const deadline = startDeadline(ms);
    let status = 0;
    try {
      // undici's header and body timers are idle timers, so they are off: the deadline's signal bounds the
      // attempt (undici's connect timer, 10 s by default on the shared Agent, still bounds the TCP/TLS connect).
      const res = await request(this.surface.baseUrl + opts.path, {
        method: opts.method,
        headers,
        body,
        dispatcher: this.dispatcher,
        signal: deadline.signal,
        headersTimeout: 0,
        bodyTimeout: 0,
      });
      status = res.statusCode;
      const text = await readCapped(res.body, this.maxBytes, res.headers["content-length"]);
      return { status: res.statusCode, headers: res.headers, text };
    } catch (err) {
      if (err instanceof BodyTooLarge) throw this.tooLarge(opts, status);
      throw deadline.signal.aborted ? late() : err;
    } finally {
      deadline.clear();
    }
  }

  /** An answer over the size cap: not data, never "gone", and not sent for again (it would be as large). */
  private tooLarge(opts: RequestOptions, status: number): UnexpectedAnswerError {
    return new UnexpectedAnswerError({
      status,
      apiCode: "ANSWER_TOO_LARGE",
      detail: tooLargeMessage(this.maxBytes),
      method: opts.method,
      path: this.displayPath(opts.path),
    });
  }

  /**
   * The payload of a success. A body not in the surface's envelope (an HTML page, `{}`, no body)
   * is not the API's answer but something else's at the configured URL: an error, so that no
   * caller takes it for data, for a deletion or for an empty list.
   */
  private payload(opts: RequestOptions, answer: Answer): unknown {
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      body = undefined;
    }
    if (this.surface.enveloped(body, opts.method)) return this.surface.unwrap(body);
    const what = redact(body === undefined ? gist(answer.text) : gist(JSON.stringify(body)), this.secretsOf(opts));
    throw new UnexpectedAnswerError({
      status: answer.status,
      apiCode: "UNEXPECTED_ANSWER",
      detail: `the body is not the API's answer (${what}): ${this.surface.wrongUrl}`,
      method: opts.method,
      path: this.displayPath(opts.path),
    });
  }

  private secretsOf(opts: RequestOptions): (string | undefined)[] {
    return [...this.surface.secrets, ...scopedSecrets(), ...(opts.secrets ?? [])];
  }

  private errorFrom(opts: RequestOptions, answer: Answer): ApiError {
    const secrets = this.secretsOf(opts);
    // Blanked before any of it is parsed, cut or quoted: a credential cut in two leaves no half behind.
    const text = redact(answer.text, secrets);
    let json: unknown;
    let jsonBody = false;
    try {
      json = JSON.parse(text);
      jsonBody = json !== null && typeof json === "object";
    } catch {
      json = undefined;
    }
    const d = this.surface.describeError(answer.status, json, text);
    const headerId = answer.headers["x-request-id"];
    // The setting to check rides in the detail: only an error's message reaches the user.
    const hint = settingToCheck(this.surface, answer.status, jsonBody, opts.path);
    const detail = redact(d.detail, secrets);
    return ApiError.from({
      status: answer.status,
      apiCode: d.code,
      detail: hint ? `${detail.replace(/\.$/, "")}; ${hint}` : detail,
      requestId: d.requestId ?? (typeof headerId === "string" ? headerId : undefined),
      method: opts.method,
      path: this.displayPath(opts.path),
      jsonBody,
      serverWait: askedWait(answer.status, answer.headers, this.clock.now()),
    });
  }

  private transportError(opts: RequestOptions, err: unknown): TransportError {
    if (err instanceof TransportError) return err;
    const e = err as { code?: string; message?: string; cause?: { code?: string } };
    const code = e.code ?? e.cause?.code ?? "UNKNOWN";
    return new TransportError(opts.method, this.displayPath(opts.path), code, redact(e.message ?? String(err), this.secretsOf(opts)));
  }

  /** The path as users read it in errors: the full URL path, without the host. */
  private displayPath(p: string): string {
    try {
      return new URL(this.surface.baseUrl + p).pathname;
    } catch {
      return p;
    }
  }
}

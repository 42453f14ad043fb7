import type { PipestackErrorCode } from "./codes";
import { PipestackError } from "./pipestack-error";
import { printable } from "./printable";

/**
 * The API's answers that are errors: one `ApiError`, and a subclass where callers branch (chosen
 * by status). Only an error's message crosses from the provider process to the
 * engine, so each message carries the method, path, status, API code, text and requestId.
 */

export interface ApiErrorDetails {
  status: number;
  /** The API's code (`BAD_REQUEST`, `NOT_FOUND`, ...), or `HTTP_<status>` for a body without one. */
  apiCode: string;
  /** The API's message, without the code. */
  detail: string;
  requestId?: string;
  method: string;
  path: string;
  /** The wait the answer asked for before another attempt (`Retry-After`, a reset header), when it named one. */
  serverWait?: { readonly header: string; readonly value: string; readonly ms: number };
}

/**
 * The API's words for a mapping edit of a pipe that is not paused (behaviour notes: error text
 * `must be paused to edit`). The API has no code of its own for it: this text is the one
 * place that tells it from other refusals.
 */
const PAUSE_TO_EDIT = /must be paused to edit/i;

/** The API answered with a status other than success, or with a body that is not its answer. */
export class ApiError extends PipestackError {
  static readonly code: PipestackErrorCode = "PIPESTACK_API_ERROR";
  readonly status: number;
  /** The API's own code (`BAD_REQUEST`, `NOT_FOUND`, ...), or `HTTP_<status>` for a body without one. */
  readonly apiCode: string;
  readonly detail: string;
  readonly requestId?: string;
  readonly method: string;
  readonly path: string;
  /** The wait the answer asked for before another attempt, when it named one (see {@link ApiErrorDetails.serverWait}). */
  readonly serverWait?: ApiErrorDetails["serverWait"];

  constructor(raw: ApiErrorDetails) {
    // A server's words reach a terminal: each passes the one escape of control characters.
    const d = { ...raw, apiCode: printable(raw.apiCode), detail: printable(raw.detail), requestId: raw.requestId && printable(raw.requestId) };
    super(new.target.code, `${d.method} ${d.path} -> ${d.status} ${d.apiCode}: ${d.detail}${d.requestId ? ` (requestId ${d.requestId})` : ""}`);
    this.status = d.status;
    this.apiCode = d.apiCode;
    this.detail = d.detail;
    this.requestId = d.requestId;
    this.method = d.method;
    this.path = d.path;
    if (d.serverWait) this.serverWait = d.serverWait;
  }

  /** The subclass callers branch on, chosen by status (and for a 400, by the API's code and words). */
  static from(d: ApiErrorDetails & { jsonBody: boolean }): ApiError {
    // A 404 without a JSON body is a gateway's or server's "no such route"; with one it may be "no such object".
    if (d.status === 404 && d.jsonBody) return new NotFoundError(d);
    if (d.status === 409) return new ConflictError(d);
    if (d.status === 429) return new RateLimitedError(d);
    if (d.status === 424) return new FailedDependencyError(d);
    if (d.status === 400 && d.apiCode === "BAD_REQUEST" && PAUSE_TO_EDIT.test(d.detail)) return new PipeNotPausedError(d);
    return new ApiError(d);
  }
}

/**
 * A JSON 404 from the API: the object may not exist. Not proof by itself (a wrong URL can answer
 * one to everything): only its collection, listed without it, is, or after this process's DELETE
 * of it, on a route whose collection it has listed (`engine/gone.ts`).
 */
export class NotFoundError extends ApiError {
  static override readonly code: PipestackErrorCode = "PIPESTACK_NOT_FOUND";
}
/** The request collides with an existing object (409). */
export class ConflictError extends ApiError {
  static override readonly code: PipestackErrorCode = "PIPESTACK_CONFLICT";
}
/** Too many requests (429), still so after the retries allowed. */
export class RateLimitedError extends ApiError {
  static override readonly code: PipestackErrorCode = "PIPESTACK_RATE_LIMITED";
}
/** The service behind the API is not running (424): idle or stopped. */
export class FailedDependencyError extends ApiError {
  static override readonly code: PipestackErrorCode = "PIPESTACK_FAILED_DEPENDENCY";
}
/**
 * A mapping edit of a database pipe that is not paused (400 `must be paused to edit`): pause
 * it, wait for `Paused`/`Stopped`, and send the edit again.
 */
export class PipeNotPausedError extends ApiError {
  static override readonly code: PipestackErrorCode = "PIPESTACK_PIPE_NOT_PAUSED";
}
/**
 * A success status whose body is not in the API's envelope (an HTML page, `{}` where data was
 * due): something else answers at the configured URL. API code `UNEXPECTED_ANSWER`; never proof of
 * anything, so never "gone" and never "deleted".
 */
export class UnexpectedAnswerError extends ApiError {
  static override readonly code: PipestackErrorCode = "PIPESTACK_UNEXPECTED_ANSWER";
}

/** The request got no HTTP answer: connection refused or reset, timeout. There is no status. */
export class TransportError extends PipestackError {
  static readonly code: PipestackErrorCode = "PIPESTACK_TRANSPORT";
  readonly method: string;
  readonly path: string;
  /** undici's or Node's error code, e.g. `ECONNREFUSED`; `PIPESTACK_ATTEMPT_DEADLINE` when the attempt's deadline ended it. */
  readonly causeCode: string;

  constructor(method: string, path: string, causeCode: string, message: string) {
    super(TransportError.code, `${method} ${path} -> no answer (${causeCode}): ${message}`);
    this.method = method;
    this.path = path;
    this.causeCode = causeCode;
  }

  /** Refused connections never reached the server, so even a POST may be sent again. */
  get neverSent(): boolean {
    return this.causeCode === "ECONNREFUSED";
  }
}

/**
 * True when a request that failed may still have been applied (a 5xx, or a connection lost after
 * sending): a POST must not simply be sent again.
 */
export function mayHaveBeenApplied(err: unknown): boolean {
  if (TransportError.isInstance(err)) return !err.neverSent;
  return ApiError.isInstance(err) && err.status >= 500;
}

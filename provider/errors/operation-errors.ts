import type { PipestackErrorCode } from "./codes";
import { PipestackError, type PipestackErrorOptions } from "./pipestack-error";

/**
 * The errors that are not an API's answer: a refusal before any request (a bad argument or
 * setting, a server generation that lacks a route), an answer of the wrong shape, a create that
 * cannot be proven or did not finish, a poll that ran out of time, and a bug of the package's own.
 */

/** An argument, input or request names something that cannot be used (a bad field, an unknown token, an id that cannot be a path segment). */
export class InvalidArgumentError extends PipestackError {
  static readonly code: PipestackErrorCode = "PIPESTACK_INVALID_ARGUMENT";

  constructor(message: string, options?: PipestackErrorOptions) {
    super(InvalidArgumentError.code, message, options);
  }
}

/** A setting is missing or not valid; the message names it and both ways to set it, never its value. */
export class InvalidSettingError extends PipestackError {
  static readonly code: PipestackErrorCode = "PIPESTACK_INVALID_SETTING";

  constructor(message: string, options?: PipestackErrorOptions) {
    super(InvalidSettingError.code, message, options);
  }
}

/** The program uses what the stack server's API generation does not have; refused before any write. */
export class StackGenerationError extends PipestackError {
  static readonly code: PipestackErrorCode = "PIPESTACK_STACK_GENERATION";

  constructor(message: string, options?: PipestackErrorOptions) {
    super(StackGenerationError.code, message, options);
  }
}

/** The service answered 424 and is stopped (waking it is the user's decision), or did not wake in time; the 424 is the cause. */
export class ServiceNotRunningError extends PipestackError {
  static readonly code: PipestackErrorCode = "PIPESTACK_SERVICE_NOT_RUNNING";

  constructor(message: string, options?: PipestackErrorOptions) {
    super(ServiceNotRunningError.code, message, options);
  }
}

/** The API answered in its envelope, but not with the shape of what was asked for (the message names the field). */
export class MalformedAnswerError extends PipestackError {
  static readonly code: PipestackErrorCode = "PIPESTACK_MALFORMED_ANSWER";

  constructor(message: string, options?: PipestackErrorOptions) {
    super(MalformedAnswerError.code, message, options);
  }
}

/** A create may have gone through, but the objects it may have made cannot be told apart: none is recorded, the message lists them. */
export class UnprovenCreateError extends PipestackError {
  static readonly code: PipestackErrorCode = "PIPESTACK_CREATE_UNPROVEN";

  constructor(message: string, options?: PipestackErrorOptions) {
    super(UnprovenCreateError.code, message, options);
  }
}

/** Polling ran out of time; `last` is the last value read. */
export class PollTimeoutError<T = unknown> extends PipestackError {
  static readonly code: PipestackErrorCode = "PIPESTACK_POLL_TIMEOUT";

  constructor(
    readonly last: T,
    message: string,
  ) {
    super(PollTimeoutError.code, message);
  }
}

/**
 * Thrown when an object was created but did not become ready. The engine records it (id and
 * outputs) instead of losing it, so the next `up` or `destroy` can act on it. The native
 * provider sends it on as the engine's "resource init failed" answer, its outputs marked secret
 * where they must be.
 */
export class ResourceInitError extends PipestackError {
  static readonly code: PipestackErrorCode = "PIPESTACK_RESOURCE_INIT";

  constructor(
    message: string,
    readonly id: string,
    readonly properties: Record<string, unknown>,
    readonly reasons: string[] = [message],
  ) {
    super(ResourceInitError.code, message);
  }
}

/** A declaration inside the package contradicts itself (found at load time): a bug in the package, never in the program. */
export class InternalError extends PipestackError {
  static readonly code: PipestackErrorCode = "PIPESTACK_INTERNAL";

  constructor(message: string, options?: PipestackErrorOptions) {
    super(InternalError.code, message, options);
  }
}

/**
 * `cause` with words added to its message: the same code when it has one (what went wrong is
 * still the cause's), `fallback` otherwise; the cause is kept for `err.cause`.
 */
export function addedTo(cause: unknown, message: string, fallback: PipestackErrorCode = "PIPESTACK_INTERNAL"): PipestackError {
  return new PipestackError(cause instanceof PipestackError ? cause.code : fallback, message, { cause });
}

/**
 * The old name of {@link PollTimeoutError}, kept so code that catches it still compiles and
 * matches: the same class, so `instanceof PollTimeout` and `PollTimeout.isInstance` hold for
 * every poll time-out.
 *
 * @deprecated Use {@link PollTimeoutError}; this name goes in the next major version.
 */
export const PollTimeout = PollTimeoutError;
/** @deprecated Use {@link PollTimeoutError}. */
export type PollTimeout<T = unknown> = PollTimeoutError<T>;

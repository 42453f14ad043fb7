import { PollTimeoutError } from "./poll-timeout";

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

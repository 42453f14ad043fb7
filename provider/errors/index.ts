/**
 * The package's errors, every one of them: the root, its codes, and the classes callers branch
 * on. Each class is a `PipestackError` named `...Error` with a code of its own (a unit test holds
 * both), and `X.isInstance(err)` works across two installed copies of the package.
 */
export { errorCodes, type PipestackErrorCode } from "./codes";
export { PipestackError, type PipestackErrorOptions } from "./pipestack-error";
export {
  ApiError,
  NotFoundError,
  ConflictError,
  RateLimitedError,
  FailedDependencyError,
  PipeNotPausedError,
  UnexpectedAnswerError,
  type ApiErrorDetails,
} from "./api-error";
export { TransportError } from "./transport";
export { PollTimeoutError } from "./poll-timeout";
export { ResourceInitError } from "./resource-init";
export { InvalidSettingError } from "./invalid-setting";
export { InvalidArgumentError } from "./invalid-argument";
export { MalformedAnswerError } from "./malformed-answer";
export { StackGenerationError } from "./stack-generation";
export { ServiceNotRunningError } from "./service-not-running";
export { UnprovenCreateError } from "./unproven-create";
export { InternalError } from "./internal";
export { addedTo } from "./added-to";
export { mayHaveBeenApplied } from "./may-have-been-applied";

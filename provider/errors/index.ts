/**
 * The package's errors, every one of them: the root, its codes, and the classes callers branch
 * on. Each class is a `PipestackError` named `...Error` with a code of its own (a unit test holds
 * both); `instanceof` and `X.isInstance(err)` both work across two installed copies of the package.
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
  TransportError,
  mayHaveBeenApplied,
  type ApiErrorDetails,
} from "./api-error";
export {
  PollTimeoutError,
  ResourceInitError,
  InvalidSettingError,
  InvalidArgumentError,
  MalformedAnswerError,
  StackGenerationError,
  ServiceNotRunningError,
  UnprovenCreateError,
  InternalError,
  addedTo,
} from "./operation-errors";

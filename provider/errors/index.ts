/** The package's errors: the root, its codes, and the classes callers branch on. */
export { errorCodes, type PipestackErrorCode } from "./codes";
export { PipestackError, type PipestackErrorOptions } from "./pipestack-error";
export { InvalidSettingError } from "./invalid-setting";
export { InvalidArgumentError } from "./invalid-argument";
export { MalformedAnswerError } from "./malformed-answer";
export { StackGenerationError } from "./stack-generation";
export { ServiceNotRunningError } from "./service-not-running";
export { UnprovenCreateError } from "./unproven-create";
export { InternalError } from "./internal";
export { addedTo } from "./added-to";

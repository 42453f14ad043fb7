/**
 * Every code a {@link PipestackError} carries, each with what it means: stable strings to switch
 * on (as undici's `UND_ERR_*`), never reworded; a new one is added here and in docs/errors.md
 * (a unit test compares the two).
 */
export const errorCodes = {
  PIPESTACK_API_ERROR: "The API answered with an error status (see `status` and `apiCode`).",
  PIPESTACK_NOT_FOUND: "The API answered a JSON 404: the object may not exist (not proof by itself).",
  PIPESTACK_CONFLICT: "The request collides with an existing object (409).",
  PIPESTACK_RATE_LIMITED: "Too many requests (429), still so after the retries allowed.",
  PIPESTACK_FAILED_DEPENDENCY: "The service behind the API is not running (424): idle or stopped.",
  PIPESTACK_PIPE_NOT_PAUSED: "A pipe's table mappings were edited while it was not paused (400 `must be paused to edit`).",
  PIPESTACK_UNEXPECTED_ANSWER: "A success status whose body is not in the API's envelope: something else answers at the URL.",
  PIPESTACK_MALFORMED_ANSWER: "The API answered in its envelope, but not with the shape of what was asked for.",
  PIPESTACK_TRANSPORT: "The request got no HTTP answer: connection refused or reset, time-out (see `causeCode`).",
  PIPESTACK_POLL_TIMEOUT: "An object did not reach the state waited for in time.",
  PIPESTACK_SERVICE_NOT_RUNNING: "The service is stopped (not idle), or did not wake in time: start it first.",
  PIPESTACK_RESOURCE_INIT: "An object was created but did not become ready; it is recorded, and the next `up` finishes it.",
  PIPESTACK_CREATE_UNPROVEN: "A create may have made objects that cannot be told to be this create's: nothing was recorded.",
  PIPESTACK_INVALID_SETTING: "A setting (`pipestack:*` config, `PIPESTACK_*` variable, `connection`) is missing or not valid.",
  PIPESTACK_INVALID_ARGUMENT: "An argument, input or request names something that cannot be used.",
  PIPESTACK_STACK_GENERATION: "The stack server's API generation lacks what the program uses.",
  PIPESTACK_INTERNAL: "A declaration inside the package contradicts itself: a bug to report.",
} as const;

/** A stable error code: one of {@link errorCodes}. */
export type PipestackErrorCode = keyof typeof errorCodes;

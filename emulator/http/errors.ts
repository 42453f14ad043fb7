/**
 * One failure type for every handler. Each surface turns it into its own error body (cloud:
 * `{status, error: "CODE: message", requestId}`; stack server: `{message}`), so the rules
 * that raise it never need to know which surface they serve.
 */

/** Error codes the cloud API prefixes to its messages, by status. */
export const CODES: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  424: "FAILED_DEPENDENCY",
  429: "TOO_MANY_REQUESTS",
  500: "INTERNAL_SERVER_ERROR",
  502: "BAD_GATEWAY",
  503: "SERVICE_UNAVAILABLE",
};

/** A request the emulator refuses, with the status and message the live API would give. */
export class ApiFailure extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, message: string) {
    super(message);
    this.name = "ApiFailure";
    this.status = status;
    this.code = CODES[status] ?? "ERROR";
  }
}

/** 400 with one message joining every problem found. */
export function badRequest(problems: string | readonly string[]): ApiFailure {
  return new ApiFailure(400, typeof problems === "string" ? problems : problems.join("; "));
}

/** Throws {@link badRequest} naming every problem, when there is one. */
export function refuseProblems(problems: readonly string[]): void {
  if (problems.length > 0) throw badRequest(problems);
}

/** 404 for a resource that does not (or no longer) exist. */
export function notFound(message: string): ApiFailure {
  return new ApiFailure(404, message);
}

/** 409 for a name, consumer group or table already taken. */
export function conflict(message: string): ApiFailure {
  return new ApiFailure(409, message);
}

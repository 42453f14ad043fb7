/**
 * Every error the package throws is a `PipestackError` with a stable code from `errorCodes`:
 * one row per class (a class exported without a row fails), every code used by some class, and
 * docs/errors.md listing exactly the codes and meanings of `errorCodes`.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import * as pkg from "../../provider";
import { ApiError, type ApiErrorDetails } from "../../provider/client/errors";
import { InitFailed } from "../../provider/native/operations";

/** An error class: what `instanceof` takes. */
type ErrorClass = abstract new (...args: never[]) => Error;

const details: ApiErrorDetails = { status: 400, apiCode: "BAD_REQUEST", detail: "nope", requestId: "r-1", method: "PATCH", path: "/v1/x" };

/** A class, one of its errors, and the code it must carry. */
const rows: [ErrorClass, () => Error, pkg.PipestackErrorCode][] = [
  [pkg.ApiError, () => new pkg.ApiError(details), "PIPESTACK_API_ERROR"],
  [pkg.NotFoundError, () => new pkg.NotFoundError(details), "PIPESTACK_NOT_FOUND"],
  [pkg.ConflictError, () => new pkg.ConflictError(details), "PIPESTACK_CONFLICT"],
  [pkg.RateLimitedError, () => new pkg.RateLimitedError(details), "PIPESTACK_RATE_LIMITED"],
  [pkg.FailedDependencyError, () => new pkg.FailedDependencyError(details), "PIPESTACK_FAILED_DEPENDENCY"],
  [pkg.PipeNotPausedError, () => new pkg.PipeNotPausedError(details), "PIPESTACK_PIPE_NOT_PAUSED"],
  [pkg.UnexpectedAnswerError, () => new pkg.UnexpectedAnswerError(details), "PIPESTACK_UNEXPECTED_ANSWER"],
  [pkg.TransportError, () => new pkg.TransportError("GET", "/v1/x", "ECONNREFUSED", "refused"), "PIPESTACK_TRANSPORT"],
  [pkg.PollTimeout, () => new pkg.PollTimeout("Provisioning", "still Provisioning"), "PIPESTACK_POLL_TIMEOUT"],
  [pkg.ResourceInitError, () => new pkg.ResourceInitError("not ready", "p1", {}), "PIPESTACK_RESOURCE_INIT"],
  [InitFailed, () => new InitFailed("not ready", "p1", {}, ["not ready"]), "PIPESTACK_RESOURCE_INIT"],
  [pkg.InvalidSettingError, () => new pkg.InvalidSettingError("pipestack:apiUrl is not set"), "PIPESTACK_INVALID_SETTING"],
  [pkg.InvalidArgumentError, () => new pkg.InvalidArgumentError("dependsOn takes resources"), "PIPESTACK_INVALID_ARGUMENT"],
  [pkg.MalformedAnswerError, () => new pkg.MalformedAnswerError("GET pipes/p1: unexpected answer"), "PIPESTACK_MALFORMED_ANSWER"],
  [pkg.StackGenerationError, () => new pkg.StackGenerationError("first generation"), "PIPESTACK_STACK_GENERATION"],
  [pkg.ServiceNotRunningError, () => new pkg.ServiceNotRunningError("stopped"), "PIPESTACK_SERVICE_NOT_RUNNING"],
  [pkg.UnprovenCreateError, () => new pkg.UnprovenCreateError("may have gone through"), "PIPESTACK_CREATE_UNPROVEN"],
  [pkg.InternalError, () => new pkg.InternalError("declared twice"), "PIPESTACK_INTERNAL"],
];

describe("error classes", () => {
  it.each(rows.map(([cls, , code]) => [cls.name, code] as const))("%s is a PipestackError with code %s", (name, code) => {
    const err = rows.find(([cls]) => cls.name === name)![1]();
    expect(err).toBeInstanceOf(pkg.PipestackError);
    expect(err).toBeInstanceOf(Error);
    expect((err as pkg.PipestackError).code).toBe(code);
    expect(Object.keys(pkg.errorCodes)).toContain(code);
    expect(err.name).toBe(name);
  });

  it("every error class the package exports has a row", () => {
    const exported = (Object.values(pkg) as unknown[]).filter((v): v is ErrorClass => typeof v === "function" && v.prototype instanceof Error);
    const covered = rows.map(([cls]) => cls);
    expect(exported.filter((cls) => cls !== pkg.PipestackError && !covered.includes(cls)).map((cls) => cls.name)).toEqual([]);
    expect(exported.length).toBeGreaterThanOrEqual(17);
  });

  it("every code is carried by some class", () => {
    const used = new Set(rows.map(([, , code]) => code));
    expect(Object.keys(pkg.errorCodes).filter((c) => !used.has(c as pkg.PipestackErrorCode))).toEqual([]);
  });

  it("messages are unchanged: the API's code, not the package's, is in an ApiError's", () => {
    expect(new pkg.ConflictError({ ...details, status: 409, apiCode: "CONFLICT" }).message).toBe("PATCH /v1/x -> 409 CONFLICT: nope (requestId r-1)");
    expect(new pkg.TransportError("GET", "/v1/x", "ECONNREFUSED", "refused").message).toBe("GET /v1/x -> no answer (ECONNREFUSED): refused");
  });
});

describe("ApiError.from chooses by status, and for a 400 by the API's code and words", () => {
  const cases: [Partial<ApiErrorDetails> & { jsonBody?: boolean }, ErrorClass][] = [
    [{ status: 404 }, pkg.NotFoundError],
    [{ status: 404, jsonBody: false }, ApiError],
    [{ status: 409 }, pkg.ConflictError],
    [{ status: 429 }, pkg.RateLimitedError],
    [{ status: 424 }, pkg.FailedDependencyError],
    [{ status: 400, detail: "pipe must be paused to edit table mappings" }, pkg.PipeNotPausedError],
    [{ status: 400, detail: "source.postgres.tableMappingsToAdd.0: bad; pipe must be paused to edit table mappings" }, pkg.PipeNotPausedError],
    [{ status: 400, apiCode: "HTTP_400", detail: "pipe must be paused to edit table mappings" }, ApiError],
    [{ status: 400, detail: "table public.items has no primary key" }, ApiError],
    [{ status: 500, detail: "pipe must be paused to edit table mappings" }, ApiError],
  ];
  it.each(cases.map(([over, cls]) => [JSON.stringify(over), cls.name, over] as const))("%s -> %s", (_, name, over) => {
    const err = ApiError.from({ ...details, jsonBody: true, ...over });
    expect(err.constructor.name).toBe(name);
  });
});

describe("docs/errors.md", () => {
  it("lists exactly the codes and meanings of errorCodes, with the classes that carry them", () => {
    const text = fs.readFileSync(path.resolve(__dirname, "..", "..", "docs", "errors.md"), "utf8");
    const listed = [...text.matchAll(/^\| `(PIPESTACK_[A-Z_]+)` +\| (.+?) +\| (.+?) +\|$/gm)].map((m) => [m[1], m[2], m[3]]);
    const expected = Object.entries(pkg.errorCodes).map(([code, meaning]) => [
      code,
      meaning,
      rows
        .filter(([cls, , c]) => c === code && cls !== InitFailed)
        .map(([cls]) => `\`${cls.name}\``)
        .join(", "),
    ]);
    expect(listed).toEqual(expected);
  });
});

/**
 * Every error the package's entry and engines throw is a `PipestackError` from the one errors
 * module (`provider/errors/`; the command-line tools' own refusals, in `from-terraform/` and
 * `plugin-pack/`, are plain `Error`s their command line prints, and so are the native schema
 * generator's internal checks): each class named `...Error` with a static `code` of its own, carried by
 * its errors; `isInstance` by the brand and the class's code; the package's entry point exporting
 * them all (and the old `PollTimeout` as an alias); docs/errors.md listing exactly the codes and
 * meanings of `errorCodes`, with the classes that carry them.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import * as pkg from "../../provider";
import * as errors from "../../provider/errors";
import { ApiError, type ApiErrorDetails } from "../../provider/errors";

/** Any class, as `instanceof` takes it. */
type AnyClass = abstract new (...args: never[]) => unknown;

/** An error class of the module: what `instanceof` and `isInstance` take, with its own code. */
type ErrorClass = (abstract new (...args: never[]) => pkg.PipestackError) & { code: pkg.PipestackErrorCode; isInstance: (v: unknown) => boolean };

const details: ApiErrorDetails = { status: 400, apiCode: "BAD_REQUEST", detail: "nope", requestId: "r-1", method: "PATCH", path: "/v1/x" };

/** A class and one of its errors. */
const rows: [ErrorClass, () => pkg.PipestackError][] = [
  [errors.ApiError, () => new errors.ApiError(details)],
  [errors.NotFoundError, () => new errors.NotFoundError(details)],
  [errors.ConflictError, () => new errors.ConflictError(details)],
  [errors.RateLimitedError, () => new errors.RateLimitedError(details)],
  [errors.FailedDependencyError, () => new errors.FailedDependencyError(details)],
  [errors.PipeNotPausedError, () => new errors.PipeNotPausedError(details)],
  [errors.UnexpectedAnswerError, () => new errors.UnexpectedAnswerError(details)],
  [errors.TransportError, () => new errors.TransportError("GET", "/v1/x", "ECONNREFUSED", "refused")],
  [errors.PollTimeoutError, () => new errors.PollTimeoutError("Provisioning", "still Provisioning")],
  [errors.ResourceInitError, () => new errors.ResourceInitError("not ready", "p1", {})],
  [errors.InvalidSettingError, () => new errors.InvalidSettingError("pipestack:apiUrl is not set")],
  [errors.InvalidArgumentError, () => new errors.InvalidArgumentError("dependsOn takes resources")],
  [errors.MalformedAnswerError, () => new errors.MalformedAnswerError("GET pipes/p1: unexpected answer")],
  [errors.StackGenerationError, () => new errors.StackGenerationError("first generation")],
  [errors.ServiceNotRunningError, () => new errors.ServiceNotRunningError("stopped")],
  [errors.UnprovenCreateError, () => new errors.UnprovenCreateError("may have gone through")],
  [errors.InternalError, () => new errors.InternalError("declared twice")],
];

/** The error classes a module exports: every function whose prototype is an Error's. */
function errorClasses(module: object): AnyClass[] {
  return Object.values(module).filter((v): v is AnyClass => typeof v === "function" && (v.prototype as unknown) instanceof Error);
}

describe("error classes", () => {
  it.each(rows.map(([cls, make]) => [cls.name, cls, make] as const))("%s is a PipestackError carrying its own code", (name, cls, make) => {
    const err = make();
    expect(err).toBeInstanceOf(pkg.PipestackError);
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe(cls.code);
    expect(Object.keys(pkg.errorCodes)).toContain(err.code);
    expect(err.name).toBe(name);
    expect(cls.isInstance(err)).toBe(true);
    expect(pkg.PipestackError.isInstance(err)).toBe(true);
  });

  it("every error class of the errors module has a row, and its name ends in Error", () => {
    const exported = errorClasses(errors);
    const covered: AnyClass[] = rows.map(([cls]) => cls);
    expect(exported.filter((cls) => cls !== errors.PipestackError && !covered.includes(cls)).map((cls) => cls.name)).toEqual([]);
    expect(exported.map((cls) => cls.name).filter((name) => !name.endsWith("Error"))).toEqual([]);
    expect(exported.length).toBe(rows.length + 1);
  });

  it("one code per error: no two classes carry the same code, and every code is some class's", () => {
    const codes = rows.map(([cls]) => cls.code);
    const twice = codes.filter((code, i) => codes.indexOf(code) !== i);
    expect(twice).toEqual([]);
    expect(Object.keys(pkg.errorCodes).filter((c) => !codes.includes(c as pkg.PipestackErrorCode))).toEqual([]);
  });

  it("the package's entry point exports every error class, and the old PollTimeout as the same class", () => {
    const fromPackage = errorClasses(pkg);
    expect(
      errorClasses(errors)
        .filter((cls) => !fromPackage.includes(cls))
        .map((cls) => cls.name),
    ).toEqual([]);
    expect(fromPackage.filter((cls) => !errorClasses(errors).includes(cls)).map((cls) => cls.name)).toEqual([]);
    expect(pkg.PollTimeout).toBe(pkg.PollTimeoutError);
    expect(new pkg.PollTimeout("Provisioning", "still Provisioning")).toBeInstanceOf(pkg.PollTimeoutError);
  });

  it("messages are unchanged: the API's code, not the package's, is in an ApiError's", () => {
    expect(new pkg.ConflictError({ ...details, status: 409, apiCode: "CONFLICT" }).message).toBe("PATCH /v1/x -> 409 CONFLICT: nope (requestId r-1)");
    expect(new pkg.TransportError("GET", "/v1/x", "ECONNREFUSED", "refused").message).toBe("GET /v1/x -> no answer (ECONNREFUSED): refused");
  });
});

describe("isInstance", () => {
  const notFound = new pkg.NotFoundError(details);
  it.each([
    ["a subclass's error is its parent's", pkg.ApiError, notFound, true],
    ["a parent's error is not its subclass's", pkg.NotFoundError, new pkg.ApiError(details), false],
    ["a sibling's error is not the class's", pkg.ConflictError, notFound, false],
    ["the root takes an error with the code of another's", pkg.PipestackError, errors.addedTo(notFound, "more words"), true],
    ["an error with a code but not of the class is not the class's", pkg.NotFoundError, errors.addedTo(notFound, "more words"), false],
    ["a plain Error is not", pkg.PipestackError, new Error("no"), false],
    ["an object shaped like one, without the brand, is not", pkg.NotFoundError, { name: "NotFoundError", code: "PIPESTACK_NOT_FOUND", message: "x" }, false],
    ["undefined is not", pkg.PipestackError, undefined, false],
    ["null is not", pkg.ApiError, null, false],
    ["a string is not", pkg.ApiError, "PIPESTACK_API_ERROR", false],
  ] as const)("%s", (_, cls, value, expected) => {
    expect(cls.isInstance(value)).toBe(expected);
  });

  it("narrows the type: a caught error's fields are typed after the check", () => {
    const caught: unknown = notFound;
    if (!pkg.ApiError.isInstance(caught)) throw new Error("expected an ApiError");
    expect(caught.status).toBe(400);
  });

  it("a class of the caller's own that names no code matches by instanceof", () => {
    class Mine extends pkg.PipestackError {}
    expect(Mine.isInstance(new Mine("PIPESTACK_INTERNAL", "mine"))).toBe(true);
    expect(Mine.isInstance(new pkg.InternalError("not mine"))).toBe(false);
  });
});

describe("ApiError.from chooses by status, and for a 400 by the API's code and words", () => {
  const cases: [Partial<ApiErrorDetails> & { jsonBody?: boolean }, AnyClass][] = [
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
  it("lists exactly the codes and meanings of errorCodes, with the class that carries each", () => {
    const text = fs.readFileSync(path.resolve(__dirname, "..", "..", "docs", "errors.md"), "utf8");
    const listed = [...text.matchAll(/^\| `(PIPESTACK_[A-Z_]+)` +\| (.+?) +\| (.+?) +\|$/gm)].map((m) => [m[1], m[2], m[3]]);
    const expected = Object.entries(pkg.errorCodes).map(([code, meaning]) => [code, meaning, `\`${rows.find(([cls]) => cls.code === code)![0].name}\``]);
    expect(listed).toEqual(expected);
  });
});

import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Two installed copies of the package (a tool's and the program's, a policy pack's and the
 * provider's): the classes differ, yet `instanceof` (through `Symbol.hasInstance`) and
 * `isInstance` both tell an error of one by the brand and the class's code. The built errors module is copied twice and each
 * copy loaded with its own module cache, as two `node_modules` trees would.
 */
type Errors = typeof import("../../provider/errors");

const built = path.resolve(__dirname, "..", "..", "dist", "provider", "errors");
let dir: string;
let a: Errors;
let b: Errors;

/** The built errors module copied into `dir/<name>` and loaded from there. */
function copy(name: string): Errors {
  const into = path.join(dir, name, "errors");
  fs.cpSync(built, into, { recursive: true });
  return createRequire(path.join(into, "index.js"))("./index.js") as Errors;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-error-copies-"));
  a = copy("a");
  b = copy("b");
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const details = { status: 404, apiCode: "NOT_FOUND", detail: "no pipe p1", method: "GET", path: "/v1/pipes/p1" };

describe("errors from another copy of the package", () => {
  it("are other classes, yet instanceof holds: the class, its parents and the root, never a sibling", () => {
    expect(a.NotFoundError).not.toBe(b.NotFoundError);
    const err = new a.NotFoundError(details);
    expect(err instanceof b.NotFoundError).toBe(true);
    expect(err instanceof b.ApiError).toBe(true);
    expect(err instanceof b.PipestackError).toBe(true);
    expect(err instanceof b.ConflictError).toBe(false);
    expect(err instanceof b.TransportError).toBe(false);
    expect(new Error("plain") instanceof b.PipestackError).toBe(false);
  });

  it("a class of the caller's own that names no code keeps the prototype's instanceof", () => {
    class Mine extends b.InvalidArgumentError {}
    class Other extends b.PipestackError {}
    expect(new Mine("x") instanceof Mine).toBe(true);
    expect(new Mine("x") instanceof b.InvalidArgumentError).toBe(true);
    expect(new Mine("x") instanceof a.InvalidArgumentError).toBe(true);
    expect(new b.InvalidArgumentError("x") instanceof Other).toBe(false);
  });

  it("are told by isInstance: the class, its parents and the root, never a sibling", () => {
    const err: unknown = new a.NotFoundError(details);
    expect(b.NotFoundError.isInstance(err)).toBe(true);
    expect(b.ApiError.isInstance(err)).toBe(true);
    expect(b.PipestackError.isInstance(err)).toBe(true);
    expect(b.ConflictError.isInstance(err)).toBe(false);
    expect(b.TransportError.isInstance(err)).toBe(false);
  });

  it.each(["ResourceInitError", "PollTimeoutError", "InvalidSettingError", "InternalError"] as const)("%s from one copy is the other's", (name) => {
    const cls = a[name] as unknown as new (...args: string[]) => Error;
    const err = new cls("x", "y");
    expect(b[name].isInstance(err)).toBe(true);
    expect(b.ApiError.isInstance(err)).toBe(false);
  });

  it("an error that adds words to another keeps only the root's brand in the other copy", () => {
    const wrapped = a.addedTo(new a.NotFoundError(details), "pipe p1 is gone");
    expect(b.PipestackError.isInstance(wrapped)).toBe(true);
    expect(b.NotFoundError.isInstance(wrapped)).toBe(false);
  });
});

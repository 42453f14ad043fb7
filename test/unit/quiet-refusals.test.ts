import { afterEach, describe, expect, it } from "vitest";
import { DEBUG_ENV, keepsStacks, withoutFrames } from "../../provider/engine/quiet-refusals";
import { ConflictError, InvalidArgumentError, PipestackError } from "../../provider/errors";
import { InternalError } from "../../provider/errors/operation-errors";

const conflict = () => new ConflictError({ status: 409, apiCode: "CONFLICT", detail: "taken", method: "POST", path: "/webhooks" });

describe("withoutFrames: an expected refusal leaves with its first line as its stack", () => {
  afterEach(() => {
    delete process.env[DEBUG_ENV];
  });

  it.each([
    ["an API refusal", conflict],
    ["bad input", () => new InvalidArgumentError("adoptId: no webhook 65f0")],
    ["the root class", () => new PipestackError("PIPESTACK_CONFLICT", "not sent")],
  ])("%s: no frame", (_what, make) => {
    const err = make();
    expect(err.stack).toMatch(/\n\s+at /);
    expect(withoutFrames(err)).toBe(err);
    expect(err.stack).toBe(`${err.name}: ${err.message}`);
  });

  it.each([
    ["a bug of the package", () => new InternalError("policy declares a secret twice")],
    ["an error not ours", () => new TypeError("x is undefined")],
  ])("%s keeps its frames", (_what, make) => {
    const err = make();
    const stack = err.stack;
    expect(withoutFrames(err).stack).toBe(stack);
  });

  it.each([
    ["1", true],
    ["true", true],
    ["yes", true],
    ["0", false],
    ["", false],
  ])("%s=%s keeps the frames: %s", (value, keeps) => {
    process.env[DEBUG_ENV] = value;
    expect(keepsStacks()).toBe(keeps);
    const err = conflict();
    const stack = err.stack;
    withoutFrames(err);
    expect(err.stack === stack).toBe(keeps);
  });
});

import { describe, expect, it } from "vitest";
import { isUnreadStamp, keptFrames, PROGRAM_FRAMES, PROMISE_DEBUG_ENV, shortenStackTraces } from "../../provider/resource-class/stack-trace";

const frame = (file: string | null) => ({ getFileName: () => file });
const files = (frames: { getFileName(): string | null }[]) => frames.map((f) => f.getFileName());

describe("the frames a registration keeps", () => {
  it.each([
    { name: "a short stack: all of it", stack: ["sdk", "sdk", "own", "class", "program"], kept: ["sdk", "sdk", "class", "program"] },
    {
      name: "a deep stack: the SDK's five and the program's first, the base class's frame left out",
      stack: ["a", "b", "c", "d", "own", "e", "p1", "p2", "p3", "p4", "p5"],
      kept: ["a", "b", "c", "d", "e", "p1"],
    },
    {
      name: "frames without a file stay in the count",
      stack: [null, null, "own", null, null, null, null, null, null, "z"],
      kept: [null, null, null, null, null, null],
    },
  ])("$name", ({ stack, kept }) => {
    expect(files(keptFrames(stack.map(frame), "own"))).toEqual(kept);
  });
});

/** Calls `fn` below `depth` more frames of this file. */
function deep(depth: number, fn: () => string): string {
  return depth === 0 ? fn() : deep(depth - 1, fn);
}

describe("shortenStackTraces", () => {
  it("cuts the traces made while installed, through the hook already there, and puts that hook back", () => {
    const before = Error.prepareStackTrace;
    let seen = 0;
    const hook = (err: Error, frames: NodeJS.CallSite[]) => (
      (seen = frames.length),
      `${String(err)}\n${frames.map((f) => `    at ${(f as { toString(): string }).toString()}`).join("\n")}`
    );
    Error.prepareStackTrace = hook;
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = Infinity;
    try {
      const restore = shortenStackTraces("/no/such/file.js");
      let trace: string;
      try {
        trace = deep(30, () => new Error("x").stack ?? "");
      } finally {
        restore();
      }
      expect(seen).toBe(5 + PROGRAM_FRAMES);
      expect(trace.split("\n").filter((l) => l.startsWith("    at "))).toHaveLength(5 + PROGRAM_FRAMES);
      expect(Error.prepareStackTrace).toBe(hook);
      expect(deep(30, () => new Error("y").stack ?? "").split("\n").length).toBeGreaterThan(30);
    } finally {
      Error.prepareStackTrace = before;
      Error.stackTraceLimit = limit;
    }
  });

  it("without a hook installed, formats the kept frames as V8 does", () => {
    const before = Error.prepareStackTrace;
    (Error as { prepareStackTrace?: unknown }).prepareStackTrace = undefined;
    try {
      const restore = shortenStackTraces(__filename);
      let trace: string;
      try {
        trace = deep(30, () => new Error("z").stack ?? "");
      } finally {
        restore();
      }
      const lines = trace.split("\n");
      expect(lines[0]).toBe("Error: z");
      // Every frame of this file is left out as the base class's would be: none is left to show.
      expect(lines.slice(1).every((l) => /^ {4}at /.test(l) && !l.includes("stack-trace.test"))).toBe(true);
      expect(Error.prepareStackTrace).toBeUndefined();
    } finally {
      (Error as { prepareStackTrace?: unknown }).prepareStackTrace = before;
    }
  });
});

describe("a promise's stamp (the SDK's debuggablePromise)", () => {
  const named = (...names: (string | null)[]) => names.map((n) => ({ getFunctionName: () => n }));
  it.each([
    { name: "the SDK's stamp, leak debugging off: unread", frames: named("debuggablePromise", "transferProperties"), env: {}, unread: true },
    {
      name: "the SDK's stamp, leak debugging on: read",
      frames: named("debuggablePromise", "transferProperties"),
      env: { [PROMISE_DEBUG_ENV]: "1" },
      unread: false,
    },
    { name: "the SDK's stamp a frame down (not made by it): kept", frames: named("helper", "debuggablePromise"), env: {}, unread: false },
    { name: "the registration's own trace: kept", frames: named("callsites", "stackTrace", "Resource"), env: {}, unread: false },
    { name: "an anonymous frame: kept", frames: named(null), env: {}, unread: false },
    { name: "no frames: kept", frames: named(), env: {}, unread: false },
  ])("$name", ({ frames, env, unread }) => {
    expect(isUnreadStamp(frames, env)).toBe(unread);
  });

  it("is formatted as its first line only, without calling the hook already there", () => {
    const before = Error.prepareStackTrace;
    let called = 0;
    Error.prepareStackTrace = () => ((called += 1), "hooked");
    const saved = process.env[PROMISE_DEBUG_ENV];
    delete process.env[PROMISE_DEBUG_ENV];
    try {
      const restore = shortenStackTraces("/no/such/file.js");
      let stamp: string;
      let other: string;
      try {
        // Named as the SDK's function is, so V8 names its frame so.
        const debuggablePromise = () => new Error().stack ?? "";
        stamp = debuggablePromise();
        other = new Error("x").stack ?? "";
      } finally {
        restore();
      }
      expect(stamp).toBe("Error");
      expect(other).toBe("hooked");
      expect(called).toBe(1);
    } finally {
      Error.prepareStackTrace = before;
      if (saved !== undefined) process.env[PROMISE_DEBUG_ENV] = saved;
    }
  });
});

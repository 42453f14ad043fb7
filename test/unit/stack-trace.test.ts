import { describe, expect, it } from "vitest";
import { keptFrames, PROGRAM_FRAMES, shortenStackTraces } from "../../provider/resource-class/stack-trace";

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

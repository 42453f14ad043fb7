/** The reason line of `npm test` (scripts/test/closing.js): every cause of a non-zero exit, none for a green run. */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

interface RunEnd {
  name: string;
  status: number | null;
  signal?: string | null;
  startError?: string;
  reportMissing?: boolean;
  passed: number;
  failed: number;
  end?: { unhandledErrors: { name: string; message: string }[]; processTimeout: boolean };
}
const { reasons, whyLine } = createRequire(__filename)("../../scripts/test/closing.js") as {
  reasons: (runs: RunEnd[]) => string[];
  whyLine: (runs: RunEnd[]) => string | undefined;
};

const clean = { unhandledErrors: [], processTimeout: false };
const green: RunEnd = { name: "node20", status: 0, passed: 3, failed: 0, end: clean };

describe("the reasons npm test exits 1", () => {
  it.each<[string, RunEnd[], string[]]>([
    ["a green run: none", [green], []],
    [
      "an unhandled error after every test passed: its first line",
      [
        {
          ...green,
          status: 1,
          end: { unhandledErrors: [{ name: "Error", message: '[vitest-worker]: Timeout calling "onTaskUpdate"\n  at x' }], processTimeout: false },
        },
      ],
      ['node20: 1 unhandled error, the first: Error: [vitest-worker]: Timeout calling "onTaskUpdate"'],
    ],
    [
      "two unhandled errors: counted, the first named",
      [
        {
          ...green,
          status: 1,
          end: {
            unhandledErrors: [
              { name: "TypeError", message: "a" },
              { name: "Error", message: "b" },
            ],
            processTimeout: false,
          },
        },
      ],
      ["node20: 2 unhandled errors, the first: TypeError: a"],
    ],
    [
      "a run that did not start",
      [green, { name: "node22", status: 1, startError: "no Node 22\nstack", passed: 0, failed: 1 }],
      ["node22 did not start: no Node 22"],
    ],
    [
      "a missing report",
      [green, { name: "node24", status: 1, reportMissing: true, passed: 0, failed: 0 }],
      ["node24: no vitest JSON report (vitest exited 1)"],
    ],
    [
      "a killed run",
      [green, { name: "node24", status: null, signal: "SIGKILL", reportMissing: true, passed: 0, failed: 0 }],
      ["node24: no vitest JSON report (vitest was killed (SIGKILL))"],
    ],
    ["failed tests", [{ ...green, status: 1, failed: 2 }], ["node20: 2 failed"]],
    [
      "workers that would not close",
      [{ ...green, status: 1, end: { ...clean, processTimeout: true } }],
      ["node20: vitest timed out waiting for its workers to close"],
    ],
    ["a non-zero exit with no other sign", [{ ...green, status: 1, end: undefined }], ["node20: vitest exited 1 before its run ended"]],
    ["no test passed", [{ ...green, passed: 0 }], ["no test passed"]],
  ])("%s", (_what, runs, want) => {
    expect(reasons(runs)).toEqual(want);
  });

  it("are one line, none for a green run", () => {
    expect(whyLine([green])).toBeUndefined();
    expect(
      whyLine([
        { ...green, failed: 1 },
        { name: "node22", status: 1, startError: "x", passed: 0, failed: 0 },
      ]),
    ).toBe("pulumi-pipestack: exit 1: node20: 1 failed; node22 did not start: x");
  });
});

/** scripts/test/under-load.js: the burner step, the load summary, its closing line and its options; and a short run of it. */
import { createRequire } from "node:module";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { runProcess } from "../support/run-process";

interface Opts {
  target: number;
  base: number;
  max: number;
  samples?: string;
}
interface Summary {
  n: number;
  median: number;
  min: number;
  max: number;
  atTarget: number;
}
const script = path.join(__dirname, "../../scripts/test/under-load.js");
const { step, summary, closingLine, parseArgs } = createRequire(__filename)(script) as {
  step: (load: number, burners: number, opts: Opts) => -1 | 0 | 1;
  summary: (samples: number[], target: number) => Summary;
  closingLine: (command: string, code: number, seconds: number, s: Summary, target: number, burners: { least: number; most: number }) => string;
  parseArgs: (argv: string[]) => { opts: Opts; command: string[] };
};

const opts: Opts = { target: 15, base: 2, max: 6 };

describe("the burner step", () => {
  it.each<[string, number, number, -1 | 0 | 1]>([
    ["under the target: one more", 9.5, 2, 1],
    ["at the target: one more, so the average does not sink under it", 15.1, 3, 1],
    ["a little over: none", 16, 3, 0],
    ["well over: one fewer", 17, 3, -1],
    ["well over at the base: the base stays", 30, 2, 0],
    ["under the target at the most: no more", 4, 6, 0],
  ])("%s", (_, load, burners, want) => {
    expect(step(load, burners, opts)).toBe(want);
  });
});

describe("the load summary", () => {
  it.each<[string, number[], Partial<Summary>]>([
    ["odd count: the middle one", [16, 14, 18], { n: 3, median: 16, min: 14, max: 18, atTarget: 2 }],
    ["even count: the mean of the middle two", [15, 17, 13, 16], { median: 15.5, atTarget: 3 }],
    ["exactly the target counts", [15], { atTarget: 1 }],
  ])("%s", (_, samples, want) => {
    expect(summary(samples, 15)).toMatchObject(want);
  });

  it("says so when no minute was sampled, and otherwise gives median, min, max and the minutes at the target", () => {
    expect(closingLine("true", 0, 3, summary([], 15), 15, { least: 2, most: 2 })).toBe(
      "under-load: `true` exited 0 after 3 s; no load sample (it ended within a minute); CPU-bound burners 2 to 2",
    );
    expect(closingLine("npm test", 1, 4800, summary([14, 16, 17], 15), 15, { least: 2, most: 9 })).toBe(
      "under-load: `npm test` exited 1 after 4800 s; one-minute load over 3 minutes: median 16.0, min 14.0, max 17.0, at or above 15 in 2; CPU-bound burners 2 to 9",
    );
  });
});

describe("its options", () => {
  it("takes the target, base, most and sample file before --, and the command after it", () => {
    expect(parseArgs(["--load", "12", "--base", "3", "--samples", "/tmp/s", "--", "npm", "test"])).toEqual({
      opts: { target: 12, base: 3, max: 16, samples: "/tmp/s" },
      command: ["npm", "test"],
    });
  });

  it.each<[string[], RegExp]>([
    [["--lod", "15", "--", "x"], /--lod 15: not an option/],
    [["--load", "high", "--", "x"], /--load high: not an option/],
    [["--load", "15"], /no command/],
  ])("refuses %j", (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(message);
  });
});

describe("a run", () => {
  it("exits with the command's code, says its closing line, and leaves no burner behind", async () => {
    const ran = await runProcess(process.execPath, [
      script,
      "--base",
      "1",
      "--max",
      "1",
      "--",
      process.execPath,
      "-e",
      "setTimeout(() => process.exit(3), 300)",
    ]);
    expect(ran.status).toBe(3);
    expect(ran.stdout).toMatch(
      /^under-load: `.+ -e setTimeout\(\(\) => process\.exit\(3\), 300\)` exited 3 after \d+ s; no load sample .*; CPU-bound burners 1 to 1\n$/,
    );
    const ps = await runProcess("ps", ["-eo", "args"]);
    const left = ps.stdout.split("\n").filter((line) => line.includes(`pipestack-under-load-burner-${ran.pid}`));
    expect(left).toEqual([]);
  });
});

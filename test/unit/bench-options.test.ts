import { createRequire } from "node:module";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

/** `npm run bench` leaves tracked files alone unless asked: only `--write` targets the checkout. */
const root = path.resolve(__dirname, "..", "..");
const load = createRequire(path.join(root, "package.json"));
const { benchOptions } = load("./bench/lib/options.js") as {
  benchOptions(argv: string[]): {
    out: string;
    outMd: string;
    readme?: string;
    write: boolean;
    sizes: number[];
    profileDir?: string;
    latencies: number[];
    parts: string[];
    scaleSizes: number[];
    modes: string[];
    kinds: string[];
    faces: string[];
    pipes: number;
    stackObjects: number;
    existingPipes: number;
    newPipes: number;
  };
};

describe("bench options", () => {
  it.each([
    ["no flag", [] as string[]],
    ["--quick", ["--quick"]],
    ["--sizes", ["--sizes", "10"]],
  ])("%s: results go outside the checkout, docs/performance.md is not touched", (_name, argv) => {
    const o = benchOptions(argv);
    expect(o.write).toBe(false);
    expect(o.readme).toBeUndefined();
    for (const file of [o.out, o.outMd]) expect(path.relative(root, file).startsWith(".."), file).toBe(true);
  });

  it("--write: the committed results and docs/performance.md", () => {
    const o = benchOptions(["--write"]);
    expect(o.out).toBe(path.join(root, "bench", "results.json"));
    expect(o.outMd).toBe(path.join(root, "bench", "results.md"));
    expect(o.readme).toBe(path.join(root, "docs", "performance.md"));
  });

  it("default sizes are 1, 10, 50 and 200 (1 anchors the marginal cost at 10)", () => {
    expect(benchOptions([]).sizes).toEqual([1, 10, 50, 200]);
  });

  it("by default: both latencies, every part, kind and face; 200 pipes, 20 of each other kind, 2,000 + 20 pipes", () => {
    const o = benchOptions([]);
    expect(o.latencies).toEqual([25, 150]);
    expect(o.parts).toEqual(["classic", "kinds", "large", "rate-limited", "types", "move", "scale"]);
    expect([o.scaleSizes, o.modes]).toEqual([[200], ["default", "skip-checkpoints"]]);
    expect(o.kinds).toEqual(["pipe", "endpoint", "dashboard", "alert", "savedSearch", "webhook"]);
    expect(o.faces).toEqual(["dynamic", "native"]);
    expect([o.pipes, o.stackObjects, o.existingPipes, o.newPipes]).toEqual([200, 20, 2000, 20]);
  });

  it.each([
    ["one latency", ["--latency-ms", "150"], { latencies: [150] }],
    ["latencies sorted, repeats dropped", ["--latency-ms", "150,25,150"], { latencies: [25, 150] }],
    ["a subset of kinds and faces", ["--kinds", "alert, pipe", "--faces", "native"], { kinds: ["alert", "pipe"], faces: ["native"] }],
    [
      "small sizes",
      ["--pipes", "5", "--stack-objects", "2", "--existing-pipes", "50", "--new-pipes", "3"],
      { pipes: 5, stackObjects: 2, existingPipes: 50, newPipes: 3 },
    ],
    ["--quick", ["--quick"], { pipes: 10, stackObjects: 5, existingPipes: 200, newPipes: 5, scaleSizes: [10] }],
    [
      "scale sizes sorted, and the newer CLI's modes",
      ["--scale-sizes", "2000,200,1000", "--modes", "new-cli-skip,default"],
      { scaleSizes: [200, 1000, 2000], modes: ["new-cli-skip", "default"] },
    ],
  ])("%s", (_name, argv, expected) => {
    expect(benchOptions(argv)).toMatchObject(expected);
  });

  it.each([
    [["--kinds", "pipe,widget"], /--kinds: unknown "widget"/],
    [["--faces", ","], /--faces must name at least one/],
    [["--parts", "everything"], /--parts: unknown "everything"/],
    [["--modes", "fast"], /--modes: unknown "fast" \(known: default, skip-checkpoints, new-cli, new-cli-skip\)/],
    [["--scale-sizes", "0"], /--scale-sizes must be an integer >= 1, got 0/],
    [["--latency-ms", "25,fast"], /--latency-ms must be an integer >= 0, got fast/],
    [["--pipes", "0"], /--pipes must be an integer >= 1/],
  ])("refuses %j", (argv, message) => {
    expect(() => benchOptions(argv)).toThrow(message);
  });
});

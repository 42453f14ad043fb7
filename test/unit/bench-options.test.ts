import { createRequire } from "node:module";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

/** `npm run bench` leaves tracked files alone unless asked: only `--write` targets the checkout. */
const root = path.resolve(__dirname, "..", "..");
const load = createRequire(path.join(root, "package.json"));
const { benchOptions } = load("./bench/lib/options.js") as {
  benchOptions(argv: string[]): { out: string; outMd: string; readme?: string; write: boolean; sizes: number[]; profileDir?: string };
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
});

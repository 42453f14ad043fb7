import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The figures of docs/performance.md are generated: it must be exactly what the bench's report
 * makes of the committed results, so no figure in it is typed (or left stale) by hand. And the
 * results file keeps the keys tooling reads.
 */
const root = path.resolve(__dirname, "..", "..");
const load = createRequire(path.join(root, "package.json"));
const report = load("./bench/lib/report.js") as {
  markdown(r: unknown): string;
  updateReadme(readme: string, md: string): string;
  readmeSection(readme: string): string | undefined;
};
const results = JSON.parse(fs.readFileSync(path.join(root, "bench", "results.json"), "utf8")) as Record<string, unknown>;
const readme = fs.readFileSync(path.join(root, "docs", "performance.md"), "utf8");

describe("bench results in docs/performance.md", () => {
  it("the performance section is the report of bench/results.json, and bench/results.md is too", () => {
    const md = report.markdown(results);
    expect(report.readmeSection(readme)).toBe(md);
    expect(fs.readFileSync(path.join(root, "bench", "results.md"), "utf8")).toBe(md);
  });

  it("bench/results.json keeps the keys tooling reads", () => {
    for (const key of [
      "latencyMs",
      "machine",
      "providerTextBytes",
      "requestsPerOperation",
      "overheadRatio",
      "up",
      "preview",
      "providerPeakRssMb",
      "parallelism",
      "details",
    ]) {
      expect(results, key).toHaveProperty(key);
    }
  });

  it.each([
    [
      "replaces only what is between the markers",
      "a\n<!-- bench:begin (written by `npm run bench -- --write` from bench/results.json) -->\nold\n<!-- bench:end -->\nb\n",
      "new\n",
      "a\n<!-- bench:begin (written by `npm run bench -- --write` from bench/results.json) -->\nnew\n<!-- bench:end -->\nb\n",
    ],
    [
      "writes into an empty section",
      "<!-- bench:begin (written by `npm run bench -- --write` from bench/results.json) -->\n<!-- bench:end -->",
      "x\n",
      "<!-- bench:begin (written by `npm run bench -- --write` from bench/results.json) -->\nx\n<!-- bench:end -->",
    ],
  ])("updateReadme %s", (_name, before, md, after) => {
    expect(report.updateReadme(before, md)).toBe(after);
    expect(report.readmeSection(after)).toBe(md);
  });

  it("updateReadme refuses a README without the markers", () => {
    expect(() => report.updateReadme("# no section\n", "x\n")).toThrow(/bench:begin/);
  });
});

import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The move part of `npm run bench` (`--parts move`): its sentence, and the figure of
 * docs/from-terraform.md and docs/performance.md written from bench/from-terraform.json by the
 * script, never by hand.
 */
const root = path.resolve(__dirname, "..", "..");
const load = createRequire(path.join(root, "package.json"));
type Move = Record<string, unknown>;
const move = load("./bench/lib/from-terraform-move.js") as { moveSummary(m: Move): string; MOVE_SECTION: { begin: string; end: string } };
const report = load("./bench/lib/report.js") as { readmeSection(readme: string, markers?: { begin: string; end: string }): string | undefined };

describe("the move's figures", () => {
  it("are said in one sentence: the step with --import, the preview, the whole, the lines printed", () => {
    const text = move.moveSummary({
      date: "2026-11-28T02:00:00.000Z",
      machine: { cpus: 2, loadAverage1m: 1.5 },
      pipes: 200,
      endpoints: 2,
      latencyMs: 25,
      convertAndImportSeconds: 30.1,
      previewSeconds: 9.2,
      moveSeconds: 39.3,
      linesPrinted: 13,
    });
    expect(text).toBe(
      "A move of 200 pipes and 2 reverse private endpoints, rehearsed on the emulator (25 ms per request) on 2 CPUs (load 1.5), 2026-11-28: " +
        "step 4 with `--import` (the credentials set, the import run) took 30.1 s and printed 13 lines, the first `pulumi preview --expect-no-changes` 9.2 s: " +
        "39.3 s in all (`npm run bench -- --parts move --write`, bench/from-terraform.json).\n",
    );
  });

  it.each(["from-terraform.md", "performance.md"])("docs/%s carries the sentence of bench/from-terraform.json", (page) => {
    const committed = JSON.parse(fs.readFileSync(path.join(root, "bench", "from-terraform.json"), "utf8")) as Move;
    const text = fs.readFileSync(path.join(root, "docs", page), "utf8");
    expect(report.readmeSection(text, move.MOVE_SECTION)).toBe(move.moveSummary(committed));
  });

  it("recorded a move of 200 pipes whose printed lines were under 20", () => {
    const committed = JSON.parse(fs.readFileSync(path.join(root, "bench", "from-terraform.json"), "utf8")) as {
      pipes: number;
      printed: string[];
      linesPrinted: number;
    };
    expect(committed.pipes).toBe(200);
    expect(committed.printed).toHaveLength(committed.linesPrinted);
    expect(committed.linesPrinted).toBeLessThan(20);
  });
});

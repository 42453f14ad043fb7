/**
 * No test file runs the TypeScript compiler in its own worker: a program's build or a language
 * service is one synchronous stretch (27 s quiet, minutes loaded), which blocks the worker's
 * event loop past vitest's 60 s RPC timeout and fails a run whose tests all passed (issue 46).
 * Type-aware linting (`lintText`) builds one too. Test files hand that work to a worker thread (`inWorker`, test/support/in-worker.ts) or a child
 * process (`diagnosticsOf`, test/support/ts-diagnostics.ts); the modules those run may call it.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..", "..");
const COMPILER =
  /\b(createProgram|createLanguageService|probeLanguageService|getPreEmitDiagnostics|lintText|collectDocs|everyFieldHover|hoverAnswers|layerFindingsOf)\s*\(/g;

/** The compiler calls of a test file's text, as `line: name` (a comment may name them). */
function compilerCalls(text: string): string[] {
  const out: string[] = [];
  text.split("\n").forEach((line, i) => {
    if (/^\s*(\*|\/\/)/.test(line)) return;
    for (const m of line.matchAll(COMPILER)) out.push(`${i + 1}: ${m[1]}`);
  });
  return out;
}

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "fixtures" || e.name === "support" ? [] : testFiles(p);
    return /\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

describe("the TypeScript compiler in test workers", () => {
  it.each<[string, string, string[]]>([
    ["a language service", `beforeAll(() => {\n  service = probeLanguageService(file, () => text);\n});`, ["2: probeLanguageService"]],
    ["a program", `const p = ts.createProgram([f], options);`, ["1: createProgram"]],
    ["type-aware linting", `const [r] = await eslint.lintText(text, { filePath });`, ["1: lintText"]],
    ["a probe run in the test worker", `const r = everyFieldHover(file, start);`, ["1: everyFieldHover"]],
    ["a probe run in a thread", `const r = await inWorker(probe, "everyFieldHover", file, start);`, []],
    ["a comment naming it", `// a language service (probeLanguageService(...)) builds the program`, []],
  ])("the check finds %s", (_what, text, want) => {
    expect(compilerCalls(text)).toEqual(want);
  });

  it("no test file calls it (inWorker or diagnosticsOf run it)", () => {
    const found = testFiles(path.join(root, "test"))
      .filter((f) => f !== __filename)
      .flatMap((f) => compilerCalls(fs.readFileSync(f, "utf8")).map((hit) => `${path.relative(root, f)}:${hit}`));
    expect(found).toEqual([]);
  });
});

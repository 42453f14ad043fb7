/**
 * No test, helper or setup file starts a child process synchronously: a worker blocked past
 * vitest's 60 s RPC timeout (a compiler, `npm pack`, `go build` on a loaded machine) fails a run
 * whose tests all passed (issue 46). They use test/support/run-process.ts.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..", "..");
const SYNC = /\b(spawnSync|execSync|execFileSync)\s*\(/g;

/** The synchronous child-process calls of a source text, as `line: name`. */
function syncSpawns(text: string): string[] {
  const out: string[] = [];
  text.split("\n").forEach((line, i) => {
    // A comment may name them (run-process.ts says what it replaces).
    if (/^\s*(\*|\/\/)/.test(line)) return;
    for (const m of line.matchAll(SYNC)) out.push(`${i + 1}: ${m[1]}`);
  });
  return out;
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "fixtures" ? [] : sources(p);
    return /\.(ts|mts|js|cjs|mjs)$/.test(e.name) ? [p] : [];
  });
}

describe("child processes in tests", () => {
  it.each<[string, string, string[]]>([
    ["spawnSync", `const r = spawnSync("npm", ["pack"]);`, ["1: spawnSync"]],
    ["execFileSync", `x;\nconst out = execFileSync("node", [f], { encoding: "utf8" });`, ["2: execFileSync"]],
    ["execSync", `execSync ("make")`, ["1: execSync"]],
    ["the asynchronous helper", `const r = await runProcess("npm", ["pack"]);`, []],
    ["a comment naming them", ` * what \`spawnSync\` returns, awaited; never spawnSync(x)`, []],
  ])("the check finds %s", (_what, text, want) => {
    expect(syncSpawns(text)).toEqual(want);
  });

  it("none is synchronous in test/ (run-process.ts starts them)", () => {
    // This file's cases name them on purpose.
    const found = sources(path.join(root, "test"))
      .filter((f) => f !== __filename)
      .flatMap((f) => syncSpawns(fs.readFileSync(f, "utf8")).map((hit) => `${path.relative(root, f)}:${hit}`));
    expect(found).toEqual([]);
  });
});

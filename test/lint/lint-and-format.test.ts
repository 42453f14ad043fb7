/**
 * The linter and the formatter as a stage of `npm test`: a finding of either fails here, so it
 * counts in the test command's "N passed, N failed" line like any other failure. The rules are
 * in eslint.config.mjs and .prettierrc.json; `npm run lint` and `npm run format` are the same
 * tools by hand. Type-aware linting needs the build's link (node_modules/pulumi-pipestack) for
 * the examples, which `npm test` makes first.
 */
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { root, run } from "../support/emulator-cli";

/** Runs a tool of node_modules/.bin from the repository root, to its end. */
const tool = (name: string, args: string[]) => run(path.join(root, "node_modules", ".bin", name), args);

interface LintResult {
  filePath: string;
  messages: { ruleId: string | null; line: number; message: string }[];
}

/** One line per finding, `file:line rule message`, for a failure that says what to fix. */
function findings(results: LintResult[]): string[] {
  return results.flatMap((r) => r.messages.map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.ruleId ?? "parse"} ${m.message}`));
}

describe("lint and format", () => {
  // Type-aware linting of the whole tree takes minutes on a busy 2-core machine.
  it("typescript-eslint finds nothing", async () => {
    const result = await tool("eslint", [".", "--format", "json"]);
    const results = JSON.parse(result.stdout || "[]") as LintResult[];
    expect(findings(results)).toEqual([]);
    expect(result.code, result.stderr).toBe(0);
  }, 900_000);

  it("every file is formatted as Prettier writes it (`npm run format` fixes them)", async () => {
    const result = await tool("prettier", ["--list-different", "**/*.{ts,js,mjs}"]);
    expect(result.stdout.split("\n").filter(Boolean)).toEqual([]);
    expect(result.code, result.stderr).toBe(0);
  }, 300_000);
});

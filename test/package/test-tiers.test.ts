/**
 * test/README.md lists every tier folder of test/ and no other, and the newer-Node runs of
 * `npm test` (scripts/matrix/newer-node.js `SUBSET`) name files that exist: a folder added
 * without its line, or a test moved from under the subset, fails here.
 */
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..", "..");
const testDir = path.join(root, "test");
/** Folders of test/ that hold no tests: what the tiers share. */
const SHARED = ["support"];

/** The folders the README's tier table names, in its order: rows that start with a folder in backticks. */
export function tiersOfReadme(markdown: string): string[] {
  return [...markdown.matchAll(/^\|\s*`([\w-]+)\/`\s*\|/gm)].map((m) => m[1]);
}

describe("test tiers", () => {
  it("reads the folder of each table row", () => {
    expect(tiersOfReadme("| Folder | Tier |\n| --- | --- |\n| `unit/` | pure |\n| `e2e/` | cli |\ntext `lint/` |")).toEqual(["unit", "e2e"]);
  });

  it("test/README.md has one row for each folder of test/, and no row for a folder that is not there", () => {
    const folders = fs
      .readdirSync(testDir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !SHARED.includes(e.name))
      .map((e) => e.name);
    const rows = tiersOfReadme(fs.readFileSync(path.join(testDir, "README.md"), "utf8"));
    expect([...rows].sort()).toEqual([...folders].sort());
  });

  it("the newer-Node subset of `npm test` names files and folders that exist", () => {
    const { SUBSET } = createRequire(__filename)("../../scripts/matrix/newer-node.js") as { SUBSET: string[] };
    expect(SUBSET.length).toBeGreaterThan(0);
    expect(SUBSET.filter((p) => !fs.existsSync(path.join(root, p)))).toEqual([]);
    const { EXCLUDED } = createRequire(__filename)("../../scripts/matrix/newer-node.js") as { EXCLUDED: string[] };
    expect(EXCLUDED.filter((p) => !fs.existsSync(path.join(root, p)))).toEqual([]);
  });
});

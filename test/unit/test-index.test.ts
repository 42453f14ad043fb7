/**
 * test/README.md's index of tests per kind stays whole: each kind's line names every test file whose name matches the
 * line's pattern (in the unit, emulator, provider and e2e tiers), and nothing else, so a new test
 * of a kind shows up in the index or fails here.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

const testDir = path.join(__dirname, "..");
const readme = fs.readFileSync(path.join(testDir, "README.md"), "utf8");
const TIERS = ["unit", "emulator", "provider", "e2e"];

/** Each kind's line: `- **Kind** (`provider/resources/<kind>/`, files matching `<re>`): tier: `file`, ...`. */
const lines = [...readme.matchAll(/^- \*\*(\w+)\*\* \(`provider\/resources\/([\w-]+)\/`, files matching `([^`]+)`\): (.*)$/gm)].map((m) => ({
  kind: m[1],
  folder: m[2],
  pattern: new RegExp(m[3]),
  listed: [...m[4].matchAll(/`([\w./-]+\.test\.ts)`/g)].map((f) => f[1]).sort(),
}));

const testFiles = TIERS.flatMap((tier) =>
  fs
    .readdirSync(path.join(testDir, tier))
    .filter((f) => f.endsWith(".test.ts"))
    .map((f) => `${tier}/${f}`),
);

describe("test/README.md's tests per kind", () => {
  it("has a line for each folder of provider/resources/, kinds", () => {
    const folders = fs
      .readdirSync(path.join(testDir, "..", "provider", "resources"), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(lines.map((l) => l.folder).sort()).toEqual(folders.sort());
  });

  it.each(lines.map((l) => [l.kind, l] as const))("%s: lists every test file its pattern names, and only those", (_kind, line) => {
    const named = testFiles.filter((f) => line.pattern.test(path.basename(f))).sort();
    expect(named.length, "a kind with no test of its own name").toBeGreaterThan(0);
    expect(line.listed).toEqual(named);
  });
});

/**
 * docs/packages.md's size table is what scripts/package-sizes.js measures of the built checkout
 * now (`npm pack --dry-run --json`, and the run-time dependencies in node_modules): a change to
 * what a package ships, or to a dependency, without `npm run docs` fails here.
 */
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

interface Row {
  name: string;
  packedBytes: number;
  unpackedBytes: number;
  files: number;
  installedBytes: number;
  installedPackages: number;
}
const root = path.resolve(__dirname, "..", "..");
const sizes = createRequire(__filename)("../../scripts/package-sizes.js") as {
  measure(root: string): Row[];
  sizeTable(rows: Row[]): string;
  withSection(page: string, md: string): string;
  sectionOf(page: string): string | undefined;
  BEGIN: string;
  END: string;
};

describe("docs/packages.md", () => {
  it("its table is the one measured now (run `npm run docs`)", () => {
    expect(fs.existsSync(path.join(root, "dist", "provider", "index.js")), "run `npm run build` first").toBe(true);
    const rows = sizes.measure(root);
    expect(rows.map((r) => r.name)).toEqual(["pulumi-pipestack", "pipestack-emulator"]);
    const page = fs.readFileSync(path.join(root, "docs", "packages.md"), "utf8");
    expect(sizes.sectionOf(page), "docs/packages.md is stale: run `npm run docs`").toBe(sizes.sizeTable(rows));
  }, 120_000);
});

describe("package-size table", () => {
  it("writes each figure in its unit: kB packed, MB unpacked and installed", () => {
    const row: Row = { name: "p", packedBytes: 129_512, unpackedBytes: 664_000, files: 158, installedBytes: 5_712_345, installedPackages: 3 };
    expect(sizes.sizeTable([row])).toBe(
      [
        "| Package | packed | unpacked | files | installed, with run-time dependencies |",
        "|---|---:|---:|---:|---:|",
        "| `p` | 129.5 kB | 0.66 MB | 158 | 5.71 MB, 3 packages |",
        "",
      ].join("\n"),
    );
  });

  it.each([
    ["replaces only what is between the markers", `a\n${sizes.BEGIN}\nold\n${sizes.END}\nb\n`, "new\n", `a\n${sizes.BEGIN}\nnew\n${sizes.END}\nb\n`],
    ["writes into an empty section", `${sizes.BEGIN}\n${sizes.END}`, "x\n", `${sizes.BEGIN}\nx\n${sizes.END}`],
  ])("withSection %s", (_name, before, md, after) => {
    expect(sizes.withSection(before, md)).toBe(after);
    expect(sizes.sectionOf(after)).toBe(md);
  });

  it("withSection refuses a page without the markers", () => {
    expect(() => sizes.withSection("# no section\n", "x\n")).toThrow(/package-sizes:begin/);
  });
});

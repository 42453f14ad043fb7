/**
 * No circle of imports in the house: the package, the emulator, the scripts and the bench each
 * stand on what they import, never on a file that imports them back (issue 43). A circle found
 * names its files; the cure is the shared part in a file of its own below both.
 */
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { importCycles, importGraph, relativeSpecifiers, resolveImport, sourceTexts } from "../support/import-cycles";

const root = path.resolve(__dirname, "..", "..");

describe("the circle finder", () => {
  it.each([
    ['import { a } from "./a";', ["./a"]],
    ['import type { A } from "../b/a";', ["../b/a"]],
    ['export { a } from "./a";', ["./a"]],
    ['export * from "./a";', ["./a"]],
    ['const a = require("./a.js");', ["./a.js"]],
    ['const a = await import("./a");', ["./a"]],
    ['import "./side-effect";', ["./side-effect"]],
    ['import { z } from "zod";\nimport * as fs from "node:fs";', []],
  ])("%s imports %j", (text, specifiers) => {
    expect(relativeSpecifiers(text)).toEqual(specifiers);
  });

  it.each([
    ["a/x.ts", "./y", "a/y.ts"],
    ["a/x.ts", "../b", "b/index.ts"],
    ["a/x.ts", "./y.js", "a/y.ts"],
    ["s/x.js", "./z", "s/z.js"],
    ["a/x.ts", "./missing", undefined],
  ])("%s importing %s is %s", (from, specifier, file) => {
    expect(resolveImport(new Set(["a/y.ts", "b/index.ts", "s/z.js"]), from, specifier)).toBe(file);
  });

  it.each([
    ["a line", { "a.ts": "", "b.ts": 'import "./a";' }, []],
    ["two files", { "a.ts": 'import "./b";', "b.ts": 'import type { A } from "./a";' }, [["a.ts", "b.ts"]]],
    ["three files", { "a.ts": 'import "./b";', "b.ts": 'import "./c";', "c.ts": 'import "./a";', "d.ts": 'import "./a";' }, [["a.ts", "b.ts", "c.ts"]]],
    ["a file importing itself", { "a.ts": 'import "./a";' }, []],
  ])("%s", (_name, files, cycles) => {
    expect(importCycles(importGraph(new Map(Object.entries(files))))).toEqual(cycles);
  });
});

describe("the house", () => {
  it("has no circle of imports in provider/, emulator/, scripts/ or bench/", () => {
    const graph = importGraph(sourceTexts(root, ["provider", "emulator", "scripts", "bench"]));
    expect(graph.size).toBeGreaterThan(300);
    expect(importCycles(graph)).toEqual([]);
  });
});

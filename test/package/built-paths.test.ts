import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The scripts (`npm run bench`, docs, packing) load the built package by path. A move of a
 * module under provider/ compiles and passes every other test while such a path goes stale (the
 * bench failed that way after the move to one folder per resource): every literal path into
 * `dist/` they name must exist in the build.
 */
const root = path.resolve(__dirname, "..", "..");
const SCRIPT_DIRS = ["scripts", "bench/lib"];

/** The dist paths a script names: `dist("a", "b.js")` and `path.join(root, "dist", "a", "b.js")`, string literals only. Pure. */
function distPaths(text: string): string[] {
  const found: string[] = [];
  const calls = /\bdist\(((?:\s*"[^"]+"\s*,?)+)\)|path\.(?:join|resolve)\([^)]*?"dist"\s*,((?:\s*"[^"]+"\s*,?)+)\)/g;
  for (const m of text.matchAll(calls)) {
    const parts = [...(m[1] ?? m[2]).matchAll(/"([^"]+)"/g)].map((p) => p[1]);
    found.push(path.posix.join("dist", ...parts));
  }
  return found;
}

const named = SCRIPT_DIRS.flatMap((dir) =>
  fs
    .readdirSync(path.join(root, dir))
    .filter((f) => f.endsWith(".js"))
    .flatMap((f) => distPaths(fs.readFileSync(path.join(root, dir, f), "utf8")).map((p) => ({ script: `${dir}/${f}`, path: p }))),
);

describe("paths into dist/ that the scripts name", () => {
  it.each([
    ['dist("provider", "engine", "x.js")', ["dist/provider/engine/x.js"]],
    ['require(path.join(root, "dist", "provider", "registry")).registry', ["dist/provider/registry"]],
    ['path.resolve(__dirname, "..", "dist", "provider", "plugin-pack", "cli.js")', ["dist/provider/plugin-pack/cli.js"]],
    ["dist(...p)", []],
  ])("finds them in %s", (text, paths) => {
    expect(distPaths(text)).toEqual(paths);
  });

  it("are found (the bench's, the docs', the packer's)", () => {
    expect(named.map((n) => n.script)).toEqual(expect.arrayContaining(["bench/lib/in-process.js", "bench/lib/provider-text.js", "scripts/docs.js"]));
  });

  it.each(named.map((n) => [n.script, n.path]))("%s: %s exists in the build", (_script, p) => {
    const at = path.join(root, p);
    expect(fs.existsSync(at) || fs.existsSync(`${at}.js`) || fs.existsSync(path.join(at, "index.js")), `${p} (run \`npm run build\` first)`).toBe(true);
  });
});

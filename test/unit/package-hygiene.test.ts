/**
 * The package as npm would publish it (`npm pack` of the built checkout): what it ships, its
 * metadata, and the verdicts of publint and arethetypeswrong (types resolve for every
 * `moduleResolution`, `node` included).
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..", "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
let tmp: string;
let tarball: string;
let files: string[];

beforeAll(() => {
  expect(fs.existsSync(path.join(root, "dist", "provider", "index.js")), "run `npm run build` first").toBe(true);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-pack-"));
  // --ignore-scripts: the build is done; `prepare` would build again.
  const r = spawnSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", tmp], { cwd: root, encoding: "utf8" });
  expect(r.status, r.stderr).toBe(0);
  const [info] = JSON.parse(r.stdout) as { filename: string; files: { path: string }[] }[];
  tarball = path.join(tmp, info!.filename);
  files = info!.files.map((f) => f.path);
}, 120_000);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("the published package", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));

  it("has its metadata: license file, repository, homepage, bugs, keywords, changelog, module type", () => {
    expect(pkg.license).toBe("Apache-2.0");
    expect(fs.readFileSync(path.join(root, "LICENSE"), "utf8")).toMatch(/Apache License\s+Version 2\.0, January 2004[\s\S]*END OF TERMS AND CONDITIONS/);
    expect(pkg.repository?.url).toMatch(/^git\+https:\/\//);
    expect(pkg.homepage).toMatch(/^https:\/\//);
    expect(pkg.bugs?.url).toMatch(/^https:\/\//);
    expect(pkg.keywords).toContain("pulumi");
    expect(pkg.type).toBe("commonjs");
    expect(files).toEqual(expect.arrayContaining(["LICENSE", "CHANGELOG.md", "README.md", "package.json"]));
  });

  it("ships no source map, and no JavaScript names one", () => {
    expect(files.filter((f) => f.endsWith(".map"))).toEqual([]);
    const naming = files.filter((f) => f.endsWith(".js") && /sourceMappingURL=/.test(fs.readFileSync(path.join(root, f), "utf8")));
    expect(naming).toEqual([]);
  });

  it("publint finds nothing, suggestions included", () => {
    const r = spawnSync(bin("publint"), ["run", tarball, "--strict", "--level", "suggestion"], { cwd: root, encoding: "utf8" });
    expect(r.stdout + r.stderr).toContain("All good!");
    expect(r.status).toBe(0);
  }, 120_000);

  it("arethetypeswrong finds no problem under any module resolution", () => {
    const r = spawnSync(bin("attw"), [tarball, "--format", "ascii"], { cwd: root, encoding: "utf8" });
    expect(r.stdout + r.stderr).toContain("No problems found");
    expect(r.status).toBe(0);
  }, 120_000);
});

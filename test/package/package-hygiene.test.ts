/**
 * The two packages as npm would publish them (`npm pack` of the built checkout): the provider
 * package `pulumi-pipestack` and the workspace package `pipestack-emulator` (packages/pipestack-emulator/, built from emulator/). What
 * each ships, their metadata, and the verdicts of publint and arethetypeswrong (types resolve
 * for every `moduleResolution`, `node` included).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProcess } from "../support/run-process";

const root = path.resolve(__dirname, "..", "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

interface Packed {
  dir: string;
  pkg: { name: string; license: string; dependencies: Record<string, string>; [key: string]: unknown };
  tarball: string;
  files: string[];
}
const PACKAGES = { "pulumi-pipestack": root, "pipestack-emulator": path.join(root, "packages", "pipestack-emulator") };
const packed = new Map<string, Packed>();
let tmp: string;

beforeAll(async () => {
  expect(fs.existsSync(path.join(root, "dist", "provider", "index.js")), "run `npm run build` first").toBe(true);
  expect(fs.existsSync(path.join(root, "packages", "pipestack-emulator", "dist", "index.js")), "run `npm run build` first").toBe(true);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-pack-"));
  for (const [name, dir] of Object.entries(PACKAGES)) {
    // --ignore-scripts: the build is done; `prepack` would build again.
    const r = await runProcess("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", tmp], { cwd: dir });
    expect(r.status, r.stderr).toBe(0);
    const [info] = JSON.parse(r.stdout) as { filename: string; files: { path: string }[] }[];
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as Packed["pkg"];
    packed.set(name, { dir, pkg, tarball: path.join(tmp, info.filename), files: info.files.map((f) => f.path) });
  }
}, 120_000);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const each = Object.keys(PACKAGES).map((name) => [name]);
const of = (name: string): Packed => packed.get(name)!;

describe("the published packages", () => {
  it.each(each)("%s has its metadata: license file, repository, homepage, bugs, keywords, module type", (name) => {
    const { dir, pkg, files } = of(name);
    expect(pkg.name).toBe(name);
    expect(pkg.license).toBe("Apache-2.0");
    expect(fs.readFileSync(path.join(dir, "LICENSE"), "utf8")).toMatch(/Apache License\s+Version 2\.0, January 2004[\s\S]*END OF TERMS AND CONDITIONS/);
    expect((pkg.repository as { url?: string } | undefined)?.url).toMatch(/^git\+https:\/\//);
    expect(pkg.homepage).toMatch(/^https:\/\//);
    expect((pkg.bugs as { url?: string } | undefined)?.url).toMatch(/^https:\/\//);
    expect((pkg.keywords as string[]).length).toBeGreaterThan(0);
    expect(pkg.type).toBe("commonjs");
    expect(files).toEqual(expect.arrayContaining(["LICENSE", "README.md", "package.json"]));
  });

  it.each(each)("%s runs nothing at install: no script npm lists among install scripts to approve (the build runs on prepack)", (name) => {
    const scripts = (of(name).pkg.scripts ?? {}) as Record<string, string>;
    // npm runs these on `npm install` of the package (and of a clone): npm 11 asks to approve them.
    expect(Object.keys(scripts).filter((k) => ["preinstall", "install", "postinstall", "prepare"].includes(k))).toEqual([]);
  });

  it("the provider package ships a changelog and none of the emulator: its code, its OpenAPI copy, ajv", () => {
    const { pkg, files } = of("pulumi-pipestack");
    expect(files).toContain("CHANGELOG.md");
    expect(files.filter((f) => f.includes("emulator") || f.endsWith(".openapi.json"))).toEqual([]);
    expect(Object.keys(pkg.dependencies).sort()).toEqual(["undici", "zod"]);
    // Four commands: the pull-request summary of a preview (provider/pr-summary/), the import
    // file of a Terraform state (provider/from-terraform/), the native provider plugin's
    // launcher (with what it runs), and the plugin's tarball (provider/plugin-pack/).
    expect(pkg.bin).toEqual({
      "pipestack-from-terraform": "bin/pipestack-from-terraform.js",
      "pipestack-pack-plugin": "bin/pipestack-pack-plugin.js",
      "pipestack-pr-summary": "bin/pipestack-pr-summary.js",
      "pulumi-resource-pipestack": "bin/pulumi-resource-pipestack",
    });
    expect(files).toEqual(
      expect.arrayContaining([
        "bin/pipestack-from-terraform.js",
        "dist/provider/from-terraform/cli.js",
        "bin/pipestack-pr-summary.js",
        "dist/provider/pr-summary/cli.js",
        "bin/pulumi-resource-pipestack",
        "dist/provider/native/main.js",
        "bin/pipestack-pack-plugin.js",
        "dist/provider/plugin-pack/cli.js",
        "dist/provider/native/docs.json",
      ]),
    );
  });

  it("the emulator package ships its command, its build and the OpenAPI description, with ajv", () => {
    const { pkg, files } = of("pipestack-emulator");
    expect(pkg.bin).toEqual({ "pipestack-emulator": "bin/pipestack-emulator.js" });
    expect(files).toEqual(
      expect.arrayContaining(["bin/pipestack-emulator.js", "dist/cli.js", "dist/index.js", "dist/index.d.ts", "spec/cloud-api.openapi.json"]),
    );
    expect(files.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))).toEqual([]);
    expect(Object.keys(pkg.dependencies).sort()).toEqual(["ajv", "ajv-formats", "zod"]);
  });

  it.each(each)("%s ships no source map, and no JavaScript names one", (name) => {
    const { dir, files } = of(name);
    expect(files.filter((f) => f.endsWith(".map"))).toEqual([]);
    const naming = files.filter((f) => f.endsWith(".js") && /sourceMappingURL=/.test(fs.readFileSync(path.join(dir, f), "utf8")));
    expect(naming).toEqual([]);
  });

  it.each(each)(
    "publint finds nothing in %s, suggestions included",
    async (name) => {
      const r = await runProcess(bin("publint"), ["run", of(name).tarball, "--strict", "--level", "suggestion"], { cwd: root });
      expect(r.stdout + r.stderr).toContain("All good!");
      expect(r.status).toBe(0);
    },
    120_000,
  );

  it.each(each)(
    "arethetypeswrong finds no problem in %s under any module resolution",
    async (name) => {
      const r = await runProcess(bin("attw"), [of(name).tarball, "--format", "ascii"], { cwd: root });
      expect(r.stdout + r.stderr).toContain("No problems found");
      expect(r.status).toBe(0);
    },
    120_000,
  );
});

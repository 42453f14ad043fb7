import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The frozen engine paths, as users' states require them: from the packed package (`npm pack`,
 * unpacked into a `node_modules` outside the checkout), every `pulumi-pipestack/engine/<name>`
 * the shim writes resolves and has every provider method; nothing else under the engine folder
 * is reachable. States keep these paths forever, so a rename or a narrower `exports` map fails here.
 */
const root = path.resolve(__dirname, "..", "..");
const load = createRequire(path.join(root, "package.json"));
const { ENGINES } = load("./dist/provider/resources/shim.js") as typeof import("../../provider/resources/shim");
const METHODS = ["configure", "check", "diff", "create", "read", "update", "delete"];

let dir: string;
let fromUser: NodeRequire;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-pack-"));
  const packed = spawnSync("npm", ["pack", "--silent", "--ignore-scripts", "--pack-destination", dir], { cwd: root, encoding: "utf8" });
  if (packed.status !== 0) throw new Error(`npm pack exited ${packed.status}: ${packed.stderr}`);
  const tarball = path.join(dir, packed.stdout.trim().split("\n").pop()!);
  const installed = path.join(dir, "node_modules", "pulumi-pipestack");
  fs.mkdirSync(installed, { recursive: true });
  const untar = spawnSync("tar", ["-xzf", tarball, "-C", installed, "--strip-components=1"], { encoding: "utf8" });
  if (untar.status !== 0) throw new Error(`tar exited ${untar.status}: ${untar.stderr}`);
  // The package's own dependencies, as an install would place them beside it.
  const deps = Object.keys((load("./package.json") as { dependencies: Record<string, string> }).dependencies);
  for (const dep of deps) fs.symlinkSync(path.join(root, "node_modules", dep), path.join(dir, "node_modules", dep), "dir");
  fs.writeFileSync(path.join(dir, "program.js"), "");
  fromUser = createRequire(path.join(dir, "program.js"));
}, 120_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the packed package's engine paths", () => {
  it.each(ENGINES.map((e) => [e]))("pulumi-pipestack/engine/%s resolves inside the installed copy and is a whole provider", (engine) => {
    const resolved = fromUser.resolve(`pulumi-pipestack/engine/${engine}`);
    expect(resolved.startsWith(path.join(dir, "node_modules", "pulumi-pipestack") + path.sep)).toBe(true);
    const { provider } = fromUser(`pulumi-pipestack/engine/${engine}`) as { provider: Record<string, unknown> };
    for (const method of METHODS) expect(typeof provider[method], `${engine}.${method}`).toBe("function");
  });

  it("exports exactly the frozen engine paths: helpers stay private", () => {
    const exportsMap = (load("./package.json") as { exports: Record<string, unknown> }).exports;
    const engineKeys = Object.keys(exportsMap).filter((k) => k.startsWith("./engine"));
    expect(engineKeys.sort()).toEqual(ENGINES.map((e) => `./engine/${e}`).sort());
    for (const helper of ["canonical", "engine-settings", "pipe/api", "stack/api"]) {
      expect(fs.existsSync(path.join(dir, "node_modules", "pulumi-pipestack", "dist", "provider", "impl", `${helper}.js`)), `${helper} is shipped`).toBe(true);
      expect(() => fromUser.resolve(`pulumi-pipestack/engine/${helper}`), `engine/${helper} is not exported`).toThrow(/is not defined by "exports"/);
    }
  });
});

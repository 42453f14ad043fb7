import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cloud } from "../support/raw-api";
import { runProcess } from "../support/run-process";

/**
 * The frozen engine paths, as users' states require them: from the packed package (`npm pack`,
 * unpacked into a `node_modules` outside the checkout), every `pulumi-pipestack/engine/<name>`
 * the shim writes resolves and has every provider method; nothing else under the engine folder
 * is reachable. States keep these paths forever, so a rename or a narrower `exports` map fails here.
 */
const root = path.resolve(__dirname, "..", "..");
const load = createRequire(path.join(root, "package.json"));
const { registry } = load("./dist/provider/registry/index.js") as typeof import("../../provider/registry");
const ENGINES = registry.map((d) => d.engine);
const METHODS = ["configure", "check", "diff", "create", "read", "update", "delete"];

let dir: string;
let fromUser: NodeRequire;

/** `npm pack` of the package in `from`, unpacked into `dir/node_modules/<name>` with its dependencies linked beside it, as an install places them. */
async function unpack(from: string, name: string): Promise<void> {
  const packed = await runProcess("npm", ["pack", "--silent", "--ignore-scripts", "--pack-destination", dir], { cwd: from });
  if (packed.status !== 0) throw new Error(`npm pack exited ${packed.status}: ${packed.stderr}`);
  const tarball = path.join(dir, packed.stdout.trim().split("\n").pop()!);
  const installed = path.join(dir, "node_modules", name);
  fs.mkdirSync(installed, { recursive: true });
  const untar = await runProcess("tar", ["-xzf", tarball, "-C", installed, "--strip-components=1"]);
  if (untar.status !== 0) throw new Error(`tar exited ${untar.status}: ${untar.stderr}`);
  const deps = Object.keys((JSON.parse(fs.readFileSync(path.join(from, "package.json"), "utf8")) as { dependencies: Record<string, string> }).dependencies);
  for (const dep of deps) {
    const link = path.join(dir, "node_modules", dep);
    if (!fs.existsSync(link)) fs.symlinkSync(path.join(root, "node_modules", dep), link, "dir");
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-pack-"));
  await unpack(root, "pulumi-pipestack");
  await unpack(path.join(root, "packages", "pipestack-emulator"), "pipestack-emulator");
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
    for (const [helper, file] of [
      ["canonical", "engine/canonical"],
      ["engine-settings", "engine/engine-settings"],
      ["pipe/api", "resources/pipe/api"],
      ["stack/api", "engine/stack/api"],
    ]) {
      expect(fs.existsSync(path.join(dir, "node_modules", "pulumi-pipestack", "dist", "provider", `${file}.js`)), `${file} is shipped`).toBe(true);
      expect(() => fromUser.resolve(`pulumi-pipestack/engine/${helper}`), `engine/${helper} is not exported`).toThrow(/is not defined by "exports"/);
    }
  });
});

describe("the packed emulator package", () => {
  it("pipestack-emulator is its own package: its programmatic entry starts a server that finds its OpenAPI description", async () => {
    const resolved = fromUser.resolve("pipestack-emulator");
    expect(resolved).toBe(path.join(dir, "node_modules", "pipestack-emulator", "dist", "index.js"));
    const { startEmulator } = fromUser("pipestack-emulator") as typeof import("../../emulator");
    const emulator = await startEmulator({ port: 0, stepMs: 0 });
    try {
      // A body the OpenAPI description refuses: answered 400, so the installed copy found its spec/.
      const res = await cloud(emulator).call("POST", "/pipes", { name: 42 });
      expect(res.status, res.text).toBe(400);
    } finally {
      await emulator.close();
    }
  });

  it("its pipestack-emulator command runs from the installed copy", async () => {
    const command = path.join(dir, "node_modules", "pipestack-emulator", "bin", "pipestack-emulator.js");
    const r = await runProcess(process.execPath, [command, "--help"]);
    expect(r.stdout).toMatch(/--port/);
    expect(r.status).toBe(0);
  });

  it("the provider package no longer carries the emulator entry", () => {
    expect(() => fromUser.resolve("pulumi-pipestack/emulator")).toThrow(/is not defined by "exports"/);
  });
});

/**
 * Local stand-ins for the places each package manager takes an SDK from by name: a Python package
 * index (pypiserver from PyPI, on loopback) and a Go module proxy (a folder laid out as the module
 * proxy protocol has it, for GOPROXY=file://...). What they serve is what the release publishes.
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as path from "node:path";
import { runProcess } from "../support/run-process";
import { repoRoot } from "./harness";

/**
 * Runs a command to its end without blocking the test's worker (a long synchronous child, such as
 * a first build, stops the worker answering its runner, which then fails the file).
 */
export function runAsync(
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: { ...process.env, ...opts.env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** The folder scripts/ensure-python-index.sh made (once, into the cache): `venv/bin` (pypi-server, twine, pip), `wheelhouse/`. */
export async function pythonIndexTools(): Promise<{ bin: string; wheelhouse: string }> {
  const r = await runAsync("bash", [path.join(repoRoot, "scripts", "ensure-python-index.sh")]);
  if (r.code !== 0) throw new Error(`scripts/ensure-python-index.sh could not make the package index tools ready\n${r.stderr}`);
  const dir = r.stdout.trim().split("\n").pop()!;
  return { bin: path.join(dir, "venv", "bin"), wheelhouse: path.join(dir, "wheelhouse") };
}

/** A port nobody listens on now, on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface PackageIndex {
  /** The index's simple API, for `pip install --index-url`. */
  url: string;
  close(): Promise<void>;
}

/** pypiserver serving the packages in `dirs`, bound to 127.0.0.1, with no fallback to another index. */
export async function startPackageIndex(bin: string, dirs: string[]): Promise<PackageIndex> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    path.join(bin, "pypi-server"),
    ["run", "--port", String(port), "--host", "127.0.0.1", "--disable-fallback", "--log-stream", "none", ...dirs],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const url = `http://127.0.0.1:${port}/simple/`;
  for (const started = Date.now(); ;) {
    if (child.exitCode !== null) throw new Error(`pypi-server exited ${child.exitCode}\n${stderr}`);
    const up = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() - started > 60_000) {
      child.kill();
      throw new Error(`pypi-server did not answer on ${url} in 60 s\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill();
      }),
  };
}

/** A module path as the proxy protocol spells it in URLs and folders: each capital letter as `!` and its lower case. */
export const escapeModulePath = (p: string): string => p.replace(/[A-Z]/g, (c) => `!${c.toLowerCase()}`);

/**
 * Lays out the module in `moduleDir` (its go.mod at the top) at `version` in a module proxy folder
 * `proxy`, as `go get` asks for it through GOPROXY=file://<proxy>: `<path>/@v/list`, `<version>.info`,
 * `.mod` and `.zip` (every file under `<path>@<version>/`, as the module zip format has it).
 * Returns the module path.
 */
export async function publishGoModule(proxy: string, moduleDir: string, version: string): Promise<string> {
  const goMod = fs.readFileSync(path.join(moduleDir, "go.mod"), "utf8");
  const modulePath = /^module\s+(\S+)/m.exec(goMod)?.[1];
  if (!modulePath) throw new Error(`${moduleDir}/go.mod names no module`);
  const at = path.join(proxy, ...escapeModulePath(modulePath).split("/"), "@v");
  fs.mkdirSync(at, { recursive: true });
  fs.writeFileSync(path.join(at, "list"), `${version}\n`);
  fs.writeFileSync(path.join(at, `${version}.info`), JSON.stringify({ Version: version, Time: new Date(0).toISOString() }));
  fs.writeFileSync(path.join(at, `${version}.mod`), goMod);
  // Python's zipfile (the tests' Python is there already): no zip tool is needed on the machine.
  const zip = await runProcess("python3", [
    "-c",
    [
      "import os, sys, zipfile",
      "src, prefix, out = sys.argv[1:]",
      "with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:",
      "    for d, dirs, files in os.walk(src):",
      "        dirs.sort()",
      "        for f in sorted(files):",
      "            full = os.path.join(d, f)",
      "            z.write(full, prefix + os.path.relpath(full, src).replace(os.sep, '/'))",
    ].join("\n"),
    moduleDir,
    `${modulePath}@${version}/`,
    path.join(at, `${version}.zip`),
  ]);
  if (zip.status !== 0) throw new Error(`the module zip of ${modulePath} could not be made\n${zip.stderr}`);
  return modulePath;
}

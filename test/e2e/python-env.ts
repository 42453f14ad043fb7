import * as fs from "node:fs";
import * as path from "node:path";
import { runProcess } from "../support/run-process";
import { repoRoot } from "./harness";
import { builtSdks } from "./sdks-build";

/**
 * The bin folder of a Python environment holding the `pulumi` Python package at the version of the
 * checkout's @pulumi/pulumi: PIPESTACK_PULUMI_PYTHON_BIN (set by scripts/test.js), else what
 * scripts/ensure-pulumi-python.sh makes once into the cache and prints.
 */
export async function pythonEnv(): Promise<string> {
  if (process.env.PIPESTACK_PULUMI_PYTHON_BIN) return process.env.PIPESTACK_PULUMI_PYTHON_BIN;
  const r = await runProcess("bash", [path.join(repoRoot, "scripts", "ensure-pulumi-python.sh")], { stderr: "inherit" });
  if (r.status !== 0) throw new Error("scripts/ensure-pulumi-python.sh could not make the Python environment ready");
  return r.stdout.trim().split("\n").pop()!;
}

/**
 * A folder holding a `pulumi-language-python` that runs test/e2e/python/langhost.py, a test
 * stand-in for Pulumi's Python language host (whose Go module the test machine cannot fetch), with
 * `python` and the packages in `site` (if any, besides its environment's) importable; put it on the CLI's PATH.
 */
export function standInPythonHost(folder: string, python: string, site?: string): string {
  fs.mkdirSync(folder, { recursive: true });
  const where = site === undefined ? "" : `PYTHONPATH='${site}' `;
  const script = `#!/bin/sh\n${where}exec '${python}' '${path.join(repoRoot, "test", "e2e", "python", "langhost.py")}' "$@"\n`;
  fs.writeFileSync(path.join(folder, "pulumi-language-python"), script, { mode: 0o755 });
  return folder;
}

/**
 * The stand-in Python host of `standInPythonHost` in `folder`, with the Python SDK of this checkout
 * as `npm run sdks` builds it (test/e2e/sdks-build.ts, shared by the run) pip-installed beside it:
 * the PATH entry that lets `pulumi up` run a Python program on the native provider.
 */
export async function pythonSdkHost(folder: string): Promise<string> {
  const python = path.join(await pythonEnv(), "python");
  const sdks = await builtSdks();
  const site = path.join(folder, "site");
  const pip = await runProcess(
    python,
    ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps", "--no-index", "--no-build-isolation", "--target", site, sdks.python.wheel],
    { env: { ...process.env, PULUMI_HOME: path.join(folder, "home") } },
  );
  if (pip.status !== 0) throw new Error(`pip install of the generated SDK failed\n${pip.stdout}${pip.stderr}`);
  return standInPythonHost(path.join(folder, "host"), python, site);
}

import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { repoRoot } from "./harness";

/**
 * The bin folder of a Python environment holding the `pulumi` Python package at the version of the
 * checkout's @pulumi/pulumi: PIPESTACK_PULUMI_PYTHON_BIN (set by scripts/test.js), else what
 * scripts/ensure-pulumi-python.sh makes once into the cache and prints.
 */
export function pythonEnv(): string {
  if (process.env.PIPESTACK_PULUMI_PYTHON_BIN) return process.env.PIPESTACK_PULUMI_PYTHON_BIN;
  const r = spawnSync("bash", [path.join(repoRoot, "scripts", "ensure-pulumi-python.sh")], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (r.status !== 0) throw new Error("scripts/ensure-pulumi-python.sh could not make the Python environment ready");
  return r.stdout.trim().split("\n").pop()!;
}

import * as path from "node:path";
import { runProcess } from "../support/run-process";
import { repoRoot } from "./harness";

/** What a scripts/ensure-*.sh prints last: the folder it made ready. */
async function ensured(script: string, args: string[], what: string): Promise<string> {
  const r = await runProcess("bash", [path.join(repoRoot, "scripts", script), ...args], { stderr: "inherit" });
  if (r.status !== 0) throw new Error(`scripts/${script} could not make ${what} ready`);
  return r.stdout.trim().split("\n").pop()!;
}

/**
 * The folder holding pulumi-language-yaml: PIPESTACK_PULUMI_YAML_BIN (set by scripts/test.js),
 * else what scripts/ensure-pulumi-yaml.sh builds once into the cache and prints.
 */
export async function yamlHost(): Promise<string> {
  return process.env.PIPESTACK_PULUMI_YAML_BIN ?? (await ensured("ensure-pulumi-yaml.sh", [], "the YAML language host"));
}

/** The folder holding pulumi-converter-yaml (`pulumi convert --from yaml`), built once by scripts/ensure-pulumi-yaml.sh (its converter). */
export function yamlConverter(): Promise<string> {
  return ensured("ensure-pulumi-yaml.sh", ["pulumi-converter-yaml"], "the YAML converter");
}

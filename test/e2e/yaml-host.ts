import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { repoRoot } from "./harness";

/**
 * The folder holding pulumi-language-yaml: PIPESTACK_PULUMI_YAML_BIN (set by scripts/test.js),
 * else what scripts/ensure-pulumi-yaml.sh builds once into the cache and prints.
 */
export function yamlHost(): string {
  if (process.env.PIPESTACK_PULUMI_YAML_BIN) return process.env.PIPESTACK_PULUMI_YAML_BIN;
  const r = spawnSync("bash", [path.join(repoRoot, "scripts", "ensure-pulumi-yaml.sh")], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (r.status !== 0) throw new Error("scripts/ensure-pulumi-yaml.sh could not make the YAML language host ready");
  return r.stdout.trim().split("\n").pop()!;
}

/** The folder holding pulumi-converter-yaml (`pulumi convert --from yaml`), built once by scripts/ensure-pulumi-yaml.sh (its converter). */
export function yamlConverter(): string {
  const r = spawnSync("bash", [path.join(repoRoot, "scripts", "ensure-pulumi-yaml.sh"), "pulumi-converter-yaml"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (r.status !== 0) throw new Error("scripts/ensure-pulumi-yaml.sh could not make the YAML converter ready");
  return r.stdout.trim().split("\n").pop()!;
}

/**
 * The move from Terraform as docs/from-terraform.md gives it, for the e2e tests that rehearse it
 * (the pipes' state, the stack objects' state): the YAML project the import writes into and
 * `pipestack-from-terraform --credentials-to-config --run --import imported.yaml` run in it.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { type E2EStack, repoRoot } from "./harness";

export const FROM_TERRAFORM = path.join(repoRoot, "bin", "pipestack-from-terraform.js");

export interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * A Node.js command run to its end without blocking this process: the emulator answering the
 * import lives in its event loop.
 */
export function runNode(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** `dir`'s Pulumi.yaml: the YAML project `moved` on the plugin of bin/, holding `resources` (and `extra` lines before them). */
export function writeMovedProject(dir: string, resources: Record<string, unknown>, extra = ""): void {
  const plugins = `plugins:\n  providers:\n    - name: pipestack\n      path: ${JSON.stringify(path.join(repoRoot, "bin"))}\n`;
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: moved\nruntime: yaml\n${plugins}${extra}resources: ${JSON.stringify(resources)}\n`);
}

/** The move as documented, in `dir` against `s`: the import document to imported.yaml, the rest (what the user sees) on standard error. */
export function moveAsDocumented(s: E2EStack, dir: string, stateFile: string): Promise<Ran> {
  return runNode([FROM_TERRAFORM, stateFile, "--credentials-to-config", "--run", "--import", "imported.yaml", ...s.stackFlags], { cwd: dir, env: s.cliEnv });
}

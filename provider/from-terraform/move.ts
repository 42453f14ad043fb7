/**
 * `--credentials-to-config --run`: each credential's `pulumi config set --secret`, run here with
 * the value on the child's standard input (never in its arguments, where a process list shows
 * it, nor in any output). The CLI is `pulumi` from PATH, in the current folder's project.
 */
import { spawnSync } from "node:child_process";
import { configSetArgs, type MovedCredential } from "./credentials";

/** Runs every `pulumi config set`; throws, naming the key and the CLI's message with the value blanked out, at the first that fails. */
export function setCredentials(moved: readonly MovedCredential[], where: readonly string[] = [], pulumi = "pulumi"): number {
  let n = 0;
  for (const m of moved) {
    for (const v of m.values) {
      const r = spawnSync(pulumi, configSetArgs(v, where), { input: v.value, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"] });
      if (r.error !== undefined || r.status !== 0) {
        const said = `${r.stderr ?? ""}${r.stdout ?? ""}`.split(v.value).join("[secret]").trim();
        throw new Error(`\`pulumi ${configSetArgs(v, where).join(" ")}\` failed: ${r.error?.message ?? said}`);
      }
      n++;
    }
  }
  return n;
}

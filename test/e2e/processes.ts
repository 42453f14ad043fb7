import * as fs from "node:fs";

/**
 * Pids of the live node processes whose command line contains `marker` and that run under the
 * PULUMI_HOME `home` (one test stack's), from Linux /proc: the providers a stack's CLI started.
 */
export function nodeProcesses(marker: string, home: string): number[] {
  const env = `PULUMI_HOME=${home}\0`;
  const out: number[] = [];
  for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "latin1");
      if (!cmd.includes(marker) || !cmd.startsWith("node")) continue;
      if (fs.readFileSync(`/proc/${pid}/environ`, "latin1").includes(env)) out.push(Number(pid));
    } catch {
      // gone, or not ours
    }
  }
  return out;
}

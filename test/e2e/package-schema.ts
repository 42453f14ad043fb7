import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { pulumiBin, repoRoot } from "./harness";

/** What a command printed and how it ended. */
export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end, with a Pulumi home of the caller's (never the user's). */
export function run(cmd: string, args: string[], opts: { home: string; input?: string; cwd?: string; env?: NodeJS.ProcessEnv }): Ran {
  const r = spawnSync(cmd, args, {
    input: opts.input,
    cwd: opts.cwd,
    encoding: "utf8",
    env: { ...process.env, ...opts.env, PULUMI_HOME: opts.home, PULUMI_SKIP_UPDATE_CHECK: "true" },
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Pulumi's schema binder and SDK generators (scripts/schema-tool), built once by scripts/ensure-schema-tool.sh. */
export function schemaTool(): string {
  const built = spawnSync("bash", [path.join(repoRoot, "scripts", "ensure-schema-tool.sh")], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (built.status !== 0) throw new Error("scripts/ensure-schema-tool.sh could not build the schema tool");
  return built.stdout.trim().split("\n").pop()!;
}

/** The package schema as the CLI gets it from the plugin of this checkout (`pulumi package get-schema <plugin path>`). */
export function packageSchema(home: string): string {
  const got = run(path.join(pulumiBin(), "pulumi"), ["package", "get-schema", path.join(repoRoot, "bin", "pulumi-resource-pipestack")], { home });
  if (got.code !== 0) throw new Error(`pulumi package get-schema failed\n${got.stderr}`);
  return got.stdout;
}

import * as path from "node:path";
import { runProcess } from "../support/run-process";
import { pulumiBin, repoRoot } from "./harness";

/** What a command printed and how it ended. */
export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end, with a Pulumi home of the caller's (never the user's). */
export async function run(cmd: string, args: string[], opts: { home: string; input?: string; cwd?: string; env?: NodeJS.ProcessEnv }): Promise<Ran> {
  const r = await runProcess(cmd, args, {
    input: opts.input,
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env, PULUMI_HOME: opts.home, PULUMI_SKIP_UPDATE_CHECK: "true" },
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Pulumi's schema binder and SDK generators (scripts/schema-tool), built once by scripts/ensure-schema-tool.sh. */
export async function schemaTool(): Promise<string> {
  const built = await runProcess("bash", [path.join(repoRoot, "scripts", "ensure-schema-tool.sh")], { stderr: "inherit" });
  if (built.status !== 0) throw new Error("scripts/ensure-schema-tool.sh could not build the schema tool");
  return built.stdout.trim().split("\n").pop()!;
}

/** The package schema as the CLI gets it from the plugin of this checkout (`pulumi package get-schema <plugin path>`). */
export async function packageSchema(home: string): Promise<string> {
  const got = await run(path.join(await pulumiBin(), "pulumi"), ["package", "get-schema", path.join(repoRoot, "bin", "pulumi-resource-pipestack")], { home });
  if (got.code !== 0) throw new Error(`pulumi package get-schema failed\n${got.stderr}`);
  return got.stdout;
}

/**
 * The compiled `pipestack-emulator` as a child process: built when packages/pipestack-emulator/dist/ is older than the
 * emulator sources, started on port 0, resolved once it prints its listening line.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import * as path from "node:path";

export const root = path.resolve(__dirname, "..", "..");
export const cli = path.join(root, "packages", "pipestack-emulator", "dist", "cli.js");

function newestSource(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return Math.max(newest, newestSource(full));
    return entry.name.endsWith(".ts") ? Math.max(newest, statSync(full).mtimeMs) : newest;
  }, 0);
}

/** Runs a command to its end without blocking the test worker's event loop. */
export function run(command: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Builds with the emulator package's build config when its dist/ is older than the emulator sources. */
export async function ensureBuilt(): Promise<void> {
  if (existsSync(cli) && statSync(cli).mtimeMs >= newestSource(path.join(root, "emulator"))) return;
  await run(process.execPath, [path.join(root, "packages", "pipestack-emulator", "build.js")]);
  if (!existsSync(cli) || statSync(cli).mtimeMs < newestSource(path.join(root, "emulator")))
    throw new Error("build did not produce a fresh packages/pipestack-emulator/dist/cli.js");
}

/** A started CLI: its process, what it printed so far (stdout, stderr) and its address. */
export interface RunningCli {
  child: ChildProcess;
  output: string;
  stderr: () => string;
  url: string;
}

/** Spawns the CLI and resolves with its output once it prints the listening line. */
export function launch(args: string[]): Promise<RunningCli> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let errors = "";
    child.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    const timer = setTimeout(() => reject(new Error(`no listening line; output: ${output}`)), 20_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^listening on (http:\/\/127\.0\.0\.1:(\d+))$/m.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, output, stderr: () => errors, url: match[1] });
      }
    });
    child.on("exit", (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
}

/** Resolves with the exit code once the child exits. */
export function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

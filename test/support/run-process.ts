/**
 * A child process run to its end without blocking the worker: what `spawnSync` returns (status,
 * stdout, stderr), awaited. A test worker whose event loop is blocked longer than vitest's worker
 * RPC timeout (60 s, not a setting) ends a green run with `Timeout calling "onTaskUpdate"`; a
 * compiler, `npm pack` or `go build` takes that long on a loaded machine (issue 46). Tests start
 * child processes through this; `test/lint/no-sync-spawn.test.ts` holds them to it.
 */
import { spawn, type StdioOptions } from "node:child_process";

export interface Ran {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  pid: number | undefined;
  /** Set when the process could not start (e.g. ENOENT), as spawnSync sets it. */
  error?: Error;
}

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Written to the child's stdin, which is then closed; without it stdin is closed at once. */
  input?: string;
  /** stderr "inherit" shows a script's progress as it runs; stdout is always captured. */
  stderr?: "pipe" | "inherit";
  /** A file descriptor (e.g. /dev/full, a file) stdout goes to instead of being captured. */
  stdout?: "pipe" | number;
  timeoutMs?: number;
}

export function runProcess(command: string, args: readonly string[], options: RunOptions = {}): Promise<Ran> {
  const stdio: StdioOptions = ["pipe", options.stdout ?? "pipe", options.stderr ?? "pipe"];
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio, timeout: options.timeoutMs });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout?.on("data", (b: Buffer) => stdout.push(b));
    child.stderr?.on("data", (b: Buffer) => stderr.push(b));
    let error: Error | undefined;
    child.on("error", (err) => {
      error = err;
      // Not started (no such command): spawnSync's answer, without waiting for a close that may not come.
      if (child.pid === undefined) resolve({ status: null, signal: null, stdout: "", stderr: "", pid: undefined, error: err });
    });
    // A child that exits without reading its stdin makes the write fail with EPIPE: not our error.
    child.stdin?.on("error", () => undefined);
    child.stdin?.end(options.input ?? "");
    child.on("close", (status, signal) =>
      resolve({
        status,
        signal,
        stdout: Buffer.concat(stdout).toString("utf8"),
        stderr: Buffer.concat(stderr).toString("utf8"),
        pid: child.pid,
        ...(error ? { error } : {}),
      }),
    );
  });
}

import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeSettings, parseCliArgs } from "../../emulator/cli-args";
import { resolveOptions } from "../../emulator/options";
import { basic, send } from "./helpers";

const root = path.resolve(__dirname, "..", "..");
const cli = path.join(root, "dist", "emulator", "cli.js");

function newestSource(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return Math.max(newest, newestSource(full));
    return entry.name.endsWith(".ts") ? Math.max(newest, statSync(full).mtimeMs) : newest;
  }, 0);
}

/** Builds with the package's build config when dist/ is older than the emulator sources. */
function ensureBuilt(): void {
  if (existsSync(cli) && statSync(cli).mtimeMs >= newestSource(path.join(root, "emulator"))) return;
  // Errors in other folders do not stop tsc from emitting; what matters is a fresh cli.js.
  spawnSync(process.execPath, [path.join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json"], { cwd: root, stdio: "ignore" });
  if (!existsSync(cli) || statSync(cli).mtimeMs < newestSource(path.join(root, "emulator"))) throw new Error("build did not produce a fresh dist/emulator/cli.js");
}

/** Spawns the CLI and resolves with its output once it prints the listening line. */
function launch(args: string[]): Promise<{ child: ChildProcess; output: string; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const timer = setTimeout(() => reject(new Error(`no listening line; output: ${output}`)), 20_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^listening on (http:\/\/127\.0\.0\.1:(\d+))$/m.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, output, url: match[1] as string });
      }
    });
    child.on("exit", (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

describe("argument parsing", () => {
  it("reads every flag", () => {
    const args = parseCliArgs(["--port", "0", "--fault-rate", "0.25", "--fault-kinds", "429,drop", "--step-ms", "10", "--no-quirks"]);
    expect(args.options).toEqual({ port: 0, faultRate: 0.25, faultKinds: ["429", "drop"], stepMs: 10, quirks: false });
  });

  it.each([
    [["--port", "abc"], "--port must be a number"],
    [["--fault-kinds", "429,boom"], "unknown kind boom"],
    [["--unknown"], "Unknown option"],
  ])("refuses %j", (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(message);
  });

  it("prints given secrets as (set) and the fake defaults as they are", () => {
    const given = describeSettings(resolveOptions({ keySecret: "real-secret", stackToken: "real-token" }), { keySecret: true, stackToken: true }).join("\n");
    expect(given).not.toContain("real-secret");
    expect(given).not.toContain("real-token");
    expect(given).toMatch(/key secret\s+\(set\)/);
    const defaults = describeSettings(resolveOptions({}), { keySecret: false, stackToken: false }).join("\n");
    expect(defaults).toContain("emulator-key-secret");
    expect(defaults).toContain("emulator-stack-token");
  });
});

describe("the compiled CLI", () => {
  let running: { child: ChildProcess; output: string; url: string };
  beforeAll(async () => {
    ensureBuilt();
    running = await launch(["--port", "0", "--key-secret", "cli-secret-123", "--step-ms", "0"]);
  }, 120_000);
  afterAll(() => {
    if (running?.child.exitCode === null) running.child.kill("SIGKILL");
  });

  it("prints its settings, hides a given secret, and listens where it says", async () => {
    expect(running.output).toContain("pipestack-emulator settings:");
    expect(running.output).not.toContain("cli-secret-123");
    expect(running.output).toContain("emulator-stack-token");
    const base = `${running.url}/v1/organizations/00000000-0000-4000-8000-000000000001/services/00000000-0000-4000-8000-000000000002`;
    expect((await send(`${base}/pipes`, "GET")).status).toBe(401);
    const ok = await send(`${base}/pipes`, "GET", undefined, { authorization: basic("emulator-key-id", "cli-secret-123") });
    expect(ok.status).toBe(200);
    expect(ok.json.result).toEqual([]);
  });

  it("stops cleanly on SIGTERM", async () => {
    const exited = exitOf(running.child);
    running.child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  it("exits 2 with usage on a bad flag", () => {
    const result = spawnSync(process.execPath, [cli, "--fault-rate", "x"], { encoding: "utf8" });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--fault-rate must be a number");
    expect(result.stderr).toContain("Usage: pipestack-emulator");
  });
});

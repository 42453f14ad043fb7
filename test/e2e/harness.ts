/**
 * End-to-end harness: one Pulumi stack driven by the real CLI against an in-process emulator.
 *
 * Per test file: a temporary PULUMI_HOME, a file backend and a stack config file (nothing is
 * written into the checkout: `--config-file` points outside it), and an emulator on port 0 with
 * short lifecycle steps. Every command runs with `--non-interactive`; everything the CLI printed
 * is kept, so the tests can search it for secrets.
 *
 * CLI commands run asynchronously: the emulator shares this process's event loop with the test,
 * and the dynamic-provider process the CLI starts talks to it over HTTP.
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { expect } from "vitest";
import type { Emulator, EmulatorOptions } from "../../emulator";
import { startTestEmulator } from "../support/emulator";
import { rawJson } from "../support/raw-api";
import { runProcess } from "../support/run-process";
import { storedObjects, storedPipes } from "../support/stored";
import type { ExportedResource } from "./state";

export { checkSerializedProviders, expectCiphertext, resourcesOf, type ExportedResource } from "./state";

export const repoRoot = path.resolve(__dirname, "..", "..");

/** What Pulumi writes for an unknown value in previews. */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

let cliBin: string | undefined;

/** The folder holding `pulumi`, the language host and the dynamic-provider launcher. */
export async function pulumiBin(): Promise<string> {
  if (cliBin) return cliBin;
  if (process.env.PIPESTACK_PULUMI_BIN) return (cliBin = process.env.PIPESTACK_PULUMI_BIN);
  const r = await runProcess("bash", [path.join(repoRoot, "scripts", "ensure-pulumi.sh")], { stderr: "inherit" });
  if (r.status !== 0) throw new Error("scripts/ensure-pulumi.sh could not make the Pulumi CLI ready");
  return (cliBin = r.stdout.trim().split("\n").pop()!);
}

/** One CLI command and what it printed. */
export interface Run {
  args: string[];
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

/** A step of `pulumi preview --json`. */
export interface PreviewStep {
  op: string;
  urn: string;
  diffReasons?: string[];
  replaceReasons?: string[];
  detailedDiff?: Record<string, { kind: string; inputDiff?: boolean }> | null;
  oldState?: { inputs?: Record<string, unknown>; outputs?: Record<string, unknown> };
  newState?: { inputs?: Record<string, unknown>; outputs?: Record<string, unknown> };
}

export interface StackOptions {
  /** The program's folder, relative to the repository root (e.g. `examples/quickstart`), or absolute. */
  program: string;
  /** Plain stack config, `key` in the project's namespace or `ns:key`. */
  config?: Record<string, string>;
  /** Secret stack config (`--secret`); every value is also searched for in what was printed. */
  secretConfig?: Record<string, string>;
  /** More plaintext values that must never appear (e.g. credentials passed as plain strings). */
  secrets?: string[];
  emulator?: EmulatorOptions;
  /** Settings of the open-source stack server target: `pipestack:stackUrl` and its token. */
  stackServer?: boolean;
  stack?: string;
  /** Let the file backend keep its checkpoint backups (`.pulumi/backups`), to search them too. @default false */
  checkpointBackups?: boolean;
  /** More folders to put on PATH after the CLI's (e.g. the YAML language host's). */
  path?: string[];
  /** More environment variables for the CLI and the processes it starts (`PIPESTACK_*` ones too). */
  env?: Record<string, string>;
}

/** A stack of one program, its emulator and everything the CLI printed. */
export class E2EStack {
  readonly printed: string[] = [];
  readonly runs: Run[] = [];
  private readonly env: NodeJS.ProcessEnv;
  private readonly configFile: string;
  readonly secretValues: string[];

  private constructor(
    readonly options: StackOptions,
    readonly emulator: Emulator,
    readonly tmp: string,
    readonly stack: string,
    private readonly bin: string,
  ) {
    this.configFile = path.join(tmp, `Pulumi.${stack}.yaml`);
    const env: NodeJS.ProcessEnv = {};
    // Nothing from the caller's Pulumi or pipestack settings leaks in.
    for (const [k, v] of Object.entries(process.env)) if (!/^(PULUMI_|PIPESTACK_)/.test(k)) env[k] = v;
    Object.assign(env, {
      PATH: [bin, ...(options.path ?? []), path.join(repoRoot, "node_modules", "@pulumi", "pulumi"), process.env.PATH].join(path.delimiter),
      PULUMI_HOME: path.join(tmp, "home"),
      PULUMI_BACKEND_URL: `file://${path.join(tmp, "backend")}`,
      PULUMI_CONFIG_PASSPHRASE: "e2e-passphrase",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_CHECKPOINT_BACKUPS: "true",
      // The examples are typechecked by test/package/examples-compile.test.ts; ts-node need not again.
      PULUMI_NODEJS_TRANSPILE_ONLY: "true",
      NO_COLOR: "1",
    });
    if (options.checkpointBackups) delete env.PULUMI_DISABLE_CHECKPOINT_BACKUPS;
    Object.assign(env, options.env);
    this.env = env;
    this.secretValues = [...Object.values(options.secretConfig ?? {}), ...(options.secrets ?? []), emulator.options.keySecret, emulator.options.stackToken];
  }

  /** Starts the emulator, creates the stack and sets its config. */
  static async open(options: StackOptions): Promise<E2EStack> {
    const emulator = await startTestEmulator({ stepMs: 20, ...options.emulator });
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-e2e-"));
    fs.mkdirSync(path.join(tmp, "backend"), { recursive: true });
    const stack = options.stack ?? "e2e";
    const s = new E2EStack(options, emulator, tmp, stack, await pulumiBin());
    try {
      await s.init();
    } catch (err) {
      await s.close();
      throw err;
    }
    return s;
  }

  private async init(): Promise<void> {
    // `stack init` writes the stack's config file next to Pulumi.yaml: run it on a copy of the
    // project file outside the checkout, then use that file as the stack's config file.
    const project = path.join(this.tmp, "project");
    fs.mkdirSync(project);
    fs.copyFileSync(path.resolve(repoRoot, this.options.program, "Pulumi.yaml"), path.join(project, "Pulumi.yaml"));
    await this.must(["stack", "init", this.stack, "--cwd", project], false);
    fs.renameSync(path.join(project, `Pulumi.${this.stack}.yaml`), this.configFile);
    const e = this.emulator;
    const config: Record<string, string> = {
      "pipestack:apiUrl": e.url,
      "pipestack:keyId": e.options.keyId,
      "pipestack:organizationId": e.options.organizationId,
      "pipestack:serviceId": e.options.serviceId,
      "pipestack:pollIntervalMs": "20",
      "pipestack:retryBaseDelayMs": "5",
      ...(this.options.stackServer ? { "pipestack:stackUrl": e.url } : {}),
      ...this.options.config,
    };
    const secret: Record<string, string> = {
      "pipestack:keySecret": e.options.keySecret,
      ...(this.options.stackServer ? { "pipestack:stackToken": e.options.stackToken } : {}),
      ...this.options.secretConfig,
    };
    const args = ["config", "set-all", ...this.stackArgs()];
    for (const [k, v] of Object.entries(config)) args.push("--plaintext", `${k}=${v}`);
    for (const [k, v] of Object.entries(secret)) args.push("--secret", `${k}=${v}`);
    await this.must(args);
  }

  /** The environment the CLI runs in, for a command that runs `pulumi` itself. */
  get cliEnv(): NodeJS.ProcessEnv {
    return this.env;
  }

  /** The flags that name this stack and its config file to a `pulumi` command run elsewhere. */
  get stackFlags(): string[] {
    return ["--stack", this.stack, "--config-file", this.configFile];
  }

  /** The program's folder (absolute). */
  get programDir(): string {
    return path.resolve(repoRoot, this.options.program);
  }

  private stackArgs(): string[] {
    return ["--cwd", this.programDir, "--stack", this.stack, "--config-file", this.configFile];
  }

  /** Runs `pulumi <args>` for this stack; never throws on a non-zero exit. */
  pulumi(args: string[], withStack = true): Promise<Run> {
    return this.spawned("pulumi", [...args, ...(withStack ? this.stackArgs() : []), "--non-interactive"], repoRoot, this.env);
  }

  /**
   * Runs a shell command line of the docs as a user would, in `cwd`: the `pulumi` it calls is this
   * stack's (a wrapper that adds the stack's `--cwd`, `--stack` and `--config-file`). Never throws
   * on a non-zero exit.
   */
  shell(command: string, cwd: string): Promise<Run> {
    const bin = path.join(this.tmp, "shell-bin");
    if (!fs.existsSync(bin)) {
      fs.mkdirSync(bin);
      const real = path.join(this.bin, "pulumi");
      const quoted = [...this.stackArgs(), "--non-interactive"].map((a) => `'${a}'`).join(" ");
      fs.writeFileSync(path.join(bin, "pulumi"), `#!/bin/sh\nexec '${real}' "$@" ${quoted}\n`, { mode: 0o755 });
    }
    return this.spawned("sh", ["-c", command], cwd, { ...this.env, PATH: `${bin}${path.delimiter}${this.env.PATH}` });
  }

  private async spawned(command: string, full: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
    const started = Date.now();
    const run = await new Promise<Run>((resolve, reject) => {
      const child = spawn(command, full, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      child.on("error", reject);
      child.on("close", (code) => resolve({ args: full, code: code ?? -1, stdout, stderr, ms: Date.now() - started }));
    });
    this.runs.push(run);
    this.printed.push(run.stdout, run.stderr);
    return run;
  }

  /**
   * Starts `pulumi <args>` for this stack in a process group of its own, so a test can kill the
   * CLI with every process it started (`process.kill(-child.pid, "SIGKILL")`) as a crash would.
   */
  startDetached(args: string[]): { child: ChildProcess; done: Promise<Run> } {
    const full = [...args, ...this.stackArgs(), "--non-interactive"];
    const started = Date.now();
    const child = spawn("pulumi", full, { cwd: repoRoot, env: this.env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const done = new Promise<Run>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", (code, signal) => {
        const run = { args: full, code: code ?? (signal ? -1 : 0), stdout, stderr, ms: Date.now() - started };
        this.runs.push(run);
        this.printed.push(stdout, stderr);
        resolve(run);
      });
    });
    return { child, done };
  }

  /** Like {@link pulumi}, failing the test with everything printed when the exit is not 0. */
  async must(args: string[], withStack = true): Promise<Run> {
    const run = await this.pulumi(args, withStack);
    if (run.code !== 0) {
      throw new Error(`pulumi ${args.join(" ")} exited ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`);
    }
    return run;
  }

  setConfig(key: string, value: string, secret = false): Promise<Run> {
    return this.must(["config", "set", key, value, ...(secret ? ["--secret"] : [])]);
  }

  removeConfig(key: string): Promise<Run> {
    return this.must(["config", "rm", key]);
  }

  /** `pulumi up` without its own preview (the tests preview separately). */
  up(): Promise<Run> {
    return this.must(["up", "--yes", "--skip-preview", "--diff"]);
  }

  refresh(): Promise<Run> {
    return this.must(["refresh", "--yes", "--diff"]);
  }

  destroy(): Promise<Run> {
    return this.must(["destroy", "--yes"]);
  }

  /**
   * `pulumi preview --json`: its steps by resource name (the URN's last segment). A replacement
   * has several steps for one resource (`create-replacement`, `replace`, `delete-replaced`):
   * the `replace` step is kept, and `ops` lists them all in order.
   */
  async previewJson(): Promise<Record<string, PreviewStep & { ops: string[] }>> {
    const run = await this.must(["preview", "--json"]);
    const json = JSON.parse(run.stdout) as { steps?: PreviewStep[] };
    const steps: Record<string, PreviewStep & { ops: string[] }> = {};
    for (const step of json.steps ?? []) {
      const name = step.urn.split("::").pop()!;
      const ops = [...(steps[name]?.ops ?? []), step.op];
      steps[name] = steps[name] && steps[name].op === "replace" ? { ...steps[name], ops } : { ...step, ops };
    }
    return steps;
  }

  /** `pulumi preview --expect-no-changes --diff`: passes only when nothing would change. */
  expectNoChanges(): Promise<Run> {
    return this.must(["preview", "--expect-no-changes", "--diff"]);
  }

  /** The stack's state as `pulumi stack export` prints it (secrets encrypted). */
  async exportState(): Promise<{ text: string; resources: ExportedResource[] }> {
    const run = await this.must(["stack", "export", "--stack", this.stack, "--cwd", this.programDir], false);
    const json = JSON.parse(run.stdout) as { deployment?: { resources?: ExportedResource[] } };
    return { text: run.stdout, resources: json.deployment?.resources ?? [] };
  }

  /** Stack outputs (secrets shown as `[secret]`, or with `showSecrets` as they are). */
  async outputs(showSecrets = false): Promise<Record<string, unknown>> {
    const run = await this.must(
      ["stack", "output", "--json", ...(showSecrets ? ["--show-secrets"] : []), "--stack", this.stack, "--cwd", this.programDir],
      false,
    );
    return JSON.parse(run.stdout) as Record<string, unknown>;
  }

  /**
   * No secret value in plaintext anywhere: not in the exported state, not in anything the CLI
   * printed so far, not in the stack's config file. Returns the export for further checks.
   */
  async assertNoPlaintextSecrets(): Promise<{ text: string; resources: ExportedResource[] }> {
    const exported = await this.exportState();
    const printed = this.printed.join("\n");
    const configText = fs.readFileSync(this.configFile, "utf8");
    for (const secret of this.secretValues) {
      expect(exported.text.includes(secret), `stack export contains the secret ${mask(secret)}`).toBe(false);
      expect(printed.includes(secret), `the CLI printed the secret ${mask(secret)}`).toBe(false);
      expect(configText.includes(secret), `the config file holds the secret ${mask(secret)} in plaintext`).toBe(false);
    }
    return exported;
  }

  /**
   * Every file of this stack's folder as text, each after its path: the state and its history,
   * the Pulumi home's logs and the config file (the installed plugins left out).
   */
  storedFiles(): string {
    const out: string[] = [];
    const walk = (dir: string): void => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const at = path.join(dir, e.name);
        if (e.isDirectory() && at !== path.join(this.tmp, "home", "plugins")) walk(at);
        else if (e.isFile()) out.push(`== ${path.relative(this.tmp, at)}\n${fs.readFileSync(at, "utf8")}`);
      }
    };
    walk(this.tmp);
    return out.join("\n");
  }

  /** The pipes the emulator holds for the default service. */
  pipes(): Record<string, any>[] {
    return storedPipes(this.emulator);
  }

  /** Every object the emulator holds (pipes, dashboards, alerts, on both stack surfaces). */
  storedObjects(): number {
    return storedObjects(this.emulator);
  }

  /** Calls the emulator's cloud API under the default service, as a user with the API key would. */
  cloudApi(method: string, subpath: string, body?: unknown): Promise<any> {
    return rawJson(this.emulator, "cloud", method, subpath, body);
  }

  /** Calls the emulator's open-source stack API (`/api/v2`) with its bearer token. */
  stackApi(method: string, subpath: string, body?: unknown): Promise<any> {
    return rawJson(this.emulator, "stack-server", method, subpath, body);
  }

  /** Stops the emulator and removes the temporary folder (state, Pulumi home, config). */
  /**
   * Kills what a killed CLI leaves behind: its plugins (language host, dynamic provider) run in
   * process groups of their own and outlive it. They are found by this stack's PULUMI_HOME in
   * their environment (Linux /proc; elsewhere nothing is found).
   */
  killLeftovers(): number {
    const marker = `PULUMI_HOME=${this.env.PULUMI_HOME}\0`;
    let killed = 0;
    let pids: string[] = [];
    try {
      pids = fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p) && Number(p) !== process.pid);
    } catch {
      return 0;
    }
    for (const pid of pids) {
      try {
        if (!fs.readFileSync(`/proc/${pid}/environ`, "latin1").includes(marker)) continue;
        process.kill(Number(pid), "SIGKILL");
        killed += 1;
      } catch {
        // gone already, or not ours to read
      }
    }
    return killed;
  }

  async close(): Promise<void> {
    try {
      this.killLeftovers();
      await this.emulator.close();
    } finally {
      fs.rmSync(this.tmp, { recursive: true, force: true });
    }
  }
}

function mask(secret: string): string {
  return `${secret.slice(0, 3)}…(${secret.length} chars)`;
}

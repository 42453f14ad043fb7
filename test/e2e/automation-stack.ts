/**
 * A stack driven by a program in another language through its SDK's Automation API, one step per
 * process (test/e2e/python/automation.py, test/e2e/go/main.go), against an emulator in this
 * process. Per test file: a temporary PULUMI_HOME holding the native plugin installed from
 * `pack-plugin`'s tarball (so the engine finds it by the version the SDK asks for, as a user's
 * machine does), a local file backend, and everything each step printed, the engine events and
 * the state, kept to be searched for secrets.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { Emulator } from "../../emulator";
import { basicAuthSecrets, secretForms } from "../../provider/client/redact";
import { startTestEmulator } from "../support/emulator";
import { runProcess } from "../support/run-process";
import { pulumiBin, repoRoot, type ExportedResource, type PreviewStep } from "./harness";

/** What one step printed and returned. */
export interface StepResult {
  outputs?: Record<string, unknown>;
  summary?: Record<string, number>;
  steps?: PreviewStep[];
}

/** How to run the program: the command (and its first arguments) and its environment. */
export interface StepCommand {
  argv: string[];
  env?: Record<string, string>;
}

/** Runs a command to its end without blocking the event loop the emulator serves on. */
function runAsync(argv: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0], argv.slice(1), { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

export class AutomationStack {
  /** Everything the steps and the CLI printed, in order. */
  readonly printed: string[] = [];
  readonly seconds: Record<string, number> = {};
  readonly env: NodeJS.ProcessEnv;
  readonly config: Record<string, { value: string; secret: boolean }>;
  readonly events: string;
  readonly workDir: string;

  private constructor(
    readonly emulator: Emulator,
    readonly tmp: string,
    secretConfig: Record<string, string>,
    private readonly bin: string,
  ) {
    const e = emulator;
    const env: NodeJS.ProcessEnv = {};
    // Nothing from the caller's Pulumi or pipestack settings leaks in.
    for (const [k, v] of Object.entries(process.env)) if (!/^(PULUMI_|PIPESTACK_)/.test(k)) env[k] = v;
    this.workDir = path.join(tmp, "project");
    this.events = path.join(tmp, "events.jsonl");
    fs.mkdirSync(this.workDir);
    fs.mkdirSync(path.join(tmp, "backend"));
    Object.assign(env, {
      PATH: [bin, process.env.PATH].join(path.delimiter),
      PULUMI_HOME: path.join(tmp, "home"),
      PULUMI_BACKEND_URL: `file://${path.join(tmp, "backend")}`,
      PULUMI_CONFIG_PASSPHRASE: "e2e-passphrase",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PIPESTACK_E2E_WORK_DIR: this.workDir,
      PIPESTACK_E2E_EVENTS: this.events,
      NO_COLOR: "1",
    });
    this.env = env;
    const plain = (value: string) => ({ value, secret: false });
    const secret = (value: string) => ({ value, secret: true });
    this.config = {
      "pipestack:apiUrl": plain(e.url),
      "pipestack:keyId": plain(e.options.keyId),
      "pipestack:keySecret": secret(e.options.keySecret),
      "pipestack:organizationId": plain(e.options.organizationId),
      "pipestack:serviceId": plain(e.options.serviceId),
      "pipestack:stackUrl": plain(e.url),
      "pipestack:stackToken": secret(e.options.stackToken),
      "pipestack:pollIntervalMs": plain("20"),
      "pipestack:retryBaseDelayMs": plain("5"),
      ...Object.fromEntries(Object.entries(secretConfig).map(([k, v]) => [k, secret(v)])),
    };
  }

  /**
   * Starts an emulator of the current stack API (saved searches) and installs the native plugin of
   * this checkout, as `pack-plugin` packs it, into a Pulumi home of the stack's own (unless
   * `plugin: false`: then the engine gets it on the first step, as where no one installed it).
   */
  static async open(secretConfig: Record<string, string>, opts: { plugin?: boolean } = {}): Promise<AutomationStack> {
    const emulator = await startTestEmulator({ stepMs: 20, stackApiVersion: "2.36.0" });
    const s = new AutomationStack(emulator, fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-automation-")), secretConfig, await pulumiBin());
    try {
      if (opts.plugin !== false) await s.timed("plugin install", () => s.installPlugin());
    } catch (err) {
      await s.close();
      throw err;
    }
    return s;
  }

  private async installPlugin(): Promise<void> {
    const out = path.join(this.tmp, "pack");
    const packed = await runProcess("node", [path.join(repoRoot, "scripts", "pack-plugin.js"), "--out", out]);
    if (packed.status !== 0) throw new Error(`pack-plugin failed\n${packed.stderr}`);
    const tarball = packed.stdout.trim().split("\n").pop()!;
    const version = /-v([^-]+)-[^-]+-[^-]+\.tar\.gz$/.exec(tarball)?.[1];
    if (!version) throw new Error(`pack-plugin printed no tarball: ${packed.stdout}`);
    await this.cli(["plugin", "install", "resource", "pipestack", version, "-f", tarball]);
  }

  async timed<T>(what: string, f: () => Promise<T>): Promise<T> {
    const started = Date.now();
    try {
      return await f();
    } finally {
      this.seconds[what] = (this.seconds[what] ?? 0) + (Date.now() - started) / 1000;
    }
  }

  /** `pulumi <args>` on this stack's home and backend; fails with what it printed unless it exits 0. */
  async cli(args: string[]): Promise<string> {
    const r = await runAsync([path.join(this.bin, "pulumi"), ...args, "--non-interactive"], this.env, this.workDir);
    this.printed.push(r.stdout, r.stderr);
    if (r.code !== 0) throw new Error(`pulumi ${args.join(" ")} exited ${r.code}\n${r.stdout}\n${r.stderr}`);
    return r.stdout;
  }

  /** Sets a config value for the next steps. */
  setConfig(key: string, value: string, secret = false): void {
    this.config[key] = { value, secret };
  }

  /** Runs one step of the program (`up`, `preview`, `import ...`, `destroy`); its result line. */
  async step(program: StepCommand, args: string[]): Promise<StepResult> {
    const env = { ...this.env, ...program.env, PIPESTACK_E2E_CONFIG: JSON.stringify(this.config) };
    const r = await this.timed(args[0], () => runAsync([...program.argv, ...args], env, this.tmp));
    this.printed.push(r.stdout, r.stderr);
    const line = r.stdout
      .split("\n")
      .reverse()
      .find((l) => l.startsWith("RESULT "));
    if (r.code !== 0 || !line) throw new Error(`step ${args.join(" ")} exited ${r.code}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`);
    return JSON.parse(line.slice("RESULT ".length)) as StepResult;
  }

  /** The stack's state as `pulumi stack export` prints it (secrets encrypted). */
  async exportState(): Promise<{ text: string; resources: ExportedResource[] }> {
    const text = await this.cli(["stack", "export", "--stack", "dev"]);
    const json = JSON.parse(text) as { deployment?: { resources?: ExportedResource[] } };
    return { text, resources: json.deployment?.resources ?? [] };
  }

  /**
   * Every text a secret must never be found in: what the steps and the CLI printed, the engine
   * events, and every file of the backend (state, history) and of the project folder (config).
   */
  texts(): Record<string, string> {
    const texts: Record<string, string> = { printed: this.printed.join("\n") };
    if (fs.existsSync(this.events)) texts.events = fs.readFileSync(this.events, "utf8");
    for (const dir of [path.join(this.tmp, "backend"), this.workDir]) {
      for (const f of fs.readdirSync(dir, { recursive: true, encoding: "utf8" })) {
        const file = path.join(dir, f);
        if (fs.statSync(file).isFile()) texts[path.relative(this.tmp, file)] = fs.readFileSync(file, "utf8");
      }
    }
    return texts;
  }

  /** Each secret of this stack (the config's and `more`) in each text form it may take: plain, base64, URL-encoded... */
  secretForms(more: string[] = []): { secret: string; forms: string[] }[] {
    const e = this.emulator.options;
    const secrets = [...Object.values(this.config).flatMap((c) => (c.secret ? [c.value] : [])), ...more];
    const out = secrets.map((secret) => ({ secret, forms: secretForms(secret) }));
    out.push({ secret: "the cloud key's Authorization header", forms: basicAuthSecrets(e.keyId, e.keySecret).slice(1) });
    return out;
  }

  async close(): Promise<void> {
    try {
      await this.emulator.close();
    } finally {
      fs.rmSync(this.tmp, { recursive: true, force: true });
    }
  }
}

// The real Pulumi CLI on the bench program: a throwaway workspace (a copy of bench/program whose
// node_modules links to the checkout's), a file backend and PULUMI_HOME of its own, one stack.
"use strict";
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { spawn, spawnSync } = require("node:child_process");
const { root } = require("./options");
const { sampleProviderProcesses } = require("./provider-processes");

const PROGRAM_FILES = ["Pulumi.yaml", "package.json", "tsconfig.json", "index.ts"];

/**
 * The folder holding `pulumi`, its Node.js language host and the dynamic-provider launcher:
 * PIPESTACK_PULUMI_BIN as the tests take it, else what scripts/ensure-pulumi.sh makes ready.
 */
function pulumiBin() {
  if (process.env.PIPESTACK_PULUMI_BIN) return process.env.PIPESTACK_PULUMI_BIN;
  const r = spawnSync("bash", [path.join(root, "scripts", "ensure-pulumi.sh")], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (r.status !== 0) throw new Error("scripts/ensure-pulumi.sh failed: the Pulumi CLI is not ready");
  return r.stdout.trim().split("\n").pop();
}

class Workspace {
  constructor() {
    this.bin = pulumiBin();
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-bench-"));
    this.cwd = path.join(this.dir, "program");
    fs.mkdirSync(this.cwd);
    for (const f of PROGRAM_FILES) fs.copyFileSync(path.join(root, "bench", "program", f), path.join(this.cwd, f));
    // Modules (the package by its name, @pulumi/pulumi, the provider's launcher) resolve as in the checkout.
    fs.symlinkSync(path.join(root, "node_modules"), path.join(this.cwd, "node_modules"), "dir");
    fs.mkdirSync(path.join(this.dir, "state"));
    const env = { ...process.env };
    for (const k of Object.keys(env)) if (k.startsWith("PIPESTACK_") || k.startsWith("PULUMI_")) delete env[k];
    this.env = {
      ...env,
      PATH: `${this.bin}${path.delimiter}${env.PATH ?? ""}`,
      PULUMI_HOME: path.join(this.dir, "home"),
      PULUMI_BACKEND_URL: `file://${path.join(this.dir, "state")}`,
      PULUMI_CONFIG_PASSPHRASE: "pipestack-bench",
      PULUMI_SKIP_UPDATE_CHECK: "true",
    };
    this.child = undefined;
  }

  /**
   * Runs `pulumi ...args` to the end (killed after `timeoutMs`); resolves to its wall time in
   * seconds and output, or rejects with the tail of its output. `onStart(pid)` may return a
   * function called (with nothing) when the process has ended; its result is returned as `probe`.
   * `env` adds to the workspace's environment for this run only. `onUpdate` is called once, when
   * the CLI prints that its update (or destroy) begins after its preview.
   */
  run(args, { timeoutMs = 600_000, onStart, env, onUpdate } = {}) {
    return new Promise((resolve, reject) => {
      const t0 = process.hrtime.bigint();
      // Through bash, whose `times` then reports the CPU of the CLI and of everything it started
      // (engine, language host, program, provider processes: each reaped by its parent).
      const script = 'pulumi "$@"; rc=$?; times >&3; exit $rc';
      const child = spawn("bash", ["-c", script, "bash", ...args], {
        cwd: this.cwd,
        env: { ...this.env, ...env },
        detached: true,
        stdio: ["ignore", "pipe", "pipe", "pipe"],
      });
      this.child = child;
      const probe = onStart?.(child.pid);
      let out = "";
      let stdout = "";
      let times = "";
      let updating = false;
      child.stdout.on("data", (d) => {
        out += d;
        stdout += d;
        if (onUpdate && !updating && UPDATE_BEGINS.test(stdout)) {
          updating = true;
          onUpdate();
        }
      });
      child.stderr.on("data", (d) => (out += d));
      child.stdio[3].on("data", (d) => (times += d));
      const timer = setTimeout(() => {
        out += `\n[bench] pulumi ${args[0]} killed after ${timeoutMs / 1000} s\n`;
        this.kill();
      }, timeoutMs);
      child.on("error", (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.on("close", (code, signal) => {
        clearTimeout(timer);
        this.child = undefined;
        const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
        const probed = probe?.();
        if (code === 0) resolve({ seconds, cpuSeconds: childCpuSeconds(times), out, stdout, probe: probed });
        else reject(new Error(`pulumi ${args.join(" ")} exited with ${code ?? signal}:\n${out.split("\n").slice(-30).join("\n")}`));
      });
    });
  }

  /** Stops the running CLI and everything it started (its own process group). */
  kill() {
    if (!this.child?.pid) return;
    try {
      process.kill(-this.child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }

  async init(emulator) {
    await this.run(["stack", "init", "bench", "--non-interactive"]);
    const o = emulator.options;
    for (const [key, value] of [
      ["pipestack:apiUrl", emulator.url],
      ["pipestack:keyId", o.keyId],
      ["pipestack:organizationId", o.organizationId],
      ["pipestack:serviceId", o.serviceId],
    ]) {
      await this.run(["config", "set", key, value]);
    }
    await this.run(["config", "set", "--secret", "pipestack:keySecret", o.keySecret]);
  }

  setCount(n) {
    return this.run(["config", "set", "count", String(n)]);
  }

  /**
   * What the program declares: `pipe` (the package's pipes) or `noop` (the engine's floor);
   * `native` or `native-noop` for the same on the native face (bench/program/index.ts).
   */
  setKind(kind) {
    return this.run(["config", "set", "kind", kind]);
  }

  /**
   * `pulumi up` as users run it (preview first, default parallelism), with the provider processes'
   * peak RSS and CPU seconds and the program's CPU seconds (its preview and update passes). `env`
   * adds settings for this run (e.g. PULUMI_SKIP_CHECKPOINTS).
   */
  async up(timeoutMs, { env, onUpdate } = {}) {
    const r = await this.run(["up", "--yes", "--non-interactive"], { timeoutMs, env, onUpdate, onStart: sampled });
    return {
      seconds: r.seconds,
      rss: r.probe,
      cpuSeconds: r.probe.cpuSeconds,
      programCpuSeconds: r.probe.programCpuSeconds,
      totalCpuSeconds: r.cpuSeconds,
      processes: r.probe.byKind,
    };
  }

  /** `pulumi preview`; unless told otherwise, it must find nothing to do. */
  async preview(timeoutMs, { expectNoChanges = true, env } = {}) {
    const r = await this.run(["preview", "--non-interactive", ...(expectNoChanges ? ["--expect-no-changes"] : [])], { timeoutMs, env, onStart: sampled });
    return {
      seconds: r.seconds,
      cpuSeconds: r.probe.cpuSeconds,
      programCpuSeconds: r.probe.programCpuSeconds,
      totalCpuSeconds: r.cpuSeconds,
      processes: r.probe.byKind,
    };
  }

  /** `pulumi destroy`; of the resources `targets` (URNs) only when given. */
  async destroy(timeoutMs, { env, onUpdate, targets = [] } = {}) {
    const args = ["destroy", "--yes", "--non-interactive", ...targets.flatMap((urn) => ["--target", urn])];
    const r = await this.run(args, { timeoutMs, env, onUpdate, onStart: sampled });
    return { seconds: r.seconds, cpuSeconds: r.probe.cpuSeconds, totalCpuSeconds: r.cpuSeconds, processes: r.probe.byKind };
  }

  /** Sets one config value of the bench program (`pulumi config set`); `secret` encrypts it. */
  set(key, value, { secret = false } = {}) {
    return this.run(["config", "set", ...(secret ? ["--secret"] : []), key, String(value)]);
  }

  /** Sets several plain config values of the bench program in one CLI run (`pulumi config set-all`). */
  setAll(values) {
    return this.run(["config", "set-all", ...Object.entries(values).flatMap(([k, v]) => ["--plaintext", `${k}=${v}`])]);
  }

  /** The URNs of the stack's resources whose type ends in `:<type>` (both faces' tokens do). */
  async urnsOfType(type) {
    const state = JSON.parse(await this.exportState());
    return (state.deployment?.resources ?? []).filter((r) => r.type.endsWith(`:${type}`)).map((r) => r.urn);
  }

  /** The stack's state as `pulumi stack export` prints it (JSON text); `env` as for {@link up}. */
  async exportState({ env } = {}) {
    return (await this.run(["stack", "export"], { env })).stdout;
  }

  /** The default of `pulumi up --parallel` on this machine, as the CLI's help states it. */
  async defaultParallelism() {
    const r = await this.run(["up", "--help"]);
    const m = /--parallel int\d*\s.*\(default (\d+)\)/.exec(r.out);
    if (!m) throw new Error("could not read the default of --parallel from `pulumi up --help`");
    return Number(m[1]);
  }

  async version() {
    return (await this.run(["version"])).out.trim();
  }

  /** Stops a CLI still running and removes the workspace (state, home, program copy). */
  dispose() {
    this.kill();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** What `pulumi up` and `pulumi destroy` print when their update begins, after the preview. */
const UPDATE_BEGINS = /^(Updating|Destroying) \(/m;

/** User + system seconds of bash's children from its `times` output ("0m1.5s 0m0.2s", 2nd line). */
function childCpuSeconds(times) {
  const line = times.trim().split("\n")[1] ?? "";
  const secs = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return secs.length === 2 ? Number((secs[0] + secs[1]).toFixed(2)) : null;
}

/** Samples the provider and program processes below a CLI run's pid until it ends. */
function sampled(pid) {
  const sampler = sampleProviderProcesses(pid);
  return () => sampler.stop();
}

module.exports = { Workspace, pulumiBin };

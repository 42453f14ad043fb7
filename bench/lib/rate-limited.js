// The rate-limited run (issue 27, item 7): the program of test/e2e/rate-limit.test.ts
// (test/e2e/programs/tile-alerts: one dashboard, a tile alert on each of its tiles), with the
// project files of bench/rate-limited, through the real Pulumi CLI against an emulator that serves
// the open-source stack server's limit as API 2.36.0 applies it (100 requests a minute per key).
// `up` and `destroy` each report the requests the server counted, how many it answered 429, the
// wall time and that time over the floor the limit sets (requests / limit windows).
//
// Self-contained: its own emulator, workspace (a copy of the program whose node_modules links to
// the checkout's), file backend and PULUMI_HOME. It takes minutes (the limit is the point).
//
//   node bench/lib/rate-limited.js [--tiles 40] [--limit 100] [--window-ms 60000] [--latency-ms 0]
"use strict";
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { spawn } = require("node:child_process");
const { parseArgs } = require("node:util");
const { pulumiBin } = require("./cli");

const root = path.resolve(__dirname, "..", "..");
/** Where each file of the workspace comes from: the test's program, the bench's project files. */
const PROGRAM_FILES = {
  "index.ts": path.join(root, "test", "e2e", "programs", "tile-alerts", "index.ts"),
  "Pulumi.yaml": path.join(root, "bench", "rate-limited", "Pulumi.yaml"),
  "package.json": path.join(root, "bench", "rate-limited", "package.json"),
  "tsconfig.json": path.join(root, "bench", "rate-limited", "tsconfig.json"),
};

/** Runs `pulumi ...args` in `cwd`; resolves to its wall seconds, rejects with its output's tail. */
function pulumi(cwd, env, args, timeoutMs) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn("pulumi", args, { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const timer = setTimeout(() => {
      out += `\n[rate-limited] pulumi ${args[0]} killed after ${timeoutMs / 1000} s\n`;
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }, timeoutMs);
    child.on("error", (err) => (clearTimeout(timer), reject(err)));
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      if (code === 0) resolve({ seconds, out });
      else reject(new Error(`pulumi ${args.join(" ")} exited with ${code ?? signal}:\n${out.split("\n").slice(-30).join("\n")}`));
    });
  });
}

const round = (x, digits = 1) => Number(x.toFixed(digits));

/** What one operation cost, from the emulator's counters (reset before it) and its wall time. */
function costOf(stats, seconds, limit, windowMs) {
  const requests = stats.requests;
  const answered429 = stats.byStatus["429"] ?? 0;
  // The fewest seconds the limit allows for that many requests: one window per `limit` of them.
  const floorSeconds = (requests / limit) * (windowMs / 1000);
  return {
    requests,
    answered429,
    wallSeconds: round(seconds),
    floorSeconds: round(floorSeconds),
    overFloor: round(seconds / floorSeconds, 2),
    byRoute: stats.byRoute,
  };
}

/**
 * Runs the program's `up` then its `destroy` under the limit; resolves to
 * `{tiles, limit, windowMs, latencyMs, up: {requests, answered429, wallSeconds, floorSeconds, overFloor, byRoute}, destroy: {...}}`
 * (`floorSeconds`: requests / limit windows; `overFloor`: wall over that; `byRoute`: the requests by route).
 */
async function rateLimitedRun({ tiles = 40, limit = 100, windowMs = 60_000, latencyMs = 0, timeoutMs = 900_000 } = {}) {
  const { startEmulator } = require("pipestack-emulator");
  const bin = pulumiBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-rate-limited-"));
  const cwd = path.join(dir, "program");
  fs.mkdirSync(cwd);
  for (const [f, from] of Object.entries(PROGRAM_FILES)) fs.copyFileSync(from, path.join(cwd, f));
  fs.symlinkSync(path.join(root, "node_modules"), path.join(cwd, "node_modules"), "dir");
  fs.mkdirSync(path.join(dir, "state"));
  const base = { ...process.env };
  for (const k of Object.keys(base)) if (k.startsWith("PIPESTACK_") || k.startsWith("PULUMI_")) delete base[k];
  const env = {
    ...base,
    PATH: `${bin}${path.delimiter}${base.PATH ?? ""}`,
    PULUMI_HOME: path.join(dir, "home"),
    PULUMI_BACKEND_URL: `file://${path.join(dir, "state")}`,
    PULUMI_CONFIG_PASSPHRASE: "pipestack-bench",
    PULUMI_SKIP_UPDATE_CHECK: "true",
  };
  const emulator = await startEmulator({ port: 0, stepMs: 0, latencyMs, stackApiVersion: "2.36.0" });
  try {
    const run = (args) => pulumi(cwd, env, args, timeoutMs);
    const { stack } = emulator.control.state();
    await run(["stack", "init", "bench", "--non-interactive"]);
    for (const [key, value] of [
      ["pipestack:stackUrl", emulator.url],
      ["tiles", String(tiles)],
      ["sourceId", stack.sources[0].id],
      ["webhookId", stack.webhooks[0].id],
    ]) {
      await run(["config", "set", key, value]);
    }
    await run(["config", "set", "--secret", "pipestack:stackToken", emulator.options.stackToken]);
    // The limit from here on; its windows run from the emulator's start, as the server's from its own.
    const measure = async (args) => {
      emulator.control.resetStats();
      const r = await run(args);
      return costOf(emulator.control.stats(), r.seconds, limit, windowMs);
    };
    emulator.control.setFaults({ stackRateLimit: limit, stackRateWindowMs: windowMs });
    const up = await measure(["up", "--yes", "--non-interactive"]);
    const destroy = await measure(["destroy", "--yes", "--non-interactive"]);
    return { tiles, limit, windowMs, latencyMs, up, destroy };
  } finally {
    await emulator.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { rateLimitedRun };

if (require.main === module) {
  const { values } = parseArgs({
    options: { tiles: { type: "string" }, limit: { type: "string" }, "window-ms": { type: "string" }, "latency-ms": { type: "string" } },
  });
  const num = (v) => (v === undefined ? undefined : Number(v));
  rateLimitedRun({ tiles: num(values.tiles), limit: num(values.limit), windowMs: num(values["window-ms"]), latencyMs: num(values["latency-ms"]) })
    .then((r) => console.log(JSON.stringify(r, null, 2)))
    .catch((err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    });
}

// Time to first answer of a plugin: from its start to the port it prints on stdout, as the engine
// waits for it. The median of a few starts, one after the other (a lone start is noisy).
"use strict";
const { spawn } = require("node:child_process");

/** Milliseconds from spawning `command` to its port line; the process is then stopped. */
function timeToPort(command, args = [], env = process.env) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    // stdin stays open: the plugin stops when the engine's end of it closes.
    const child = spawn(command, args, { env, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d.toString();
      if (/^\d+\s*$/m.test(out)) {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        child.kill();
        resolve(ms);
      }
    });
    child.stderr.on("data", (d) => (err += d.toString()));
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`${command} exited ${code} before printing a port: ${out}${err}`)));
  });
}

/** The median of `runs` starts of `command`, and every sample. */
async function medianStart(command, args = [], env = process.env, runs = 5) {
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await timeToPort(command, args, env));
  const sorted = [...samples].sort((a, b) => a - b);
  return { medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]), samplesMs: samples.map(Math.round) };
}

module.exports = { medianStart, timeToPort };

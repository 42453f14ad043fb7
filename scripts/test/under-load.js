#!/usr/bin/env node
// Runs a command on a loaded machine, as issue 46 asks `npm test` to pass: two CPU-bound processes
// beside it from the start, and more while the one-minute load average is under the target, so that
// "at load 15" is a measured condition, not a hope. At the end it says what the load was, minute by
// minute summed up, and exits with the command's code.
//
//   node scripts/test/under-load.js [--load 15] [--base 2] [--max 16] [--samples FILE] -- npm test
"use strict";

const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");

/** Seconds between two burner decisions: the one-minute average needs about that long to show the last one. */
const STEP_S = 45;
/** Seconds between two load samples of the summary. */
const SAMPLE_S = 60;

/**
 * The next step of the burner count: +1 under the target (a little over it, so the average stays at
 * or above it), -1 well over it (never under the base), else 0. Pure.
 * `opts`: { target, base, max }.
 */
function step(load, burners, opts) {
  if (load < opts.target + 0.3 && burners < opts.max) return 1;
  if (load > opts.target + 1.6 && burners > opts.base) return -1;
  return 0;
}

/** The median, least and greatest sample, and how many are at or above `target`. Pure. */
function summary(samples, target) {
  if (samples.length === 0) return { n: 0, median: NaN, min: NaN, max: NaN, atTarget: 0 };
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { n: sorted.length, median, min: sorted[0], max: sorted[sorted.length - 1], atTarget: sorted.filter((s) => s >= target).length };
}

/** The closing line: what ran, how it ended and the load it ran at. Pure. */
function closingLine(command, code, seconds, s, target, burners) {
  const load =
    s.n === 0
      ? "no load sample (it ended within a minute)"
      : `one-minute load over ${s.n} minute${s.n === 1 ? "" : "s"}: median ${s.median.toFixed(1)}, min ${s.min.toFixed(1)}, max ${s.max.toFixed(1)}, at or above ${target} in ${s.atTarget}`;
  return `under-load: \`${command}\` exited ${code} after ${seconds} s; ${load}; CPU-bound burners ${burners.least} to ${burners.most}`;
}

/** `--load 15 --base 2 -- cmd args`: the options and the command. Throws on what it does not know. */
function parseArgs(argv) {
  const opts = { target: 15, base: 2, max: 16, samples: undefined };
  const names = { "--load": "target", "--base": "base", "--max": "max" };
  let i = 0;
  for (; i < argv.length && argv[i] !== "--"; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === "--samples") opts.samples = value;
    else if (flag in names && value !== undefined && Number.isFinite(Number(value))) opts[names[flag]] = Number(value);
    else
      throw new Error(
        `under-load: ${flag}${value === undefined ? "" : ` ${value}`}: not an option (--load N, --base N, --max N, --samples FILE, then -- and the command)`,
      );
  }
  const command = argv.slice(i + 1);
  if (command.length === 0) throw new Error("under-load: no command: give it after --");
  return { opts: { ...opts, max: Math.max(opts.max, opts.base) }, command };
}

function main() {
  const { opts, command } = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const burners = [];
  const seen = { least: opts.base, most: opts.base };
  // Each burner names this process, so a test (or a person with ps) can tell they all ended with it.
  const burn = () => burners.push(spawn(process.execPath, ["-e", "for(;;){}", `pipestack-under-load-burner-${process.pid}`], { stdio: "ignore" }));
  const stopBurners = () => burners.splice(0).forEach((b) => b.kill("SIGKILL"));
  for (let k = 0; k < opts.base; k++) burn();

  const samples = [];
  const sampler = setInterval(() => {
    const load = os.loadavg()[0];
    samples.push(load);
    if (opts.samples) fs.appendFileSync(opts.samples, `${new Date().toISOString()} ${load.toFixed(2)} burners ${burners.length}\n`);
  }, SAMPLE_S * 1000);
  const stepper = setInterval(() => {
    const change = step(os.loadavg()[0], burners.length, opts);
    if (change > 0) burn();
    if (change < 0) burners.pop().kill("SIGKILL");
    seen.least = Math.min(seen.least, burners.length);
    seen.most = Math.max(seen.most, burners.length);
  }, STEP_S * 1000);

  const child = spawn(command[0], command.slice(1), { stdio: "inherit" });
  const forward = (signal) => child.kill(signal);
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  const end = (code) => {
    clearInterval(sampler);
    clearInterval(stepper);
    stopBurners();
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(closingLine(command.join(" "), code, seconds, summary(samples, opts.target), opts.target, seen));
    process.exitCode = code;
  };
  child.on("error", (err) => {
    console.error(`under-load: ${command[0]} did not start: ${err.message}`);
    end(127);
  });
  child.on("exit", (code, signal) => end(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1)));
}

if (require.main === module) {
  try {
    main();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 2;
  }
}

module.exports = { step, summary, closingLine, parseArgs };

// Where `npm run bench` finds its rate-limited run: the module bench/lib/rate-limited.js, when the
// checkout has it. Its contract (the bench calls it once per face, last):
//
//   module.exports.rateLimitedRun = async ({ face, startEmulator, Workspace, root, log, timeoutMs }) => ({
//     program: "one dashboard, 40 tiles, 40 tile alerts",   // what it ran, in words
//     limit: { requests: 100, windowSeconds: 60 },           // the limit the emulator applied
//     up: { requests, answered429, wallSeconds },
//     destroy: { requests, answered429, wallSeconds },
//   });
//
// It starts its own emulator (the limit on) and its own Workspace, and leaves nothing behind.
// Without the module the bench says so in its output and its results, and the targets on the
// rate-limited run read "n/a".
"use strict";

/** The module's path, relative to bench/lib. */
const RATE_LIMITED_MODULE = "./rate-limited";

/**
 * The rate-limited run's function, or the reason there is none: `load` is `require` (a test
 * passes its own).
 */
function rateLimitedRunner(load = require) {
  let mod;
  try {
    mod = load(RATE_LIMITED_MODULE);
  } catch (err) {
    if (err?.code === "MODULE_NOT_FOUND" && String(err.message).includes("rate-limited")) {
      return { run: null, reason: "no rate-limited run: bench/lib/rate-limited.js is not in this checkout" };
    }
    throw err;
  }
  if (typeof mod?.rateLimitedRun !== "function") {
    return { run: null, reason: "no rate-limited run: bench/lib/rate-limited.js exports no rateLimitedRun function" };
  }
  return { run: mod.rateLimitedRun, reason: null };
}

/** Checks what the module answered: the counts the targets read, as numbers. */
function checkedRateLimited(answer, face) {
  for (const op of ["up", "destroy"]) {
    for (const key of ["requests", "answered429", "wallSeconds"]) {
      const v = answer?.[op]?.[key];
      if (typeof v !== "number" || !Number.isFinite(v) || v < 0) {
        throw new Error(`rate-limited run (${face}): ${op}.${key} must be a number >= 0, got ${JSON.stringify(v)}`);
      }
    }
  }
  return { face, program: answer.program ?? null, limit: answer.limit ?? null, up: answer.up, destroy: answer.destroy };
}

module.exports = { rateLimitedRunner, checkedRateLimited, RATE_LIMITED_MODULE };

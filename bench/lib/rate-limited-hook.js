// Where `npm run bench` finds its rate-limited run: the module bench/lib/rate-limited.js, when the
// checkout has it. Its contract (the bench calls it last, once per face it declares):
//
//   module.exports.rateLimitedRun = async ({ face, timeoutMs }) => ({
//     tiles: 40,                       // the program: one dashboard, a tile alert on each tile
//     limit: 100, windowMs: 60_000,    // the limit the emulator applied, requests per window
//     up: { requests, answered429, wallSeconds },
//     destroy: { requests, answered429, wallSeconds },
//   });
//   module.exports.faces = ["dynamic"]; // the faces its program runs on (default: the dynamic one)
//
// It starts its own emulator (the limit on) and its own workspace, and leaves nothing behind.
// Without the module the bench says so in its output and its results, and the targets on the
// rate-limited run read "n/a".
"use strict";

/** The module's path, relative to bench/lib. */
const RATE_LIMITED_MODULE = "./rate-limited";

/**
 * The rate-limited run's function and the faces it runs on, or the reason there is none: `load`
 * is `require` (a test passes its own).
 */
function rateLimitedRunner(load = require) {
  let mod;
  try {
    mod = load(RATE_LIMITED_MODULE);
  } catch (err) {
    if (err?.code === "MODULE_NOT_FOUND" && String(err.message).includes("rate-limited")) {
      return { run: null, faces: [], reason: "no rate-limited run: bench/lib/rate-limited.js is not in this checkout" };
    }
    throw err;
  }
  if (typeof mod?.rateLimitedRun !== "function") {
    return { run: null, faces: [], reason: "no rate-limited run: bench/lib/rate-limited.js exports no rateLimitedRun function" };
  }
  return { run: mod.rateLimitedRun, faces: Array.isArray(mod.faces) ? mod.faces : ["dynamic"], reason: null };
}

/** Checks what the module answered (the counts the targets read, as numbers) and names its program and limit. */
function checkedRateLimited(answer, face) {
  for (const op of ["up", "destroy"]) {
    for (const key of ["requests", "answered429", "wallSeconds"]) {
      const v = answer?.[op]?.[key];
      if (typeof v !== "number" || !Number.isFinite(v) || v < 0) {
        throw new Error(`rate-limited run (${face}): ${op}.${key} must be a number >= 0, got ${JSON.stringify(v)}`);
      }
    }
  }
  const limit = typeof answer.limit === "number" ? { requests: answer.limit, windowSeconds: (answer.windowMs ?? 60_000) / 1000 } : null;
  const program = typeof answer.tiles === "number" ? `one dashboard of ${answer.tiles} tiles and a tile alert on each` : null;
  return { face, program, limit, up: answer.up, destroy: answer.destroy };
}

module.exports = { rateLimitedRunner, checkedRateLimited, RATE_LIMITED_MODULE };

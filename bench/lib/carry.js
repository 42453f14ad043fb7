// `npm run bench -- --write` with only some parts (`--parts kinds`): the committed results keep the
// figures of the parts this run did not measure, each with the date, machine and load of the run
// that did, so one part can be measured again without the hours of the others, and the report
// never shows an older part's figures under this run's date.
"use strict";

/** What each part writes into the results (and their `details`); the rest of a results file is the run's own. */
const PART_KEYS = {
  classic: {
    results: [
      "providerTextBytes",
      "requestsPerOperation",
      "overheadRatio",
      "up",
      "preview",
      "providerPeakRssMb",
      "floor",
      "floorRatio",
      "stateBytesPerResource",
      "providerCpuSeconds",
      "marginalUpMs",
      "native",
      "skipCheckpoints",
    ],
    details: ["emulator", "providerTextBytesInState", "stateFootprint", "requestRoutes", "overheadMs", "baseline", "profile"],
  },
  kinds: { results: ["kinds"], details: [] },
  large: { results: ["largeService"], details: [] },
  "rate-limited": { results: ["rateLimited"], details: [] },
};

/** The run a part's figures come from: its date, machine and load at the end (of `previous`, or of what it carried itself). */
function sourceOf(previous, part) {
  const own = previous.details?.carriedFrom?.[part];
  if (own) return own;
  return {
    date: previous.details?.date,
    machine: previous.machine,
    loadAverage1mAtEnd: previous.details?.loadAverage1mAtEnd,
    pulumiVersion: previous.details?.pulumiVersion,
  };
}

/**
 * `results` with the figures of every part not in `ran` taken from `previous` (the committed
 * results), and `details.carriedFrom` naming, per carried part, the run they come from. Pure.
 */
function carryParts(results, previous, ran) {
  if (!previous) return results;
  const out = { ...results, details: { ...results.details } };
  const from = {};
  for (const [part, keys] of Object.entries(PART_KEYS)) {
    if (ran.includes(part)) continue;
    const had = keys.results.some((k) => previous[k] !== undefined);
    if (!had) continue;
    for (const k of keys.results) if (previous[k] !== undefined) out[k] = previous[k];
    for (const k of keys.details) if (previous.details?.[k] !== undefined) out.details[k] = previous.details[k];
    from[part] = sourceOf(previous, part);
  }
  if (Object.keys(from).length) out.details.carriedFrom = from;
  return out;
}

/** The run a part's figures come from, for the report: this run unless they were carried. */
function runOf(r, part) {
  return (
    r.details?.carriedFrom?.[part] ?? {
      date: r.details.date,
      machine: r.machine,
      loadAverage1mAtEnd: r.details.loadAverage1mAtEnd,
      pulumiVersion: r.details.pulumiVersion,
    }
  );
}

module.exports = { carryParts, runOf, PART_KEYS };

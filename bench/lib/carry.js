// `npm run bench -- --write` with only some parts (`--parts kinds`): the committed results keep the
// figures of the parts this run did not measure, each with the date, machine and load of the run
// that did, so one part can be measured again without the hours of the others, and the report
// never shows an older part's figures under this run's date.
"use strict";

/** What each part writes into the results (and their `details`); the rest of a results file is the run's own. */
const PART_KEYS = {
  classic: {
    results: [
      // The latency the classic runs were measured at (a run of other parts has its own first latency).
      "latencyMs",
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
  scale: { results: ["scale"], details: [] },
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

/** Which kind, face and latency a per-kind run measured. */
const runKey = (x) => `${x.kind} ${x.face} ${x.latencyMs}`;

/**
 * The per-kind runs of this run, each with its date, and those of `previous` this run did not
 * measure again (another face or latency), with theirs: `--faces native` keeps the dynamic ones.
 */
function keptRuns(results, previous) {
  const mine = (results.kinds?.runs ?? []).map((x) => ({ date: results.details.date, ...x }));
  const measured = new Set(mine.map(runKey));
  const theirs = (previous.kinds?.runs ?? []).filter((x) => !measured.has(runKey(x))).map((x) => ({ date: previous.details?.date, ...x }));
  return [...mine, ...theirs];
}

/** Which size, mode, face and subject a scale run measured. */
const scaleKey = (x) => `${x.size} ${x.mode} ${x.face} ${x.subject}`;

/**
 * The scale runs of this run and those of `previous` it did not measure again (another size,
 * mode or face): a 1,000-pipe run of one face keeps the other face's and the 200-pipe ones. Each
 * run carries its own date and load.
 */
function keptScaleRuns(results, previous) {
  const mine = results.scale?.runs ?? [];
  const measured = new Set(mine.map(scaleKey));
  return [...mine, ...(previous.scale?.runs ?? []).filter((x) => !measured.has(scaleKey(x)))];
}

/**
 * `results` with the figures of every part not in `ran` taken from `previous` (the committed
 * results), and `details.carriedFrom` naming, per carried part, the run they come from; the
 * per-kind runs this run did not measure again are kept, each with its date. Pure.
 */
function carryParts(results, previous, ran) {
  if (!previous) return results;
  const out = { ...results, details: { ...results.details } };
  if (ran.includes("kinds") && previous.kinds) out.kinds = { ...results.kinds, runs: keptRuns(results, previous) };
  if (ran.includes("scale") && previous.scale) out.scale = { ...results.scale, runs: keptScaleRuns(results, previous), missing: results.scale?.missing ?? [] };
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

module.exports = { keptScaleRuns, carryParts, runOf, PART_KEYS, keptRuns };

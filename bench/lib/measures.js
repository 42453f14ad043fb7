// The figures `npm run bench` derives from what it measured: requests per resource, the lower
// bound of a CLI run's wall time, the effective parallelism, and the issue-27 targets with
// whether each is met. Pure functions over the results (bench/lib/kinds.js names the kinds).
"use strict";
const { KINDS, DESTROY_BUDGET, PIPE_LIST_ROUTE, isCollectionRead } = require("./kinds");

const round = (x, digits) => Number(x.toFixed(digits));

/**
 * The least wall time a CLI run's requests allow, in seconds. The engine generates steps one
 * resource at a time (`check`, and `diff` where it is not parallel), so the requests of the
 * preview phase (`previewRequests`, P) follow one another; the update phase (`updateRequests`, U,
 * every request of the phase) repeats those serial reads (as many as it has, at most P) while its
 * steps run `parallel` at a time: latency x (P + max(min(P, U), U / parallel)). A `preview` alone
 * has only P; without the phase split (P null) every request counts as parallel.
 */
function lowerBoundSeconds({ previewRequests, updateRequests, latencyMs, parallel }) {
  const p = previewRequests ?? 0;
  return round(((p + Math.max(Math.min(p, updateRequests), updateRequests / parallel)) * latencyMs) / 1000, 3);
}

/** How many requests were in flight on average: requests x latency / wall time. */
function effectiveParallelism({ requests, latencyMs, seconds }) {
  return seconds > 0 ? round((requests * latencyMs) / 1000 / seconds, 2) : null;
}

/** Requests per resource (two decimals), null without resources. */
function perResource(requests, resources) {
  return resources > 0 ? round(requests / resources, 2) : null;
}

/** Requests that read a whole collection (or a page of one), from the emulator's counts by route. */
function collectionReads(byRoute) {
  return Object.entries(byRoute ?? {})
    .filter(([route]) => isCollectionRead(route))
    .reduce((sum, [, n]) => sum + n, 0);
}

/** Full pipe-list reads, from the emulator's counts by route. */
function pipeListReads(byRoute) {
  return byRoute?.[PIPE_LIST_ROUTE] ?? 0;
}

/**
 * One operation's figures from its CLI run (`seconds`, CPU) and the emulator's counts (all
 * requests, and those of the preview phase when the run printed where its update began).
 */
function operationFigures({ run, stats, previewRequests, resources, latencyMs, parallel }) {
  const requests = stats.requests;
  const updateRequests = previewRequests === null ? requests : requests - previewRequests;
  return {
    seconds: round(run.seconds, 2),
    cliCpuSeconds: run.totalCpuSeconds ?? null,
    providerCpuSeconds: run.cpuSeconds ?? null,
    requests,
    previewRequests,
    requestsPerResource: perResource(requests, resources),
    collectionReads: collectionReads(stats.byRoute),
    answered429: stats.faults?.["429"] ?? 0,
    lowerBoundSeconds: lowerBoundSeconds({ previewRequests, updateRequests, latencyMs, parallel }),
    effectiveParallelism: effectiveParallelism({ requests, latencyMs, seconds: run.seconds }),
    byRoute: stats.byRoute,
  };
}

const met = (measured, ok) => ({ measured, met: measured === null || measured === undefined ? null : ok(measured) });
const maxOf = (xs) => (xs.length ? Math.max(...xs) : null);

/** The issue-27 targets from the per-kind runs, the 2,000-pipe case and the rate-limited run. */
function roundTripTargets(r) {
  const runs = r.kinds?.runs ?? [];
  const rows = [];
  const latencies = [...new Set(runs.map((x) => x.latencyMs))].sort((a, b) => a - b);
  const [low, high] = [latencies[0], latencies[latencies.length - 1]];
  for (const face of [...new Set(runs.map((x) => x.face))]) {
    const at = (ms) => runs.find((x) => x.face === face && x.kind === "pipe" && x.latencyMs === ms);
    const a = at(low);
    const b = at(high);
    if (!a && !b) continue;
    const ratio = a && b && latencies.length > 1 ? round(b.ops.create.seconds / a.ops.create.seconds, 2) : null;
    const over = latencies.length > 1 ? `at ${high} ms over its time at ${low} ms` : `at the higher latency over the lower (one latency run: ${low} ms)`;
    rows.push({
      name: `${face}: \`up\` (create) of ${a?.resources ?? "n"} pipes ${over} <= 1.5`,
      ...met(ratio, (x) => x <= 1.5),
    });
  }
  const kinds = [...new Set(runs.map((x) => x.kind))];
  for (const face of [...new Set(runs.map((x) => x.face))]) {
    for (const kind of kinds) {
      const mine = runs.filter((x) => x.face === face && x.kind === kind);
      if (!mine.length) continue;
      const limit = KINDS[kind].createBudget;
      const label = KINDS[kind].label;
      rows.push({
        name: `${face}: requests per ${label} create (preview + \`up\`) <= ${limit}`,
        ...met(maxOf(mine.map((x) => x.ops.create.requestsPerResource)), (x) => x <= limit),
      });
      rows.push({
        name: `${face}: requests per ${label} destroy <= ${DESTROY_BUDGET}`,
        ...met(maxOf(mine.map((x) => x.ops.destroy.requestsPerResource)), (x) => x <= DESTROY_BUDGET),
      });
      rows.push({
        name: `${face}: requests per ${label} in a no-op \`preview\` = 0`,
        ...met(maxOf(mine.map((x) => x.ops.preview.requestsPerResource)), (x) => x === 0),
      });
    }
  }
  for (const c of r.largeService?.runs ?? []) {
    rows.push({
      name: `${c.face} at ${c.latencyMs} ms: full pipe-list reads in the \`up\` of ${c.newPipes} new pipes beside ${c.existingPipes} <= 3`,
      ...met(c.pipeListReads, (x) => x <= 3),
    });
  }
  if (r.rateLimited && !r.rateLimited.runs.length) {
    // Asked for but not run (the module is missing): the targets stay in the list, unmeasured.
    rows.push({ name: "rate-limited `up`: answers 429 <= 1", measured: null, met: null });
    rows.push({ name: "rate-limited `up`: wall over (requests / 100) minutes <= 1.2", measured: null, met: null });
  }
  for (const c of r.rateLimited?.runs ?? []) {
    const u = c.up;
    rows.push({ name: `${c.face}: rate-limited \`up\`: answers 429 <= 1`, ...met(u?.answered429, (x) => x <= 1) });
    const within = u && u.requests > 0 ? round(u.wallSeconds / ((u.requests / 100) * 60), 2) : null;
    rows.push({ name: `${c.face}: rate-limited \`up\`: wall over (requests / 100) minutes <= 1.2`, ...met(within, (x) => x <= 1.2) });
  }
  return rows;
}

module.exports = { lowerBoundSeconds, effectiveParallelism, perResource, collectionReads, pipeListReads, operationFigures, roundTripTargets };

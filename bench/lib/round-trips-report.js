// The round-trip part of the bench's report (issue 27): per kind, face and latency the requests
// per resource, wall, CPU and effective parallelism of each operation; the large-service case;
// the rate-limited run; and the targets, each with "met" or "missed" computed from the results.
"use strict";
const { roundTripTargets } = require("./measures");
const { KINDS } = require("./kinds");
const { runOf } = require("./carry");

const s = (x, digits = 1) => (typeof x === "number" ? x.toFixed(digits) : "n/a");
const verdict = (t) => (t.met === null ? "n/a" : t.met ? "met" : "missed");

/** One operation's cell: wall (CPU), requests per resource, requests in flight and the lower bound. */
function cell(o) {
  return `${s(o.seconds)} s (CPU ${s(o.cliCpuSeconds)} s); ${s(o.requestsPerResource, 2)} req; x${s(o.effectiveParallelism, 2)}; bound ${s(o.lowerBoundSeconds, 2)} s`;
}

/** A run's machine in a few words: its CPU model, or nothing when the results predate it. */
const cpuOf = (run) => run.machine?.cpuModel;

/**
 * When the round-trip parts were measured, when some come from another run than the others (see
 * carry.js); else undefined. Parts measured on different CPUs are said to be so: their wall
 * times compare only within a part (a move between machines once read as a 2x regression).
 */
function whenMeasured(r) {
  const kindDates = [...new Set((r.kinds?.runs ?? []).map((x) => x.date?.slice(0, 10)).filter(Boolean))];
  if (!r.details.carriedFrom && kindDates.length < 2) return undefined;
  const parts = [
    ["the per-kind runs", "kinds", r.kinds],
    ["the large service", "large", r.largeService],
    ["the rate-limited run", "rate-limited", r.rateLimited],
  ].filter(([, , present]) => present);
  const on = (run) => [cpuOf(run), `load average ${run.loadAverage1mAtEnd} at the end`].filter(Boolean).join(", ");
  const said = parts.map(([label, part]) => {
    if (part === "kinds" && kindDates.length > 1) return `${label} on ${kindDates.join(" and ")} (each row's date in bench/results.json)`;
    const run = runOf(r, part);
    return `${label} on ${run.date.slice(0, 10)} (${on(run)})`;
  });
  const cpus = [...new Set(["classic", ...parts.map(([, part]) => part)].map((part) => cpuOf(runOf(r, part))).filter(Boolean))];
  const apart =
    cpus.length > 1
      ? ` These parts and the sections above ran on ${cpus.length} different CPUs (${cpus.join("; ")}): compare wall and CPU times within a part, not across parts.`
      : "";
  return `Measured in more than one run of \`npm run bench\`: ${said.join(", ")}.${apart}`;
}

/** The lines of docs/performance.md's round-trip section, or none when the run had none of its parts. */
function roundTripLines(r) {
  const runs = r.kinds?.runs ?? [];
  const large = r.largeService?.runs ?? [];
  const limited = r.rateLimited;
  if (!runs.length && !large.length && !limited) return [];
  const lines = ["### Round trips", ""];
  const from = whenMeasured(r);
  if (from) lines.push(from, "");
  if (runs.length) {
    lines.push(
      `Each kind on its own stack: \`up\` creating every resource (its preview included), a no-op \`preview\`, an \`up\` changing every resource in place, and \`destroy\` (a tile alert's dashboard is made before and removed after, unmeasured). Each cell: wall time (CPU of every process of the CLI run); API requests per resource, the preview's and the update's together, as the emulator counted them; requests in flight on average (requests x latency / wall; the engine's \`--parallel\` is ${r.kinds.parallelism}); and the lower bound of the wall time those requests allow, counting every request: those of the preview phase one after another (the engine checks one resource at a time), again in the update while its steps run ${r.kinds.parallelism} at a time.`,
      "",
      "| Kind | Face | Latency | Resources | Create (`up`) | No-op `preview` | Update (`up`) | `destroy` |",
      "|---|---|---:|---:|---|---|---|---|",
    );
    for (const x of runs) {
      lines.push(
        `| ${KINDS[x.kind]?.label ?? x.kind} | ${x.face} | ${x.latencyMs} ms | ${x.resources} | ${cell(x.ops.create)} | ${cell(x.ops.preview)} | ${cell(x.ops.update)} | ${cell(x.ops.destroy)} |`,
      );
    }
    lines.push("");
  }
  if (large.length) {
    const c = r.largeService;
    lines.push(
      `A large service: ${c.existingPipes} pipes already there (seeded through the emulator's state file), then an \`up\` of ${c.newPipes} new pipes. The pipe list is one unpaginated answer; bytes read are every byte the emulator sent back during the \`up\`.`,
      "",
      "| Face | Latency | `up` | Requests | Full pipe-list reads | Bytes read | `destroy` |",
      "|---|---:|---:|---:|---:|---:|---:|",
    );
    for (const x of large) {
      lines.push(
        `| ${x.face} | ${x.latencyMs} ms | ${s(x.up.seconds)} s (CPU ${s(x.up.cliCpuSeconds)} s) | ${x.up.requests} | ${x.pipeListReads} | ${s(x.bytesRead / 1e6)} MB | ${s(x.destroySeconds)} s |`,
      );
    }
    lines.push("");
  }
  if (limited) {
    if (limited.runs.length) {
      const first = limited.runs[0];
      lines.push(
        `Under the stack server's rate limit${first.limit ? ` (${first.limit.requests} requests per ${first.limit.windowSeconds} s)` : ""}: ${first.program ?? "the rate-limited program"}.`,
        "",
        "| Face | `up`: requests / 429 answers / wall | (requests / 100) minutes | `destroy`: requests / 429 answers / wall |",
        "|---|---:|---:|---:|",
      );
      for (const x of limited.runs) {
        lines.push(
          `| ${x.face} | ${x.up.requests} / ${x.up.answered429} / ${s(x.up.wallSeconds)} s | ${s((x.up.requests / 100) * 60)} s | ${x.destroy.requests} / ${x.destroy.answered429} / ${s(x.destroy.wallSeconds)} s |`,
        );
      }
    } else {
      lines.push(`${limited.missing.charAt(0).toUpperCase()}${limited.missing.slice(1)}.`);
    }
    lines.push("");
  }
  const targets = roundTripTargets(r);
  if (targets.length) {
    lines.push("| Target (issue 27) | Measured | |", "|---|---:|---|");
    for (const t of targets) lines.push(`| ${t.name} | ${t.measured ?? "n/a"} | ${verdict(t)} |`);
  }
  while (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** The README's short paragraph: the issue-27 targets met and missed, with a link to the details. */
function roundTripSummary(r, docs = "docs/") {
  const targets = roundTripTargets(r);
  if (!targets.length) return "No round-trip figures: the last `npm run bench -- --write` ran without the per-kind, large-service and rate-limited parts.\n";
  const missed = targets.filter((t) => t.met === false);
  const unmeasured = targets.filter((t) => t.met === null);
  const kinds = r.kinds?.runs ?? [];
  const pipe = (face, ms) => kinds.find((x) => x.kind === "pipe" && x.face === face && x.latencyMs === ms);
  const latencies = [...new Set(kinds.map((x) => x.latencyMs))].sort((a, b) => a - b);
  const creates = [...new Set(kinds.map((x) => x.face))]
    .map((face) => latencies.map((ms) => pipe(face, ms)).filter(Boolean))
    .filter((xs) => xs.length)
    .map(
      (xs) =>
        `${xs[0].face}: ${xs.map((x) => `${s(x.ops.create.seconds)} s at ${x.latencyMs} ms`).join(", ")} (${xs.map((x) => s(x.ops.create.requestsPerResource, 2)).join(" / ")} requests a pipe)`,
    );
  const met = targets.length - missed.length - unmeasured.length;
  return (
    `Measured by \`npm run bench\` (${runOf(r, "kinds").date.slice(0, 10)}; [performance.md](${docs}performance.md) has every kind, operation and target): ` +
    (creates.length ? `\`up\` creating ${kinds.find((x) => x.kind === "pipe")?.resources} pipes takes ${creates.join("; ")}. ` : "") +
    `Round-trip targets of issue 27: ${met} met, ${missed.length} missed, ${unmeasured.length} not measured.\n`
  );
}

/** The markers of the generated paragraph in the README. */
const ROUND_TRIP_SECTION = {
  begin: "<!-- bench-round-trips:begin (written by `npm run bench -- --write` from bench/results.json) -->",
  end: "<!-- bench-round-trips:end -->",
};

module.exports = { roundTripLines, roundTripSummary, whenMeasured, ROUND_TRIP_SECTION };

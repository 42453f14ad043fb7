// The results of `npm run bench`: the machine, the targets (issues 5 and 12) and whether each is
// met, and the markdown of the figures of docs/performance.md (written between its markers).
"use strict";
const os = require("node:os");
const { faceTargets, nativeLines } = require("./faces");
const { roundTripTargets } = require("./measures");
const { roundTripLines } = require("./round-trips-report");
const { runOf } = require("./carry");

function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    memGb: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    node: process.version,
    platform: `${process.platform} ${os.release()} ${process.arch}`,
    loadAverage1m: Number(os.loadavg()[0].toFixed(2)),
  };
}

/** Each target of the issues with what was measured and whether it is met (null: not measured). */
function targets(r) {
  return [...(r.up?.length ? classicTargets(r) : []), ...roundTripTargets(r)];
}

/** The targets of issues 5, 12 and 22, on the classic runs. */
function classicTargets(r) {
  const texts = Object.values(r.providerTextBytes);
  const ratios = Object.values(r.overheadRatio);
  const peaks = r.up.map((u) => u.providerPeakRssMb).filter((x) => typeof x === "number");
  const first = r.up[0];
  const last = r.up[r.up.length - 1];
  // Sub-linear: from the smallest to the largest run the peak grows by a smaller factor than N.
  const growth = peaks.length > 1 && first.providerPeakRssMb ? last.providerPeakRssMb / first.providerPeakRssMb : undefined;
  const ratioSpread = r.up.map((u) => u.seconds / u.lowerBoundSeconds);
  return [
    { name: "providerTextBytes <= 2048", measured: Math.max(...texts), met: texts.every((b) => b <= 2048) },
    {
      name: "Pipe provider text in `pulumi stack export` equals the measured one",
      measured: JSON.stringify(r.details.providerTextBytesInState.Pipe),
      met: r.details.providerTextBytesInState.Pipe === r.providerTextBytes.Pipe,
    },
    { name: "requestsPerOperation.read == 1", measured: r.requestsPerOperation.read, met: r.requestsPerOperation.read === 1 },
    { name: "requestsPerOperation.noopPreview == 0", measured: r.requestsPerOperation.noopPreview, met: r.requestsPerOperation.noopPreview === 0 },
    { name: "overheadRatio <= 1.10", measured: Math.max(...ratios), met: ratios.every((x) => x <= 1.1) },
    { name: "providerPeakRssMb <= 200", measured: r.providerPeakRssMb, met: typeof r.providerPeakRssMb === "number" && r.providerPeakRssMb <= 200 },
    {
      name: "provider peak RSS grows less than linearly with N",
      measured: growth === undefined ? null : `x${growth.toFixed(2)} for x${(last.resources / first.resources).toFixed(1)} pipes`,
      met: growth === undefined ? null : growth < last.resources / first.resources,
    },
    {
      name: "up seconds / lower bound stays flat as N grows (largest at most 2x the smallest)",
      measured: ratioSpread.map((x) => Math.round(x)).join(" / "),
      met: ratioSpread.length < 2 ? null : Math.max(...ratioSpread) <= 2 * Math.min(...ratioSpread),
    },
    ...floorTargets(r),
    ...(r.native ? faceTargets(r) : []),
  ];
}

/** The targets of issue 12: against the engine's floor, state bytes, flat marginal cost. */
function floorTargets(r) {
  const last = r.floorRatio?.[r.floorRatio.length - 1];
  const m = r.marginalUpMs;
  const pipeBytes = r.stateBytesPerResource?.Pipe;
  return [
    { name: `floor ratio of \`up\` at N = ${last?.resources} <= 1.3`, measured: last?.up ?? null, met: last ? last.up <= 1.3 : null },
    { name: `floor ratio of \`destroy\` at N = ${last?.resources} <= 1.3`, measured: last?.destroy ?? null, met: last ? last.destroy <= 1.3 : null },
    {
      name: "state per pipe (`pulumi stack export`) <= 3500 bytes",
      measured: pipeBytes ?? null,
      met: typeof pipeBytes === "number" ? pipeBytes <= 3500 : null,
    },
    {
      name: "marginal `up` cost per pipe at the largest N <= 1.5x the one at the smallest",
      measured: m ? `${m.large.ms} ms / ${m.small.ms} ms = ${m.ratio} (CPU ${m.large.cpuMs} ms / ${m.small.cpuMs} ms = ${m.cpuRatio})` : null,
      met: m ? m.ratio <= 1.5 : null,
    },
  ];
}

const s = (x, digits = 1) => (typeof x === "number" ? x.toFixed(digits) : "n/a");

/** The figures of docs/performance.md. */
function markdown(r) {
  const lines = r.up?.length ? classicLines(r) : [machineLine(r)];
  const trips = roundTripLines(r);
  if (trips.length) lines.push("", ...trips);
  return `${lines.join("\n")}\n`;
}

function machineLine(r) {
  const m = r.machine;
  const d = r.details;
  return `Measured with \`npm run bench\` on ${d.date.slice(0, 10)}; Pulumi CLI ${d.pulumiVersion}, file backend. Machine: ${m.cpus} CPUs (${m.cpuModel}), ${m.memGb} GB RAM, Node.js ${m.node}, ${m.platform}; load average ${m.loadAverage1m} at the start, ${d.loadAverage1mAtEnd} at the end.`;
}

/** The classic part: sizes, the floor, the native face (issues 5, 12, 22). */
function classicLines(r) {
  // The classic figures may come from an earlier run than this one (see carry.js).
  const run = runOf(r, "classic");
  const m = run.machine;
  const d = { ...r.details, date: run.date, loadAverage1mAtEnd: run.loadAverage1mAtEnd, pulumiVersion: run.pulumiVersion ?? r.details.pulumiVersion };
  const rpo = r.requestsPerOperation;
  const t = r.providerTextBytes;
  const o = r.overheadRatio;
  const largest = r.up[r.up.length - 1];
  const lines = [
    `Measured with \`npm run bench\` on ${d.date.slice(0, 10)}: the provider against the local emulator with ${r.latencyMs} ms added to every API request and pipes that settle at once; Pulumi CLI ${d.pulumiVersion}, file backend, default parallelism (${r.parallelism} on this machine).`,
    `Machine: ${m.cpus} CPUs (${m.cpuModel}), ${m.memGb} GB RAM, Node.js ${m.node}, ${m.platform}; load average ${m.loadAverage1m} at the start, ${d.loadAverage1mAtEnd} at the end (the figures include whatever else ran on the machine).`,
    "",
    "| Figure | Measured | Target |",
    "|---|---|---|",
    `| Serialized provider stored per resource: Pipe / StackDashboard / StackAlert | ${t.Pipe} / ${t.StackDashboard} / ${t.StackAlert} bytes | at most 2048 |`,
    `| HTTP requests per operation: create / read / update (rename) / delete / no-op preview | ${rpo.create} / ${rpo.read} / ${rpo.update} / ${rpo.delete} / ${rpo.noopPreview} | read 1, no-op preview 0 |`,
    `| Provider time over a bare undici loop sending the same requests: create / read / delete | ${s(o.create, 2)} / ${s(o.read, 2)} / ${s(o.delete, 2)} | at most 1.10 |`,
    `| Peak RSS of the provider process, ${largest.resources}-pipe \`up\` | ${s(r.providerPeakRssMb)} MB | at most 200 MB, less than linear in N |`,
    "",
  ];
  // Results from before the bound counted every request (issue 27) keep their own table and explanation.
  const counted = r.up[0].previewApiRequests !== undefined;
  const inFlight = counted ? ` In flight (\`--parallel\` ${r.parallelism}) |` : "";
  lines.push(
    `| Pipes | \`pulumi up\` | Lower bound | Up over bound | \`pulumi preview\`, no changes | Provider peak RSS | API requests during \`up\` |${inFlight}`,
    `|---:|---:|---:|---:|---:|---:|---:|${counted ? "---:|" : ""}`,
  );
  r.up.forEach((u, i) => {
    const p = r.preview[i];
    lines.push(
      `| ${u.resources} | ${s(u.seconds)} s | ${s(u.lowerBoundSeconds, 2)} s | ${Math.round(u.seconds / u.lowerBoundSeconds)} | ${s(p?.seconds)} s | ${s(u.providerPeakRssMb)} MB | ${u.apiRequests} |${counted ? ` ${s(u.effectiveParallelism, 2)} |` : ""}`,
    );
  });
  const b = d.baseline;
  const firstUp = r.up[0];
  const marginal = r.up.length > 1 ? (largest.seconds - firstUp.seconds) / (largest.resources - firstUp.resources) : undefined;
  const boundPerPipe = counted
    ? (largest.lowerBoundSeconds - firstUp.lowerBoundSeconds) / (largest.resources - firstUp.resources || 1)
    : (rpo.create * r.latencyMs) / 1000 / r.parallelism;
  lines.push(
    "",
    (counted
      ? "Lower bound = latency x (P + max(min(P, U), U / parallelism)), of the requests the emulator counted: P those of the preview phase (the engine checks one resource at a time), U those of the update phase (which checks again, one at a time, while its steps run in parallel); in flight = requests x latency / wall time. "
      : `Lower bound = pipes x requests per create (${rpo.create}) x latency / parallelism. `) +
      `The same program with no pipe takes ${s(b.upSeconds)} s to \`up\` and ${s(b.previewSeconds)} s to \`preview\` (CLI start, type-checking and running the program; no provider process)` +
      (marginal === undefined ? "." : `; each further pipe adds ${s(marginal * 1000, 0)} ms to \`up\` (lower bound ${s(boundPerPipe * 1000, 1)} ms).`),
  );
  const f = d.stateFootprint?.Pipe;
  if (f) {
    lines.push(
      "",
      `In the state, a pipe takes ${f.bytesPerResource} bytes (\`pulumi stack export\`), ${Math.round(f.providerTextShare * 100)}% of it the provider text, stored in both inputs and outputs` +
        (d.stateFootprint.Noop ? `; a no-op resource with the same inputs minus the credentials takes ${d.stateFootprint.Noop.bytesPerResource} bytes.` : "."),
    );
  }
  if (r.floor?.length) lines.push("", ...floorSection(r));
  const native = nativeLines(r);
  if (native.length) lines.push("", ...native);
  return lines;
}

/** Pipes against the engine's own floor, the provider's CPU, and what skipping checkpoints buys. */
function floorSection(r) {
  const lines = [
    "Against the engine's floor: the same number of no-op dynamic resources (an inline provider in the bench program whose `create` returns at once; same CLI, backend and parallelism), measured in the same run. A ratio of 1 means the pipes cost what any dynamic resource costs. The CPU ratio compares the CPU seconds of every process of the two runs (CLI, engine, program, provider): it moves far less than wall time when other work shares the machine.",
    "",
    "| Resources | `up`: pipes / floor | ratio (CPU ratio) | `preview`: pipes / floor | ratio (CPU ratio) | `destroy`: pipes / floor | ratio (CPU ratio) | Provider CPU during `up` |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  r.floor.forEach((f, i) => {
    const u = r.up[i];
    const p = r.preview[i];
    const q = r.floorRatio[i];
    lines.push(
      `| ${f.resources} | ${s(u.seconds)} s / ${s(f.upSeconds)} s | ${s(q.up, 2)} (${s(q.upCpu, 2)}) | ${s(p.seconds)} s / ${s(f.previewSeconds)} s | ${s(q.preview, 2)} (${s(q.previewCpu, 2)}) | ${s(u.destroySeconds)} s / ${s(f.destroySeconds)} s | ${s(q.destroy, 2)} (${s(q.destroyCpu, 2)}) | ${s(u.providerCpuSeconds, 2)} s |`,
    );
  });
  const m = r.marginalUpMs;
  if (m) {
    lines.push(
      "",
      `One more pipe adds ${s(m.small.ms, 0)} ms to \`up\` between ${m.small.from} and ${m.small.to} pipes and ${s(m.large.ms, 0)} ms between ${m.large.from} and ${m.large.to} (x${s(m.ratio, 2)}); in CPU of all processes, ${s(m.small.cpuMs, 0)} ms and ${s(m.large.cpuMs, 0)} ms (x${s(m.cpuRatio, 2)}).` +
        (m.ratio > 1 ? " The engine writes the whole state after every step, so each step costs more in a larger stack." : ""),
    );
  }
  const k = r.skipCheckpoints;
  if (k?.pipe && k?.noop) {
    const last = r.up[r.up.length - 1];
    const fl = r.floor[r.floor.length - 1];
    lines.push(
      "",
      `With \`PULUMI_SKIP_CHECKPOINTS=true\` (the state written once, at the end), ${k.resources} pipes take ${s(k.pipe.upSeconds)} s to \`up\` (${s(last.seconds)} s without) and ${s(k.pipe.destroySeconds)} s to \`destroy\` (${s(last.destroySeconds)} s); ${k.resources} no-op resources ${s(k.noop.upSeconds)} s (${s(fl.upSeconds)} s) and ${s(k.noop.destroySeconds)} s (${s(fl.destroySeconds)} s).`,
    );
  }
  return lines;
}

/** The markers of the figures in docs/performance.md. */
const PERFORMANCE_SECTION = {
  begin: "<!-- bench:begin (written by `npm run bench -- --write` from bench/results.json) -->",
  end: "<!-- bench:end -->",
};

/** The page with the text between a pair of markers (docs/performance.md's figures unless told) replaced by `md`. */
function updateReadme(readme, md, { begin, end } = PERFORMANCE_SECTION) {
  const a = readme.indexOf(begin);
  const b = readme.indexOf(end);
  if (a < 0 || b < a) throw new Error(`the page has no "${begin}" ... "${end}" section`);
  return `${readme.slice(0, a + begin.length)}\n${md}${readme.slice(b)}`;
}

/** The text of the page between a pair of markers (what `updateReadme` wrote). */
function readmeSection(readme, { begin, end } = PERFORMANCE_SECTION) {
  const a = readme.indexOf(begin);
  const b = readme.indexOf(end);
  return a < 0 || b < a ? undefined : readme.slice(a + begin.length + 1, b);
}

module.exports = { machine, targets, markdown, updateReadme, readmeSection };

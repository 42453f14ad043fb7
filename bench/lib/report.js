// The results of `npm run bench`: the machine, the targets of issue 5 and whether each is met,
// and the markdown table for the README's "Performance" section.
"use strict";
const os = require("node:os");

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

/** Each target of the issue with what was measured and whether it is met (null: one size only). */
function targets(r) {
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
  ];
}

const s = (x, digits = 1) => (typeof x === "number" ? x.toFixed(digits) : "n/a");

/** The table for the README's "Performance" section. */
function markdown(r) {
  const m = r.machine;
  const d = r.details;
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
    "| Pipes | `pulumi up` | Lower bound | Up over bound | `pulumi preview`, no changes | Provider peak RSS | API requests during `up` |",
    "|---:|---:|---:|---:|---:|---:|---:|",
  ];
  r.up.forEach((u, i) => {
    const p = r.preview[i];
    lines.push(
      `| ${u.resources} | ${s(u.seconds)} s | ${s(u.lowerBoundSeconds, 2)} s | ${Math.round(u.seconds / u.lowerBoundSeconds)} | ${s(p?.seconds)} s | ${s(u.providerPeakRssMb)} MB | ${u.apiRequests} |`,
    );
  });
  const b = d.baseline;
  const firstUp = r.up[0];
  const marginal = r.up.length > 1 ? (largest.seconds - firstUp.seconds) / (largest.resources - firstUp.resources) : undefined;
  const boundPerPipe = (rpo.create * r.latencyMs) / 1000 / r.parallelism;
  lines.push(
    "",
    `Lower bound = pipes x requests per create (${rpo.create}) x latency / parallelism. ` +
      `The same program with no pipe takes ${s(b.upSeconds)} s to \`up\` and ${s(b.previewSeconds)} s to \`preview\` (CLI start, type-checking and running the program; no provider process)` +
      (marginal === undefined ? "." : `; each further pipe adds ${s(marginal * 1000, 0)} ms to \`up\` (lower bound ${s(boundPerPipe * 1000, 1)} ms).`),
  );
  const f = d.stateFootprint?.Pipe;
  if (f) {
    lines.push(
      "",
      `In the state, a pipe takes ${f.bytesPerResource} bytes (\`pulumi stack export\`), ${Math.round(f.providerTextShare * 100)}% of it the provider text, stored in both inputs and outputs.`,
    );
  }
  return `${lines.join("\n")}\n`;
}

module.exports = { machine, targets, markdown };

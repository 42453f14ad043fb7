// The scale part of `npm run bench` (issue 45, a stack of 1,000 pipes): at each size and in each
// mode of the engine, on each face, the pipes and the engine's floor (as many resources that do
// nothing: no-op dynamic resources; a no-op native plugin) go through the same four CLI runs:
// `up` creating them all, a no-op `preview`, an `up` changing them all in place, and `destroy`.
// Each run keeps its wall time, the CPU and peak resident memory of each process (the CLI, where
// the engine runs and writes the state; the language host; the program; the provider), the API
// requests and the least wall time they allow; each `up` the state's bytes per resource.
"use strict";
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { operationFigures } = require("./measures");
const { stateFootprint } = require("./provider-text");
const { MODES } = require("./modes");

/** What each face declares for the pipes and for its floor (the bench program's `kind`), and the state type of each. */
const SUBJECTS = {
  dynamic: { pipes: { kind: "pipe", type: "Pipe" }, floor: { kind: "noop", type: "Noop" } },
  native: { pipes: { kind: "native", type: "Pipe" }, floor: { kind: "native-noop", type: "Noop" } },
};

const round = (x, digits) => Number(x.toFixed(digits));

/** The CLI folder of a mode, or why it cannot run; `defaultBin` the workspace's own. */
function modeBin(mode, defaultBin) {
  const m = MODES[mode];
  if (!m.cli) return { bin: defaultBin };
  const bin = path.join(path.dirname(path.dirname(defaultBin)), `pulumi-v${m.cli}`, "bin");
  if (!fs.existsSync(path.join(bin, "pulumi"))) return { missing: `${bin}/pulumi is not built (PULUMI_VERSION=${m.cli} scripts/ensure-pulumi.sh)` };
  return { bin };
}

/**
 * What every program run of the scale part is given: ts-node's compile cache off, so each run
 * type-checks the program as a fresh CI runner does, the pipes and the floor alike. With the cache
 * on (ts-node keeps it in the machine's temporary folder), whichever subject ran the program first
 * paid the type check alone: the pipes' first `up` showed about 110 MB more heap than the floor's
 * (the compiler's syntax trees and symbols, held for the program's life) that were not the pipes'.
 */
const PROGRAM_ENV = { TS_NODE_CACHE: "false" };

/** The environment of a mode's runs: its settings, and the newer CLI first on PATH when it has one. Pure. */
function modeEnv(mode, bin, workspaceEnv) {
  return { ...PROGRAM_ENV, ...MODES[mode].env, PATH: `${bin}${path.delimiter}${workspaceEnv.PATH}` };
}

/**
 * Runs every size, mode, face and subject; returns `{ latencyMs, parallel, runs, missing }`,
 * each run `{ size, mode, face, subject, ops: { up, preview, change, destroy }, stateBytesPerResource }`.
 * `track(has)` tells the caller whether the stack holds resources (for its cleanup).
 */
async function scaleRuns({ workspace, emulator, sizes, modes, faces, latencyMs, parallel, timeoutMs, track, log }) {
  const runs = [];
  const missing = [];
  for (const mode of modes) {
    const { bin, missing: why } = modeBin(mode, workspace.bin);
    if (why) {
      log(`scale: mode ${mode} left out: ${why}`);
      missing.push({ mode, reason: why });
      continue;
    }
    const env = modeEnv(mode, bin, workspace.env);
    for (const size of sizes) {
      for (const face of faces) {
        for (const subject of ["pipes", "floor"]) {
          runs.push(await oneRun({ workspace, emulator, size, mode, face, subject, env, latencyMs, parallel, timeoutMs: timeoutMs(size), track, log }));
        }
      }
    }
  }
  return { latencyMs, parallel, runs, missing };
}

async function oneRun({ workspace, emulator, size, mode, face, subject, env, latencyMs, parallel, timeoutMs, track, log }) {
  const { kind, type } = SUBJECTS[face][subject];
  emulator.control.reset();
  emulator.control.setFaults({ latencyMs });
  await workspace.setAll({ kind, face, count: size, variant: 0 });

  const measured = async (op) => {
    emulator.control.resetStats();
    let previewRequests = null;
    const run = await op(() => (previewRequests = emulator.control.stats().requests));
    const figures = operationFigures({ run, stats: emulator.control.stats(), previewRequests, resources: size, latencyMs, parallel });
    const routes = figures.byRoute;
    delete figures.byRoute;
    return { ...figures, routes, processes: run.processes };
  };

  log(`scale: ${face} ${subject} x${size}, mode ${mode}: up, preview, change, destroy`);
  const date = new Date().toISOString();
  const loadAtStart = Number(os.loadavg()[0].toFixed(1));
  track(true);
  const up = await measured((onUpdate) => workspace.up(timeoutMs, { env, onUpdate }));
  const footprint = stateFootprint(await workspace.exportState({ env }), type);
  const preview = await measured(async (onUpdate) => {
    const run = await workspace.preview(timeoutMs, { env });
    onUpdate();
    return run;
  });
  await workspace.set("variant", 1);
  const change = await measured((onUpdate) => workspace.up(timeoutMs, { env, onUpdate }));
  const destroy = await measured((onUpdate) => workspace.destroy(timeoutMs, { env, onUpdate }));
  track(false);
  const ops = { up, preview, change, destroy };
  for (const [name, o] of Object.entries(ops)) log(`  ${name} requests by route: ${routeLine(o.routes)}`);
  for (const o of Object.values(ops)) delete o.routes;
  log(
    `  ${Object.entries(ops)
      .map(([k, o]) => `${k} ${o.seconds} s (CPU ${o.cliCpuSeconds} s, CLI peak ${o.processes?.cli?.peakRssMb ?? "n/a"} MB)`)
      .join("; ")}; ${footprint.bytesPerResource} B/resource`,
  );
  const load = [loadAtStart, Number(os.loadavg()[0].toFixed(1))];
  const result = { size, mode, face, subject, date, load, ops, stateBytesPerResource: footprint.bytesPerResource };
  // Each run in the log as it ends: a long run stopped later keeps the figures measured so far.
  log(`scale run: ${JSON.stringify(result)}`);
  return result;
}

/** The requests of one operation by route, most first, in one line: `DELETE /pipes/{pipeId} 1000, GET /pipes 125`. Pure. */
function routeLine(byRoute) {
  const short = (route) => route.replace(/\/v1\/organizations\/\{organizationId\}\/services\/\{serviceId\}/, "");
  const rows = Object.entries(byRoute ?? {}).sort((a, b) => b[1] - a[1]);
  return rows.length ? rows.map(([route, n]) => `${short(route)} ${n}`).join(", ") : "none";
}

/** The pipes' run and its floor's of one size, mode and face. */
function pairsOf(scale) {
  const key = (x) => `${x.size} ${x.mode} ${x.face}`;
  const floors = new Map(scale.runs.filter((x) => x.subject === "floor").map((x) => [key(x), x]));
  return scale.runs.filter((x) => x.subject === "pipes").map((pipes) => ({ pipes, floor: floors.get(key(pipes)) }));
}

/**
 * One operation of the pipes against the floor: wall and CPU ratios, and the pipes' wall over the
 * floor's plus the least time their API requests allow (the floor makes none). Pure.
 */
function overFloor(pipes, floor) {
  if (!pipes || !floor) return null;
  const r = (a, b) => (typeof a === "number" && typeof b === "number" && b > 0 ? round(a / b, 2) : null);
  return {
    wall: r(pipes.seconds, floor.seconds),
    cpu: r(pipes.cliCpuSeconds, floor.cliCpuSeconds),
    overFloorAndRequests: r(pipes.seconds, floor.seconds + pipes.lowerBoundSeconds),
  };
}

/**
 * Wall milliseconds per resource of each operation at each size, per face, mode and subject, and
 * how that cost grows from one size to the next (1: linear; 5: the cost per resource five times
 * as high at the larger size). Pure.
 */
function growth(scale) {
  const groups = new Map();
  for (const x of scale.runs) {
    const k = `${x.face} ${x.subject} ${x.mode}`;
    if (!groups.has(k)) groups.set(k, { face: x.face, subject: x.subject, mode: x.mode, sizes: [] });
    groups.get(k).sizes.push(x);
  }
  return [...groups.values()].map((g) => {
    const sizes = g.sizes.sort((a, b) => a.size - b.size);
    const perResourceMs = Object.fromEntries(
      ["up", "preview", "change", "destroy"].map((op) => [op, sizes.map((x) => round((x.ops[op].seconds * 1000) / x.size, 1))]),
    );
    const steps = Object.fromEntries(
      Object.entries(perResourceMs).map(([op, ms]) => [op, ms.slice(1).map((v, i) => (ms[i] > 0 ? round(v / ms[i], 2) : null))]),
    );
    return { face: g.face, subject: g.subject, mode: g.mode, sizes: sizes.map((x) => x.size), perResourceMs, steps };
  });
}

/** The highest peak resident memory of a process of `kinds` in any operation of a run. Pure. */
function peakOf(run, kinds) {
  const peaks = Object.values(run.ops).flatMap((o) => kinds.map((k) => o.processes?.[k]?.peakRssMb).filter((x) => typeof x === "number"));
  return peaks.length ? Math.max(...peaks) : null;
}

/** Issue 45's run of the peer Terraform provider: 1,000 pipes created in 133 s at 150 ms a request. */
const PEER_SIZE = 1000;
const PEER_SECONDS = 133;

/** The issue-45 targets of the scale runs: state per pipe, the large-stack mode against the floor, memory. */
function scaleTargets(scale) {
  if (!scale?.runs?.length) return [];
  const rows = [];
  const met = (measured, ok) => ({ measured, met: measured === null || measured === undefined ? null : ok(measured) });
  const limit = { dynamic: 2500, native: 2000 };
  for (const face of Object.keys(limit)) {
    const mine = scale.runs.filter((x) => x.face === face && x.subject === "pipes");
    if (!mine.length) continue;
    rows.push({
      name: `${face}: state bytes per pipe <= ${limit[face]}`,
      ...met(Math.max(...mine.map((x) => x.stateBytesPerResource)), (x) => x <= limit[face]),
    });
  }
  for (const { pipes, floor } of pairsOf(scale)) {
    if (!floor || pipes.mode === "default") continue;
    const label = `${pipes.face}, ${pipes.size} pipes, mode ${pipes.mode}`;
    if (pipes.face === "native") {
      for (const op of ["up", "destroy"]) {
        const x = overFloor(pipes.ops[op], floor.ops[op]);
        rows.push({ name: `${label}: \`${op}\` wall over (native floor + requests' bound) <= 1.0`, ...met(x?.overFloorAndRequests, (v) => v <= 1.0) });
        // The issue's first measure: the peer provider created 1,000 pipes in 133 s in its run.
        if (pipes.size === PEER_SIZE)
          rows.push({
            name: `${label}: \`${op}\` wall <= ${PEER_SECONDS} s (the peer's create of ${PEER_SIZE})`,
            ...met(pipes.ops[op]?.seconds, (v) => v <= PEER_SECONDS),
          });
      }
    } else {
      const x = overFloor(pipes.ops.up, floor.ops.up);
      rows.push({ name: `${label}: \`up\` wall over its floor's <= 1.15`, ...met(x?.wall, (v) => v <= 1.15) });
      // The floor makes no request: beside it, the reading the native target spells out.
      rows.push({ name: `${label}: \`up\` wall over (its floor + requests' bound) <= 1.15`, ...met(x?.overFloorAndRequests, (v) => v <= 1.15) });
    }
  }
  for (const x of scale.runs.filter((r) => r.subject === "pipes")) {
    rows.push({
      name: `${x.face}, ${x.size} pipes, mode ${x.mode}: peak RSS of the program and the provider <= 500 MB`,
      ...met(peakOf(x, ["program", "provider"]), (v) => v <= 500),
    });
  }
  return rows;
}

const s = (x, digits = 1) => (typeof x === "number" ? x.toFixed(digits) : "n/a");

/** docs/performance.md's scale section: one row per size, mode, face and operation, and the growth. */
function scaleLines(scale, { date, machine, loadAverage1mAtEnd, pulumiVersion }) {
  if (!scale?.runs?.length) return [];
  const cpu = (o) => ["cli", "host", "program", "provider"].map((k) => s(o.processes?.[k]?.cpuSeconds)).join(" / ");
  const rss = (o) => ["cli", "program", "provider"].map((k) => s(o.processes?.[k]?.peakRssMb, 0)).join(" / ");
  const lines = [
    `### A stack of many pipes`,
    "",
    `Measured by \`npm run bench -- --parts scale\` on ${date.slice(0, 10)} (CLI ${pulumiVersion} unless the mode says otherwise, file backend, ${scale.latencyMs} ms per API request, \`--parallel\` ${scale.parallel}; ${machine.cpus} CPUs, load average ${machine.loadAverage1m} at the start, ${loadAverage1mAtEnd} at the end: wall times include whatever else ran). ` +
      "Each row: the pipes, then the floor (as many resources that do nothing, on the same face); CPU seconds of each process: the CLI (where the engine runs and writes the state) / the language host / the program / the provider; peak resident memory in MB of the CLI / the program / the provider; the least wall time the API requests allow (bound).",
    "",
    "| Pipes | Mode | Face | Operation | Load (start, end) | Pipes: wall | CPU: CLI / host / program / provider | Peak MB: CLI / program / provider | Floor: wall | Floor CPU: CLI / host / program / provider | Over floor: wall (CPU) | Over floor + bound | State B/resource (floor) |",
    "|---:|---|---|---|---|---:|---|---|---:|---|---:|---:|---:|",
  ];
  for (const { pipes, floor } of pairsOf(scale)) {
    for (const op of ["up", "preview", "change", "destroy"]) {
      const p = pipes.ops[op];
      const f = floor?.ops[op];
      const x = overFloor(p, f);
      lines.push(
        `| ${pipes.size} | ${pipes.mode} | ${pipes.face} | \`${op}\` | ${op === "up" ? `${pipes.date?.slice(0, 16).replace("T", " ") ?? ""} ${(pipes.load ?? []).join(", ")}` : ""} | ${s(p.seconds)} s | ${cpu(p)} | ${rss(p)} | ${f ? `${s(f.seconds)} s` : "n/a"} | ${f ? cpu(f) : "n/a"} | ${s(x?.wall, 2)} (${s(x?.cpu, 2)}) | ${s(x?.overFloorAndRequests, 2)} (bound ${s(p.lowerBoundSeconds)} s) | ${op === "up" ? `${pipes.stateBytesPerResource} (${floor?.stateBytesPerResource ?? "n/a"})` : ""} |`,
      );
    }
  }
  const g = growth(scale).filter((x) => x.sizes.length > 1);
  if (g.length) {
    lines.push("", "Growth: wall milliseconds per resource at each size, and its factor from one size to the next (1.00: linear).", "");
    lines.push("| Face | Subject | Mode | Sizes | `up` | `preview` | change | `destroy` |", "|---|---|---|---|---|---|---|---|");
    for (const x of g) {
      const cell = (op) => `${x.perResourceMs[op].join(" / ")} ms (x${x.steps[op].map((v) => s(v, 2)).join(", x")})`;
      lines.push(
        `| ${x.face} | ${x.subject} | ${x.mode} | ${x.sizes.join(" / ")} | ${cell("up")} | ${cell("preview")} | ${cell("change")} | ${cell("destroy")} |`,
      );
    }
  }
  for (const m of scale.missing ?? []) lines.push("", `Mode ${m.mode} not measured: ${m.reason}.`);
  return lines;
}

/**
 * The README's sentence: at the largest size measured, each face and mode's `up` and `destroy`
 * against its floor, our processes' peak memory, the state per pipe, and the targets. Pure.
 */
function scaleSummary(scale) {
  if (!scale?.runs?.length) return "No scale figures: `npm run bench -- --parts scale --write` has not run.\n";
  const largest = Math.max(...scale.runs.map((x) => x.size));
  const parts = pairsOf(scale)
    .filter(({ pipes }) => pipes.size === largest)
    .map(({ pipes, floor }) => {
      const up = overFloor(pipes.ops.up, floor?.ops.up);
      const down = overFloor(pipes.ops.destroy, floor?.ops.destroy);
      return `${pipes.face} face, mode ${pipes.mode}: \`up\` ${s(pipes.ops.up.seconds, 0)} s (${s(up?.wall, 2)}x its floor), \`destroy\` ${s(pipes.ops.destroy.seconds, 0)} s (${s(down?.wall, 2)}x), ${pipes.stateBytesPerResource} bytes of state a pipe, program and provider at most ${s(peakOf(pipes, ["program", "provider"]), 0)} MB (the CLI ${s(peakOf(pipes, ["cli"]), 0)} MB)`;
    });
  const t = scaleTargets(scale);
  const tally = `${t.filter((x) => x.met === true).length} met, ${t.filter((x) => x.met === false).length} missed`;
  return `Measured by \`npm run bench -- --parts scale\` (${largest} pipes, ${scale.latencyMs} ms per API request, on a loaded 2-CPU machine: [performance.md](docs/performance.md#a-stack-of-many-pipes) has every operation, the load and which mode to use): ${parts.join("; ")}. Targets of issue 45: ${tally}.\n`;
}

/** The markers of the README's scale sentence. */
const SCALE_SUMMARY = {
  begin: "<!-- bench-scale-summary:begin (written by `npm run bench -- --parts scale --write` from bench/results.json) -->",
  end: "<!-- bench-scale-summary:end -->",
};

/** The markers of the generated scale section in docs/performance.md. */
const SCALE_SECTION = {
  begin: "<!-- bench-scale:begin (written by `npm run bench -- --parts scale --write` from bench/results.json) -->",
  end: "<!-- bench-scale:end -->",
};

module.exports = { routeLine, modeEnv, scaleSummary, SCALE_SUMMARY, scaleRuns, overFloor, growth, scaleTargets, scaleLines, SCALE_SECTION, pairsOf };

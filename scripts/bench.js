#!/usr/bin/env node
// `npm run bench`: measures the package against the emulator with a fixed latency per API request.
// The classic part, at the first latency: the serialized provider's size, HTTP requests per
// operation, provider time over a bare undici loop, and real `pulumi up` / `preview` / `destroy`
// wall time, provider memory and CPU for N pipes, each against the engine's floor (N no-op dynamic
// resources); at the largest N the native plugin's pipes against the dynamic face and against a
// native plugin's no-op resources; and the largest N with PULUMI_SKIP_CHECKPOINTS. The round-trip
// parts (issue 27), at every latency: each resource kind on each face (create, no-op preview,
// update, destroy: requests per resource, wall, CPU, effective parallelism, a lower bound of every
// request); a service of 2,000 pipes taking 20 more; the rate-limited run when
// bench/lib/rate-limited.js exists; and what the package's types cost a program's compiler
// (`--parts types`, bench/lib/type-check.js: its own results file, bench/type-check.json). Prints the results and writes them under the system's temp
// folder; `--write` records them in bench/results.json, bench/results.md and the figures of
// docs/performance.md (and the summaries in docs/native-provider.md and the README) instead.
// `--profile DIR` adds CPU profiles of the provider process. Everything runs on loopback; the
// emulator, the CLI's stack and its temp folder are removed at the end, also on failure or
// Ctrl-C. Parts live in bench/lib/.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { benchOptions, USAGE, root } = require("../bench/lib/options");

let opts;
try {
  opts = benchOptions(process.argv.slice(2));
} catch (err) {
  process.stderr.write(`bench: ${err.message}\n\n${USAGE}`);
  process.exit(2);
}
if (opts.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
if (!fs.existsSync(path.join(root, "dist", "provider", "resources", "pipe", "engine.js"))) {
  process.stderr.write("bench: dist/ is missing; run `npm run bench` (it builds first) or `npm run build`\n");
  process.exit(2);
}

const { startEmulator } = require("pipestack-emulator");
const { providerTextBytes, stateFootprint } = require("../bench/lib/provider-text");
const { configureEngine, requestsPerOperation, overhead, createPipe } = require("../bench/lib/in-process");
const { Workspace } = require("../bench/lib/cli");
const { machine, targets, markdown, updateReadme } = require("../bench/lib/report");
const { faceComparison, nativeSummary, NATIVE_SECTION } = require("../bench/lib/faces");
const { summarizeProfiles } = require("../bench/lib/profile");
const { kindRuns, nameStackIds } = require("../bench/lib/kind-runs");
const { largeServiceRuns } = require("../bench/lib/large-service");
const { rateLimitedRunner, checkedRateLimited } = require("../bench/lib/rate-limited-hook");
const { roundTripSummary, ROUND_TRIP_SECTION } = require("../bench/lib/round-trips-report");
const { carryParts } = require("../bench/lib/carry");
const { lowerBoundSeconds: boundOf, effectiveParallelism } = require("../bench/lib/measures");
const { typeCheckComparison, typeCheckMarkdown, typeCheckTargets, onePipePreview } = require("../bench/lib/type-check");
const { moveRun, moveSummary, MOVE_SECTION } = require("../bench/lib/from-terraform-move");
const { scaleRuns, scaleTargets, scaleLines, scaleSummary, SCALE_SECTION, SCALE_SUMMARY } = require("../bench/lib/scale");

const log = (msg) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
/** Generous limits: a CLI run that takes longer is stuck, not slow. */
const cliTimeoutMs = (n) => 300_000 + n * 3_000;

let emulator;
let workspace;
let stackHasResources = false;

async function cleanup() {
  if (workspace) {
    if (stackHasResources) {
      await workspace.destroy(cliTimeoutMs(opts.sizes[opts.sizes.length - 1])).catch((err) => log(`destroy while cleaning up failed: ${err.message}`));
    }
    workspace.dispose();
    workspace = undefined;
  }
  if (emulator) {
    await emulator.close();
    emulator = undefined;
  }
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    log(`${signal}: stopping`);
    stackHasResources = false; // the emulator goes away with us: nothing to destroy
    cleanup().finally(() => process.exit(130));
  });
}

async function main() {
  const started = new Date();
  const m = machine();
  const latencyMs = opts.latencies[0];
  log(
    `latencies ${opts.latencies.join(", ")} ms; parts ${opts.parts.join(", ")}; sizes ${opts.sizes.join(", ")}; ${opts.repetitions} repetitions; ${m.cpus} CPUs, load ${m.loadAverage1m}`,
  );

  emulator = await startEmulator({ port: 0, stepMs: 0, latencyMs });
  configureEngine(emulator);

  log("CLI: workspace and stack");
  workspace = new Workspace();
  const pulumiVersion = await workspace.version();
  const parallelism = await workspace.defaultParallelism();
  await workspace.init(emulator);

  let results = { latencyMs, latencies: opts.latencies, machine: m, parallelism };
  const details = { date: started.toISOString(), pulumiVersion };
  if (opts.parts.includes("classic")) {
    const classic = await classicRuns({ latencyMs, parallelism });
    Object.assign(results, classic.results);
    Object.assign(details, classic.details);
  }
  const track = (has) => (stackHasResources = has);
  if (opts.parts.includes("kinds")) {
    await nameStackIds(workspace, emulator);
    const runs = [];
    for (const latency of opts.latencies) {
      for (const face of opts.faces) {
        for (const kind of opts.kinds) {
          const count = kind === "pipe" ? opts.pipes : opts.stackObjects;
          runs.push(
            await kindRuns({ workspace, emulator, kind, face, count, latencyMs: latency, parallel: parallelism, timeoutMs: cliTimeoutMs(count), track, log }),
          );
        }
      }
    }
    results.kinds = { parallelism, runs };
  }
  if (opts.parts.includes("large")) {
    results.largeService = await largeServiceRuns({
      workspace,
      emulator,
      startEmulator,
      createOne: createPipe,
      faces: opts.faces,
      latencies: opts.latencies,
      existing: opts.existingPipes,
      newPipes: opts.newPipes,
      parallel: parallelism,
      timeoutMs: cliTimeoutMs(opts.newPipes) + opts.existingPipes * 100,
      track,
      log,
    });
    configureEngine(emulator); // the seeding pointed the in-process engine at its own emulator
  }
  if (opts.parts.includes("rate-limited")) {
    const { run, faces, reason } = rateLimitedRunner();
    if (run) {
      // Last, and its failure is reported without losing the figures measured before it.
      const runs = [];
      try {
        for (const face of faces.filter((f) => opts.faces.includes(f))) {
          log(`rate-limited run: ${face} (minutes: the limit is the point)`);
          runs.push(checkedRateLimited(await run({ face }), face));
        }
        results.rateLimited = { runs };
      } catch (err) {
        log(`rate-limited run failed: ${err.message}`);
        results.rateLimited = { runs, missing: `the rate-limited run failed: ${err.message.split("\n")[0]}` };
      }
    } else {
      log(reason);
      results.rateLimited = { runs: [], missing: reason };
    }
  }
  if (opts.parts.includes("types")) {
    const typeCheck = await typeCheckComparison({ log });
    typeCheck.preview = await onePipePreview({ workspace, emulator, timeoutMs: cliTimeoutMs(1), log, track });
    typeCheck.date = started.toISOString();
    typeCheck.machine = m;
    results.typeCheck = typeCheck;
  }
  if (opts.parts.includes("scale")) {
    // At the first latency (150 ms for issue 45's figures: `--latency-ms 150`).
    results.scale = {
      date: started.toISOString(),
      machine: m,
      pulumiVersion,
      ...(await scaleRuns({
        workspace,
        emulator,
        sizes: opts.scaleSizes,
        modes: opts.modes,
        faces: opts.faces,
        latencyMs,
        parallel: parallelism,
        timeoutMs: (n) => cliTimeoutMs(n) * 2,
        track,
        log,
      })),
    };
    results.scale.loadAverage1mAtEnd = Number(require("node:os").loadavg()[0].toFixed(2));
  }
  if (opts.parts.includes("move")) {
    results.move = { date: started.toISOString(), machine: m, ...(await moveRun({ startEmulator, pipes: 200, endpoints: 2, latencyMs, log })) };
  }
  details.loadAverage1mAtEnd = Number(require("node:os").loadavg()[0].toFixed(2));
  details.quick = opts.quick;
  results.details = details;
  // Written over the committed results, a run of some parts keeps the others' figures.
  if (opts.write && fs.existsSync(opts.out)) results = carryParts(results, JSON.parse(fs.readFileSync(opts.out, "utf8")), opts.parts);
  if (results.native) results.faces = faceComparison(results);
  results.details.targets = [...targets(results), ...(results.typeCheck ? typeCheckTargets(results.typeCheck) : []), ...scaleTargets(results.scale)];
  return results;
}

/**
 * The classic runs at the first latency: the provider's serialized size, requests per operation
 * in-process, its time over a bare loop, and the CLI runs of every size against the engine's
 * floor, the native face at the largest size and skipped checkpoints.
 */
async function classicRuns({ latencyMs, parallelism }) {
  emulator.control.setFaults({ latencyMs });
  log("serialized provider size");
  const textBytes = await providerTextBytes();

  log("requests per operation");
  const rpo = await requestsPerOperation(emulator);

  log("provider time against a bare undici loop");
  const over = await overhead(emulator, opts.repetitions);

  log("CLI: empty program (fixed cost)");
  emulator.control.reset();
  await workspace.setCount(0);
  await workspace.preview(cliTimeoutMs(0), { expectNoChanges: false }); // warm-up, untimed: the first CLI run in a new home does more
  const baseline = { upSeconds: (await workspace.up(cliTimeoutMs(0))).seconds, previewSeconds: (await workspace.preview(cliTimeoutMs(0))).seconds };

  const up = [];
  const preview = [];
  const floor = [];
  let footprint;
  let floorFootprint;
  for (const n of opts.sizes) {
    emulator.control.reset();
    await workspace.setKind("pipe");
    await workspace.setCount(n);
    log(`CLI: up of ${n} pipes`);
    emulator.control.resetStats();
    stackHasResources = true;
    let upPreviewRequests = null;
    const u = await workspace.up(cliTimeoutMs(n), { onUpdate: () => (upPreviewRequests = emulator.control.stats().requests) });
    const upRequests = emulator.control.stats().requests;
    const stored = Object.values(emulator.control.state().services).flatMap((s) => s.pipes).length;
    if (stored !== n) throw new Error(`after up of ${n} pipes the emulator holds ${stored}`);
    log(`CLI: preview of ${n} pipes`);
    emulator.control.resetStats();
    const p = await workspace.preview(cliTimeoutMs(n));
    const previewRequests = emulator.control.stats().requests;
    if (footprint === undefined || n === 10) footprint = stateFootprint(await workspace.exportState(), "Pipe");
    log(`CLI: destroy of ${n} pipes`);
    emulator.control.resetStats();
    const d = await workspace.destroy(cliTimeoutMs(n));
    const destroyRequests = emulator.control.stats().requests;
    stackHasResources = false;
    const lowerBoundSeconds = boundOf({
      previewRequests: upPreviewRequests,
      updateRequests: upRequests - (upPreviewRequests ?? 0),
      latencyMs,
      parallel: parallelism,
    });
    up.push({
      resources: n,
      seconds: round(u.seconds, 2),
      lowerBoundSeconds: round(lowerBoundSeconds, 3),
      providerPeakRssMb: u.rss.peakMb,
      providerPeakRssMbPerProcess: u.rss.perProcessMb,
      apiRequests: upRequests,
      previewApiRequests: upPreviewRequests,
      effectiveParallelism: effectiveParallelism({ requests: upRequests, latencyMs, seconds: u.seconds }),
      destroySeconds: round(d.seconds, 2),
      destroyApiRequests: destroyRequests,
      providerCpuSeconds: u.cpuSeconds,
      destroyProviderCpuSeconds: d.cpuSeconds,
      cliCpuSeconds: u.totalCpuSeconds,
      destroyCliCpuSeconds: d.totalCpuSeconds,
      programCpuSeconds: u.programCpuSeconds,
    });
    preview.push({
      resources: n,
      seconds: round(p.seconds, 2),
      apiRequests: previewRequests,
      cliCpuSeconds: p.totalCpuSeconds,
      programCpuSeconds: p.programCpuSeconds,
    });
    log(
      `  up ${u.seconds.toFixed(1)} s (bound ${lowerBoundSeconds.toFixed(2)} s, provider CPU ${u.cpuSeconds} s), preview ${p.seconds.toFixed(1)} s, provider peak RSS ${u.rss.peakMb} MB, destroy ${d.seconds.toFixed(1)} s`,
    );

    // The engine's floor: as many dynamic resources whose provider does nothing.
    await workspace.setKind("noop");
    log(`CLI: up, preview, destroy of ${n} no-op resources`);
    stackHasResources = true;
    const fu = await workspace.up(cliTimeoutMs(n));
    const fp = await workspace.preview(cliTimeoutMs(n));
    if (floorFootprint === undefined || n === 10) floorFootprint = stateFootprint(await workspace.exportState(), "Noop");
    const fd = await workspace.destroy(cliTimeoutMs(n));
    stackHasResources = false;
    floor.push({
      resources: n,
      upSeconds: round(fu.seconds, 2),
      previewSeconds: round(fp.seconds, 2),
      destroySeconds: round(fd.seconds, 2),
      providerCpuSeconds: fu.cpuSeconds,
      upCliCpuSeconds: fu.totalCpuSeconds,
      previewCliCpuSeconds: fp.totalCpuSeconds,
      destroyCliCpuSeconds: fd.totalCpuSeconds,
      upProgramCpuSeconds: fu.programCpuSeconds,
      previewProgramCpuSeconds: fp.programCpuSeconds,
    });
    log(
      `  floor: up ${fu.seconds.toFixed(1)} s, preview ${fp.seconds.toFixed(1)} s, destroy ${fd.seconds.toFixed(1)} s; ratios ${(u.seconds / fu.seconds).toFixed(2)} / ${(p.seconds / fp.seconds).toFixed(2)} / ${(d.seconds / fd.seconds).toFixed(2)}`,
    );
  }

  // The native face at the largest size, right after the dynamic face's runs of that size.
  const largest = opts.sizes[opts.sizes.length - 1];
  log(`CLI: the native face, ${largest} pipes`);
  const native = { resources: largest, ...(await faceRuns("native", largest, "Pipe", { expectPipes: true })) };
  log(`CLI: the native floor, ${largest} no-op resources of a native plugin`);
  const nativeFloor = await faceRuns("native-noop", largest, "Noop", { expectPipes: false });
  native.floor = { up: nativeFloor.up, preview: nativeFloor.preview, destroy: nativeFloor.destroy };
  native.stateBytesPerResource = { Pipe: native.footprint.bytesPerResource, Noop: nativeFloor.footprint.bytesPerResource };
  native.stateFootprint = { Pipe: native.footprint, Noop: nativeFloor.footprint };
  delete native.footprint;
  log(
    `  native: up ${native.up.seconds} s (CPU ${native.up.cliCpuSeconds} s), preview ${native.preview.seconds} s (CPU ${native.preview.cliCpuSeconds} s), destroy ${native.destroy.seconds} s (CPU ${native.destroy.cliCpuSeconds} s); floor CPU ${native.floor.up.cliCpuSeconds} / ${native.floor.preview.cliCpuSeconds} / ${native.floor.destroy.cliCpuSeconds} s`,
  );

  // The largest size again with the state written once at the end, for the advice of docs/performance.md.
  const skipCheckpoints = { resources: largest };
  for (const kind of ["pipe", "noop"]) {
    log(`CLI: up and destroy of ${largest} ${kind} resources with PULUMI_SKIP_CHECKPOINTS=true`);
    emulator.control.reset();
    await workspace.setKind(kind);
    await workspace.setCount(largest);
    const env = { PULUMI_SKIP_CHECKPOINTS: "true" };
    stackHasResources = true;
    const su = await workspace.up(cliTimeoutMs(largest), { env });
    const sd = await workspace.destroy(cliTimeoutMs(largest), { env });
    stackHasResources = false;
    skipCheckpoints[kind] = { upSeconds: round(su.seconds, 2), destroySeconds: round(sd.seconds, 2) };
  }

  let profile;
  if (opts.profileDir) {
    // Last and optional: a failure here is reported, and the measured results are still written.
    try {
      fs.mkdirSync(opts.profileDir, { recursive: true });
      const dir = fs.mkdtempSync(path.join(opts.profileDir, "run-")); // this run's profiles only
      log(`CLI: profiled up and destroy of ${largest} pipes into ${dir}`);
      emulator.control.reset();
      await workspace.setKind("pipe");
      await workspace.setCount(largest);
      const env = { NODE_OPTIONS: `--require ${path.join(root, "bench", "lib", "cpu-profile-hook.js")}`, PIPESTACK_BENCH_PROFILE_DIR: dir };
      stackHasResources = true;
      const pu = await workspace.up(cliTimeoutMs(largest), { env });
      await workspace.destroy(cliTimeoutMs(largest));
      stackHasResources = false;
      profile = { resources: largest, upSeconds: round(pu.seconds, 2), providerCpuSeconds: pu.cpuSeconds, ...summarizeProfiles(dir) };
    } catch (err) {
      log(`profiling failed: ${err.message}`);
    }
  }

  const results = {
    providerTextBytes: textBytes,
    requestsPerOperation: rpo.counts,
    overheadRatio: over.ratio,
    up,
    preview,
    providerPeakRssMb: up[up.length - 1].providerPeakRssMb,
    floor,
    floorRatio: floor.map((f, i) => ({
      resources: f.resources,
      up: round(up[i].seconds / f.upSeconds, 2),
      preview: round(preview[i].seconds / f.previewSeconds, 2),
      destroy: round(up[i].destroySeconds / f.destroySeconds, 2),
      // The same ratios in CPU seconds of every process of the CLI run: far less sensitive than
      // wall time to whatever else the machine is doing.
      upCpu: ratio(up[i].cliCpuSeconds, f.upCliCpuSeconds),
      previewCpu: ratio(preview[i].cliCpuSeconds, f.previewCliCpuSeconds),
      destroyCpu: ratio(up[i].destroyCliCpuSeconds, f.destroyCliCpuSeconds),
    })),
    stateBytesPerResource: { Pipe: footprint.bytesPerResource, Noop: floorFootprint.bytesPerResource },
    providerCpuSeconds: up.map((u) => ({ resources: u.resources, up: u.providerCpuSeconds, destroy: u.destroyProviderCpuSeconds })),
    marginalUpMs: marginals(up),
    native,
    skipCheckpoints,
  };
  const details = {
    emulator: { stepMs: 0, latencyMs },
    providerTextBytesInState: { Pipe: footprint.providerTextBytes },
    stateFootprint: { Pipe: footprint, Noop: floorFootprint },
    requestRoutes: rpo.routes,
    overheadMs: over.ms,
    baseline: { upSeconds: round(baseline.upSeconds, 2), previewSeconds: round(baseline.previewSeconds, 2) },
    ...(profile ? { profile } : {}),
  };
  return { results, details };
}

/**
 * `up`, no-op `preview` and `destroy` of `n` resources of one `kind` of the bench program, each
 * with its wall time, the CPU of every process of the CLI run, the provider's and the program's
 * CPU and the API requests; and the state's footprint of `type` after the `up`.
 */
async function faceRuns(kind, n, type, { expectPipes }) {
  emulator.control.reset();
  await workspace.setKind(kind);
  await workspace.setCount(n);
  emulator.control.resetStats();
  stackHasResources = true;
  const u = await workspace.up(cliTimeoutMs(n));
  const upRequests = emulator.control.stats().requests;
  const stored = Object.values(emulator.control.state().services).flatMap((s) => s.pipes).length;
  if (stored !== (expectPipes ? n : 0)) throw new Error(`after up of ${n} ${kind} resources the emulator holds ${stored} pipes`);
  emulator.control.resetStats();
  const p = await workspace.preview(cliTimeoutMs(n));
  const previewRequests = emulator.control.stats().requests;
  const footprint = stateFootprint(await workspace.exportState(), type);
  emulator.control.resetStats();
  const d = await workspace.destroy(cliTimeoutMs(n));
  const destroyRequests = emulator.control.stats().requests;
  stackHasResources = false;
  return {
    up: {
      seconds: round(u.seconds, 2),
      cliCpuSeconds: u.totalCpuSeconds,
      providerCpuSeconds: u.cpuSeconds,
      programCpuSeconds: u.programCpuSeconds,
      providerPeakRssMb: u.rss.peakMb,
      apiRequests: upRequests,
    },
    preview: {
      seconds: round(p.seconds, 2),
      cliCpuSeconds: p.totalCpuSeconds,
      providerCpuSeconds: p.cpuSeconds,
      programCpuSeconds: p.programCpuSeconds,
      apiRequests: previewRequests,
    },
    destroy: { seconds: round(d.seconds, 2), cliCpuSeconds: d.totalCpuSeconds, providerCpuSeconds: d.cpuSeconds, apiRequests: destroyRequests },
    footprint,
  };
}

function round(x, digits) {
  return Number(x.toFixed(digits));
}

function ratio(a, b) {
  return typeof a === "number" && typeof b === "number" && b > 0 ? round(a / b, 2) : null;
}

/**
 * What one more pipe adds to `up`, in ms of wall time and of CPU (every process of the CLI run):
 * the slope between the two smallest sizes and between the two largest (each slope leaves out the
 * fixed cost of the CLI, the program and the provider process start), and their ratio.
 */
function marginals(up) {
  if (up.length < 3) return null;
  const slope = (a, b, key) => ((b[key] - a[key]) * 1000) / (b.resources - a.resources);
  const [a, b] = [up[0], up[1]];
  const [c, d] = [up[up.length - 2], up[up.length - 1]];
  const small = slope(a, b, "seconds");
  const large = slope(c, d, "seconds");
  const cpuSmall = slope(a, b, "cliCpuSeconds");
  const cpuLarge = slope(c, d, "cliCpuSeconds");
  return {
    small: { from: a.resources, to: b.resources, ms: round(small, 1), cpuMs: round(cpuSmall, 1) },
    large: { from: c.resources, to: d.resources, ms: round(large, 1), cpuMs: round(cpuLarge, 1) },
    ratio: round(large / small, 2),
    cpuRatio: round(cpuLarge / cpuSmall, 2),
  };
}

/** The scale section of docs/performance.md (and of the printed results), from the scale part's run. */
function scaleMarkdown(scale) {
  if (!scale?.runs?.length) return "No scale figures: the last `npm run bench -- --write` ran without `--parts scale`.\n";
  return `${scaleLines(scale, scale).join("\n")}\n`;
}

/** The type-check part's own files (bench/type-check.json and .md with --write), apart from the other parts' results. */
function writeTypeCheck(typeCheck) {
  const md = typeCheckMarkdown(typeCheck);
  fs.mkdirSync(path.dirname(opts.typeCheckOut), { recursive: true });
  fs.writeFileSync(opts.typeCheckOut, `${JSON.stringify(typeCheck, null, 2)}\n`);
  fs.writeFileSync(opts.typeCheckOut.replace(/\.json$/, ".md"), md);
  process.stdout.write(`\n${md}\nwrote ${opts.typeCheckOut} and its .md\n`);
}

/** The move part's own file, and with --write its sentence in docs/from-terraform.md and docs/performance.md. */
function writeMove(move) {
  fs.mkdirSync(path.dirname(opts.moveOut), { recursive: true });
  fs.writeFileSync(opts.moveOut, `${JSON.stringify(move, null, 2)}\n`);
  const text = moveSummary(move);
  if (opts.write) {
    for (const page of ["from-terraform.md", "performance.md"]) {
      const file = path.join(root, "docs", page);
      fs.writeFileSync(file, updateReadme(fs.readFileSync(file, "utf8"), text, MOVE_SECTION));
    }
  }
  process.stdout.write(`\n${text}\nwrote ${opts.moveOut}${opts.write ? " and its sentence in docs/from-terraform.md and docs/performance.md" : ""}\n`);
}

main()
  .then(async (results) => {
    await cleanup();
    if (results.typeCheck) writeTypeCheck(results.typeCheck);
    if (results.move) writeMove(results.move);
    if (opts.parts.length === 1 && opts.parts[0] === "types") {
      for (const t of results.details.targets) process.stdout.write(`${t.met ? "met   " : "MISSED"}  ${t.name}: ${t.measured}\n`);
      process.exit(0);
    }
    // The parts with files of their own alone: the other results are not rewritten.
    if (opts.parts.every((part) => part === "types" || part === "move")) process.exit(0);
    fs.mkdirSync(path.dirname(opts.out), { recursive: true });
    fs.writeFileSync(opts.out, `${JSON.stringify(results, null, 2)}\n`);
    const md = markdown(results);
    fs.writeFileSync(opts.outMd, md);
    if (opts.readme) fs.writeFileSync(opts.readme, updateReadme(fs.readFileSync(opts.readme, "utf8"), md));
    if (opts.readme) fs.writeFileSync(opts.readme, updateReadme(fs.readFileSync(opts.readme, "utf8"), scaleMarkdown(results.scale), SCALE_SECTION));
    if (opts.nativePage) fs.writeFileSync(opts.nativePage, updateReadme(fs.readFileSync(opts.nativePage, "utf8"), nativeSummary(results), NATIVE_SECTION));
    // The README's sections on the native face and on round trips carry the same figures.
    if (opts.nativePage) {
      const readme = path.join(path.dirname(opts.nativePage), "..", "README.md");
      let text = updateReadme(fs.readFileSync(readme, "utf8"), nativeSummary(results, "docs/"), NATIVE_SECTION);
      text = updateReadme(text, roundTripSummary(results), ROUND_TRIP_SECTION);
      text = updateReadme(text, scaleSummary(results.scale), SCALE_SUMMARY);
      fs.writeFileSync(readme, text);
    }
    process.stdout.write(`\n${md}\n`);
    if (opts.parts.includes("scale")) process.stdout.write(`\n${scaleMarkdown(results.scale)}\n`);
    if (results.details.profile) process.stdout.write(`provider profile:\n${JSON.stringify(results.details.profile, null, 2)}\n\n`);
    for (const t of results.details.targets) process.stdout.write(`${t.met === null ? "n/a   " : t.met ? "met   " : "MISSED"}  ${t.name}: ${t.measured}\n`);
    process.stdout.write(
      `\nwrote ${opts.out} and ${opts.outMd}${opts.readme ? ", docs/performance.md, docs/native-provider.md and the README's native and round-trip sections" : ""}\n`,
    );
    process.exit(0); // lingering keep-alive sockets or timers of loaded modules must not hold the run open
  })
  .catch(async (err) => {
    process.stderr.write(`bench: ${err.stack ?? err.message}\n`);
    await cleanup();
    process.exit(1);
  });

// The two faces of the package side by side in `npm run bench` (issue 22): the native plugin's
// pipes against the dynamic face's at the same size and in the same run, against a native plugin
// of no-op resources (the native face's floor), and what the program costs per resource on each.
// Ratios are of CPU seconds of every process of the CLI run: on a shared machine they move far
// less than wall time.
"use strict";
const { runOf } = require("./carry");

const round = (x, digits) => Number(x.toFixed(digits));
const ratio = (a, b) => (typeof a === "number" && typeof b === "number" && b > 0 ? round(a / b, 2) : null);
const perResourceMs = (seconds, n) => (typeof seconds === "number" && n > 0 ? round((seconds * 1000) / n, 1) : null);

/**
 * The comparison of the faces at the native run's size, from the results' `up`, `preview`,
 * `floor` (dynamic, by size) and `native` entries; null when the run has no native face.
 */
function faceComparison(r) {
  const n = r.native;
  if (!n) return null;
  const i = r.up.findIndex((u) => u.resources === n.resources);
  if (i < 0) return null;
  const up = r.up[i];
  const preview = r.preview[i];
  const floor = r.floor?.[i];
  return {
    resources: n.resources,
    nativeOverDynamicCpu: {
      up: ratio(n.up.cliCpuSeconds, up.cliCpuSeconds),
      preview: ratio(n.preview.cliCpuSeconds, preview.cliCpuSeconds),
      destroy: ratio(n.destroy.cliCpuSeconds, up.destroyCliCpuSeconds),
    },
    nativeOverDynamicWall: {
      up: ratio(n.up.seconds, up.seconds),
      preview: ratio(n.preview.seconds, preview.seconds),
      destroy: ratio(n.destroy.seconds, up.destroySeconds),
    },
    nativeOverNativeFloorCpu: {
      up: ratio(n.up.cliCpuSeconds, n.floor.up.cliCpuSeconds),
      preview: ratio(n.preview.cliCpuSeconds, n.floor.preview.cliCpuSeconds),
      destroy: ratio(n.destroy.cliCpuSeconds, n.floor.destroy.cliCpuSeconds),
    },
    nativeOverNativeFloorWall: {
      up: ratio(n.up.seconds, n.floor.up.seconds),
      preview: ratio(n.preview.seconds, n.floor.preview.seconds),
      destroy: ratio(n.destroy.seconds, n.floor.destroy.seconds),
    },
    // The program's CPU per resource: `up` runs it twice (preview and update), a preview once.
    programCpuMsPerResource: {
      dynamic: {
        up: perResourceMs(up.programCpuSeconds, n.resources),
        preview: perResourceMs(preview.programCpuSeconds, n.resources),
        floorUp: perResourceMs(floor?.upProgramCpuSeconds, n.resources),
      },
      native: {
        up: perResourceMs(n.up.programCpuSeconds, n.resources),
        preview: perResourceMs(n.preview.programCpuSeconds, n.resources),
        floorUp: perResourceMs(n.floor.up.programCpuSeconds, n.resources),
      },
    },
  };
}

/** The targets of issue 22, each with what was measured and whether it is met (null: not measured). */
function faceTargets(r) {
  const f = r.faces;
  const bytes = r.native?.stateBytesPerResource?.Pipe;
  const rows = [];
  for (const op of ["up", "preview", "destroy"]) {
    const x = f?.nativeOverDynamicCpu[op] ?? null;
    rows.push({ name: `native \`${op}\` CPU over the dynamic face's <= 0.85`, measured: x, met: x === null ? null : x <= 0.85 });
  }
  rows.push({
    name: "native state per pipe (`pulumi stack export`) <= 3100 bytes",
    measured: bytes ?? null,
    met: typeof bytes === "number" ? bytes <= 3100 : null,
  });
  for (const op of ["up", "preview", "destroy"]) {
    const x = f?.nativeOverNativeFloorCpu[op] ?? null;
    rows.push({ name: `native \`${op}\` CPU over the native no-op floor's <= 1.3`, measured: x, met: x === null ? null : x <= 1.3 });
  }
  return rows;
}

const s = (x, digits = 1) => (typeof x === "number" ? x.toFixed(digits) : "n/a");

/** The native face's part of the figures of docs/performance.md. */
function nativeLines(r) {
  const n = r.native;
  const f = r.faces;
  if (!n || !f) return [];
  const i = r.up.findIndex((u) => u.resources === n.resources);
  const up = r.up[i];
  const preview = r.preview[i];
  const c = f.nativeOverDynamicCpu;
  const w = f.nativeOverDynamicWall;
  const fc = f.nativeOverNativeFloorCpu;
  const fw = f.nativeOverNativeFloorWall;
  const p = f.programCpuMsPerResource;
  const row = (what, nat, dyn, floor, ratioDyn, ratioFloor) =>
    `| ${what} | ${s(nat.seconds)} s, CPU ${s(nat.cpu)} s | ${s(dyn.seconds)} s, CPU ${s(dyn.cpu)} s | ${s(ratioDyn.cpu, 2)} (wall ${s(ratioDyn.wall, 2)}) | ${s(floor.seconds)} s, CPU ${s(floor.cpu)} s | ${s(ratioFloor.cpu, 2)} (wall ${s(ratioFloor.wall, 2)}) |`;
  const pair = (a, b, op) => ({ cpu: a[op], wall: b[op] });
  return [
    `The native face (\`pulumi-resource-pipestack\`, the same engines as a provider plugin) with ${n.resources} pipes, right after the dynamic face's runs of that size; its floor is a provider plugin whose resources do nothing (\`bench/noop-plugin\`: node on the same gRPC libraries, \`create\` returns the inputs), with the inputs of the dynamic floor. CPU is of every process of the CLI run.`,
    "",
    "| Operation | Native | Dynamic | Native over dynamic: CPU | Native floor | Native over its floor: CPU |",
    "|---|---:|---:|---:|---:|---:|",
    row(
      "`up`",
      { seconds: n.up.seconds, cpu: n.up.cliCpuSeconds },
      { seconds: up.seconds, cpu: up.cliCpuSeconds },
      { seconds: n.floor.up.seconds, cpu: n.floor.up.cliCpuSeconds },
      pair(c, w, "up"),
      pair(fc, fw, "up"),
    ),
    row(
      "`preview`, no changes",
      { seconds: n.preview.seconds, cpu: n.preview.cliCpuSeconds },
      { seconds: preview.seconds, cpu: preview.cliCpuSeconds },
      { seconds: n.floor.preview.seconds, cpu: n.floor.preview.cliCpuSeconds },
      pair(c, w, "preview"),
      pair(fc, fw, "preview"),
    ),
    row(
      "`destroy`",
      { seconds: n.destroy.seconds, cpu: n.destroy.cliCpuSeconds },
      { seconds: up.destroySeconds, cpu: up.destroyCliCpuSeconds },
      { seconds: n.floor.destroy.seconds, cpu: n.floor.destroy.cliCpuSeconds },
      pair(c, w, "destroy"),
      pair(fc, fw, "destroy"),
    ),
    "",
    `In the state, a native pipe takes ${n.stateBytesPerResource.Pipe} bytes (no provider text; the dynamic face's ${r.stateBytesPerResource?.Pipe ?? "n/a"}), a native no-op resource ${n.stateBytesPerResource.Noop}. ` +
      `The program's CPU per resource during \`up\` (it runs twice: preview and update) is ${s(p.dynamic.up)} ms for a dynamic pipe, ${s(p.native.up)} ms for a native one, ${s(p.dynamic.floorUp)} ms for a dynamic no-op resource and ${s(p.native.floorUp)} ms for a native one; during a no-op \`preview\`, ${s(p.dynamic.preview)} ms and ${s(p.native.preview)} ms a pipe. ` +
      `The native provider process used ${s(n.up.providerCpuSeconds, 2)} s of CPU during \`up\` (the dynamic face's ${s(up.providerCpuSeconds, 2)} s).`,
  ];
}

/** The figures for docs/native-provider.md, or (with `docs` = "docs/") for the README: links are relative to the page. */
function nativeSummary(r, docs = "") {
  const n = r.native;
  const f = r.faces;
  if (!n || !f) return "No native figures: the last `npm run bench -- --write` ran without the native face.\n";
  const c = f.nativeOverDynamicCpu;
  const fc = f.nativeOverNativeFloorCpu;
  const p = f.programCpuMsPerResource;
  return (
    `Measured by \`npm run bench\` (${runOf(r, "classic").date.slice(0, 10)}, ${n.resources} pipes, ${r.latencyMs} ms per API request, one run; [performance.md](${docs}performance.md) has the details): ` +
    `in CPU of every process, the native face's \`up\` costs ${s(c.up, 2)}x the dynamic face's, a no-op \`preview\` ${s(c.preview, 2)}x, \`destroy\` ${s(c.destroy, 2)}x (targets: at most 0.85); ` +
    `against a native plugin of as many no-op resources ${s(fc.up, 2)}x, ${s(fc.preview, 2)}x and ${s(fc.destroy, 2)}x (target: at most 1.3). ` +
    `A pipe takes ${n.stateBytesPerResource.Pipe} bytes of state (dynamic: ${r.stateBytesPerResource?.Pipe ?? "n/a"}; target: at most 3100), ` +
    `and the program ${s(p.native.up)} ms of CPU per pipe during \`up\` (dynamic: ${s(p.dynamic.up)} ms).\n`
  );
}

/** The markers of the generated paragraph in docs/native-provider.md. */
const NATIVE_SECTION = {
  begin: "<!-- bench-native:begin (written by `npm run bench -- --write` from bench/results.json) -->",
  end: "<!-- bench-native:end -->",
};

module.exports = { faceComparison, faceTargets, nativeLines, nativeSummary, NATIVE_SECTION };

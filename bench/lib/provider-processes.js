// What each process of a CLI run costs: polls /proc for processes below the CLI's pid that are a
// provider (the dynamic face's `@pulumi/pulumi/cmd/dynamic-provider`, a native plugin
// `pulumi-resource-*` run by node), the program (`@pulumi/pulumi/cmd/run`), the CLI itself (the
// `pulumi` binary, where the engine runs and writes the state) or the language host
// (`pulumi-language-nodejs`), and keeps, for each, the highest `VmHWM` (the kernel's own peak RSS
// of the process) and the last CPU time (user + system) it reported while it lived. A process's last few milliseconds after the
// final poll are not seen: at the end of a run it is idle, waiting to be stopped.
"use strict";
const fs = require("node:fs");

function read(file) {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined; // the process ended between listing and reading
  }
}

function parentOf(pid) {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ")".
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

function descends(pid, ancestor) {
  for (let p = pid, hops = 0; p && p > 1 && hops < 32; hops++) {
    if (p === ancestor) return true;
    p = parentOf(p);
  }
  return false;
}

function kilobytes(status, field) {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
  return m ? Number(m[1]) : 0;
}

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User + system CPU ticks of a process, from its /proc stat line. */
function cpuTicks(pid) {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

/** The kinds of process a CLI run is made of, in the order the results list them. */
const KINDS = ["cli", "host", "program", "provider"];

/**
 * What a process is, from its command line (the NUL-separated argv of /proc/<pid>/cmdline):
 * "cli", "host", "provider", "program" or undefined. Of node, only the script argument counts:
 * the dynamic provider's launcher (`node -e "...require.resolve('.../cmd/dynamic-provider')"`) is
 * not the provider.
 */
function processKind(cmdline) {
  const [exe = "", script = ""] = cmdline.split("\0");
  if (/(^|\/)pulumi$/.test(exe)) return "cli";
  if (/(^|\/)pulumi-language-nodejs$/.test(exe)) return "host";
  if (!/(^|\/)node$/.test(exe)) return undefined;
  if (script.includes("cmd/dynamic-provider") || /(^|\/)pulumi-resource-[\w-]+$/.test(script)) return "provider";
  if (/@pulumi\/pulumi\/cmd\/run(\/(index\.js)?)?$/.test(script)) return "program";
  return undefined;
}

/**
 * Starts polling for the processes of a CLI run below `rootPid`; `stop()` returns the providers'
 * peak RSS in MiB and CPU seconds of all of them together, the program's CPU seconds (both passes
 * of an `up`, preview and update, together), and `byKind`: for each of {@link KINDS}, the highest
 * peak RSS of one process of that kind and the CPU seconds of all of them.
 */
function sampleProviderProcesses(rootPid, intervalMs = 50) {
  const peaks = new Map(); // pid -> VmHWM kB
  const ticks = new Map(); // pid -> CPU ticks
  const kinds = new Map(); // pid -> "provider" | "program"
  const foreign = new Set(); // provider and program processes of other CLI runs on this machine
  const tick = () => {
    let pids;
    try {
      pids = fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d));
    } catch {
      return;
    }
    for (const d of pids) {
      const pid = Number(d);
      if (foreign.has(pid)) continue;
      if (!kinds.has(pid)) {
        const cmdline = read(`/proc/${d}/cmdline`);
        if (!cmdline) continue;
        const kind = processKind(cmdline);
        // Not yet one (a fork may exec node later): looked at again on the next poll.
        if (!kind) continue;
        if (!descends(pid, rootPid)) {
          foreign.add(pid);
          continue;
        }
        kinds.set(pid, kind);
      }
      const status = read(`/proc/${d}/status`);
      if (!status) continue;
      peaks.set(pid, Math.max(peaks.get(pid) ?? 0, kilobytes(status, "VmHWM")));
      const t = cpuTicks(d);
      if (t !== undefined) ticks.set(pid, Math.max(ticks.get(pid) ?? 0, t));
    }
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      // In start order (pids grow), e.g. the preview pass's provider, then the update's.
      const of = (kind) => [...kinds.entries()].filter(([, k]) => k === kind).map(([pid]) => pid);
      const mb = of("provider")
        .sort((a, b) => a - b)
        .map((pid) => Number(((peaks.get(pid) ?? 0) / 1024).toFixed(1)));
      const cpu = (kind) => Number((of(kind).reduce((n, pid) => n + (ticks.get(pid) ?? 0), 0) / TICKS_PER_SECOND).toFixed(2));
      const peakOf = (kind) => {
        const peaks_ = of(kind).map((pid) => (peaks.get(pid) ?? 0) / 1024);
        return peaks_.length ? Number(Math.max(...peaks_).toFixed(1)) : null;
      };
      const byKind = Object.fromEntries(KINDS.map((kind) => [kind, { peakRssMb: peakOf(kind), cpuSeconds: cpu(kind) }]));
      return { peakMb: mb.length ? Math.max(...mb) : null, perProcessMb: mb, cpuSeconds: cpu("provider"), programCpuSeconds: cpu("program"), byKind };
    },
  };
}

module.exports = { sampleProviderProcesses, processKind, KINDS };

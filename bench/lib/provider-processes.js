// What the dynamic-provider processes of a CLI run cost: polls /proc for
// `.../@pulumi/pulumi/cmd/dynamic-provider/...` processes below the CLI's pid and keeps, for each,
// the highest `VmHWM` (the kernel's own peak RSS of the process) and the last CPU time (user +
// system) it reported while it lived. A process's last few milliseconds after the final poll are
// not seen: at the end of a run it is idle, waiting to be stopped.
"use strict";
const fs = require("node:fs");

const MARKER = "cmd/dynamic-provider";

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

/**
 * Starts polling for provider processes below `rootPid`; `stop()` returns the peak RSS in MiB and
 * the CPU seconds of all of them together.
 */
function sampleProviderProcesses(rootPid, intervalMs = 50) {
  const peaks = new Map(); // pid -> VmHWM kB
  const ticks = new Map(); // pid -> CPU ticks
  const foreign = new Set(); // provider processes of other CLI runs on this machine
  const tick = () => {
    let pids;
    try {
      pids = fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d));
    } catch {
      return;
    }
    for (const d of pids) {
      const cmdline = read(`/proc/${d}/cmdline`);
      // The script argument, not the launcher's `node -e "...require.resolve(...)"`.
      if (!cmdline || !(cmdline.split("\0")[1] ?? "").includes(MARKER)) continue;
      const pid = Number(d);
      if (foreign.has(pid)) continue;
      if (!peaks.has(pid) && !descends(pid, rootPid)) {
        foreign.add(pid);
        continue;
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
      const mb = [...peaks.entries()].sort(([a], [b]) => a - b).map(([, kb]) => Number((kb / 1024).toFixed(1)));
      const cpuSeconds = [...ticks.values()].reduce((a, b) => a + b, 0) / TICKS_PER_SECOND;
      return { peakMb: mb.length ? Math.max(...mb) : null, perProcessMb: mb, cpuSeconds: Number(cpuSeconds.toFixed(2)) };
    },
  };
}

module.exports = { sampleProviderProcesses };

import { createRequire } from "node:module";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The scale part of `npm run bench` (issue 45): the pipes against the engine's floor, the growth
 * of the cost per resource from one size to the next, and the targets from the runs.
 */
const root = path.resolve(__dirname, "..", "..");
const load = createRequire(path.join(root, "package.json"));
type Op = { seconds: number; cliCpuSeconds: number; lowerBoundSeconds: number; processes?: Record<string, { peakRssMb: number | null; cpuSeconds: number }> };
type Run = { size: number; mode: string; face: string; subject: string; ops: Record<string, Op>; stateBytesPerResource: number };
const scale = load("./bench/lib/scale.js") as {
  overFloor(p: Op, f: Op): { wall: number; cpu: number; overFloorAndRequests: number } | null;
  growth(s: {
    runs: Run[];
  }): { face: string; subject: string; mode: string; sizes: number[]; perResourceMs: Record<string, number[]>; steps: Record<string, number[]> }[];
  scaleTargets(s: { runs: Run[] }): { name: string; measured: unknown; met: boolean | null }[];
  scaleLines(s: { runs: Run[]; latencyMs: number; parallel: number }, at: Record<string, unknown>): string[];
  scaleSummary(s: { runs: Run[]; latencyMs: number; parallel: number }): string;
  routeLine(byRoute: Record<string, number> | undefined): string;
  modeEnv(mode: string, bin: string, workspaceEnv: Record<string, string>): Record<string, string>;
};

const op = (seconds: number, cpu = seconds, bound = 0, peak = 100): Op => ({
  seconds,
  cliCpuSeconds: cpu,
  lowerBoundSeconds: bound,
  processes: {
    cli: { peakRssMb: 900, cpuSeconds: cpu / 2 },
    host: { peakRssMb: 20, cpuSeconds: 0 },
    program: { peakRssMb: peak, cpuSeconds: cpu / 4 },
    provider: { peakRssMb: peak, cpuSeconds: cpu / 4 },
  },
});
const run = (size: number, face: string, subject: string, mode: string, seconds: number, bytes: number, extra: Partial<Op> = {}, peak = 100): Run => ({
  size,
  face,
  mode,
  subject,
  ops: { up: { ...op(seconds, seconds, 0, peak), ...extra }, preview: op(seconds / 4), change: op(seconds), destroy: { ...op(seconds / 2), ...extra } },
  stateBytesPerResource: bytes,
});

describe("bench scale: each run's environment", () => {
  it.each(["default", "skip-checkpoints"])(
    "mode %s: ts-node's cache off (every program run type-checks, pipes and floor alike), the mode's settings, its CLI first on PATH",
    (mode) => {
      const env = scale.modeEnv(mode, "/cli/bin", { PATH: "/usr/bin" });
      expect(env.TS_NODE_CACHE).toBe("false");
      expect(env.PATH).toBe(`/cli/bin${path.delimiter}/usr/bin`);
      expect(env.PULUMI_SKIP_CHECKPOINTS).toBe(mode === "skip-checkpoints" ? "true" : undefined);
    },
  );
});

describe("bench scale: the pipes over the floor", () => {
  it.each([
    { name: "as fast as the floor plus the requests", pipes: op(20, 30, 10), floor: op(10, 15), want: { wall: 2, cpu: 2, overFloorAndRequests: 1 } },
    { name: "slower than both", pipes: op(30, 30, 5), floor: op(20, 20), want: { wall: 1.5, cpu: 1.5, overFloorAndRequests: 1.2 } },
  ])("$name", ({ pipes, floor, want }) => {
    expect(scale.overFloor(pipes, floor)).toEqual(want);
  });
  it("no floor, no ratio", () => {
    expect(scale.overFloor(op(1), undefined as unknown as Op)).toBeNull();
  });
});

describe("bench scale: growth per resource", () => {
  it("milliseconds per resource at each size and the factor between sizes", () => {
    const g = scale.growth({ runs: [run(1000, "native", "pipes", "default", 500, 3000), run(200, "native", "pipes", "default", 20, 3000)] });
    expect(g).toHaveLength(1);
    expect(g[0].sizes).toEqual([200, 1000]);
    expect(g[0].perResourceMs.up).toEqual([100, 500]);
    expect(g[0].steps.up).toEqual([5]);
  });
});

describe("bench scale: the targets of issue 45", () => {
  const runs = [
    run(1000, "dynamic", "pipes", "skip-checkpoints", 115, 2400),
    run(1000, "dynamic", "floor", "skip-checkpoints", 100, 3500),
    run(1000, "native", "pipes", "skip-checkpoints", 100, 2100, { lowerBoundSeconds: 20 }, 600),
    run(1000, "native", "floor", "skip-checkpoints", 80, 2000),
    run(1000, "native", "pipes", "default", 400, 2100),
    run(1000, "native", "floor", "default", 300, 2000),
  ];
  const more = [
    run(1000, "native", "pipes", "new-cli-skip", 140, 2100),
    run(1000, "native", "floor", "new-cli-skip", 130, 2000),
    run(2000, "native", "pipes", "skip-checkpoints", 200, 2100),
    run(2000, "native", "floor", "skip-checkpoints", 190, 2000),
  ];
  const rows = Object.fromEntries(scale.scaleTargets({ runs: [...runs, ...more] }).map((r) => [r.name, [r.measured, r.met]]));
  it.each([
    ["dynamic: state bytes per pipe <= 2500", 2400, true],
    ["native: state bytes per pipe <= 2000", 2100, false],
    ["dynamic, 1000 pipes, mode skip-checkpoints: `up` wall over its floor's <= 1.15", 1.15, true],
    ["dynamic, 1000 pipes, mode skip-checkpoints: `up` wall over (its floor + requests' bound) <= 1.15", 1.15, true],
    ["native, 1000 pipes, mode skip-checkpoints: `up` wall <= 133 s (the peer's create of 1000)", 100, true],
    ["native, 1000 pipes, mode skip-checkpoints: `destroy` wall <= 133 s (the peer's create of 1000)", 50, true],
    ["native, 1000 pipes, mode new-cli-skip: `up` wall <= 133 s (the peer's create of 1000)", 140, false],
    ["native, 1000 pipes, mode skip-checkpoints: `up` wall over (native floor + requests' bound) <= 1.0", 1, true],
    ["native, 1000 pipes, mode skip-checkpoints: `destroy` wall over (native floor + requests' bound) <= 1.0", 0.83, true],
    ["native, 1000 pipes, mode skip-checkpoints: peak RSS of the program and the provider <= 500 MB", 600, false],
    ["dynamic, 1000 pipes, mode skip-checkpoints: peak RSS of the program and the provider <= 500 MB", 100, true],
  ])("%s", (name, measured, met) => {
    expect(rows[name]).toEqual([measured, met]);
  });
  it("the peer's 133 s holds the 1,000-pipe runs only (the issue measured the peer at that size)", () => {
    expect(
      Object.keys(rows)
        .filter((n) => n.includes("133 s"))
        .every((n) => n.includes("1000 pipes")),
    ).toBe(true);
    expect(Object.keys(rows).some((n) => n.startsWith("native, 2000 pipes"))).toBe(true);
  });
  it("the default mode is measured, not held to the large-stack targets", () => {
    expect(Object.keys(rows).filter((n) => n.includes("mode default") && n.includes("floor"))).toEqual([]);
  });
  it("the section lists every operation of every pair, the CLI's memory beside ours", () => {
    const lines = scale.scaleLines(
      { runs, latencyMs: 150, parallel: 8 },
      { date: "2026-12-06T11:30:00Z", machine: { cpus: 2, loadAverage1m: 3 }, loadAverage1mAtEnd: 4, pulumiVersion: "v3.248.0" },
    );
    expect(lines.filter((l) => /^\| 1000 \|/.test(l))).toHaveLength(3 * 4);
    expect(lines.join("\n")).toContain("| 900 / 600 / 600 |");
  });
  it("the README's sentence: the largest size's pairs, memory and the tally of targets", () => {
    const text = scale.scaleSummary({ runs: [...runs, run(200, "native", "pipes", "default", 40, 2100)], latencyMs: 150, parallel: 8 });
    expect(text).toContain("(1000 pipes, 150 ms per API request");
    expect(text).toContain(
      "native face, mode skip-checkpoints: `up` 100 s (1.25x its floor), `destroy` 50 s (1.25x), 2100 bytes of state a pipe, program and provider at most 600 MB (the CLI 900 MB)",
    );
    expect(text).not.toContain("mode default: `up` 40 s");
    expect(text).toContain("Targets of issue 45: 10 met, 2 missed.");
  });
});

describe("routeLine", () => {
  it.each<{ byRoute: Record<string, number> | undefined; line: string }>([
    {
      byRoute: {
        "GET /v1/organizations/{organizationId}/services/{serviceId}/pipes": 125,
        "DELETE /v1/organizations/{organizationId}/services/{serviceId}/pipes/{pipeId}": 1000,
      },
      line: "DELETE /pipes/{pipeId} 1000, GET /pipes 125",
    },
    { byRoute: { "GET /api/v2/alerts": 3 }, line: "GET /api/v2/alerts 3" },
    { byRoute: {}, line: "none" },
    { byRoute: undefined, line: "none" },
  ])("$line", ({ byRoute, line }) => {
    expect(scale.routeLine(byRoute)).toBe(line);
  });
});

import { createRequire } from "node:module";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

/** `npm run bench -- --write --parts kinds` keeps the committed figures of the other parts, each with the run it comes from. */
type Obj = Record<string, any>;
const load = createRequire(path.join(__dirname, "..", "..", "package.json"));
const { carryParts, runOf } = load("./bench/lib/carry.js") as {
  carryParts(results: Obj, previous: Obj | undefined, ran: string[]): Obj;
  runOf(r: Obj, part: string): Obj;
};
const { whenMeasured } = load("./bench/lib/round-trips-report.js") as { whenMeasured(r: Obj): string | undefined };

const machine = (load: number) => ({ cpus: 2, cpuModel: "x", memGb: 1, node: "v20", platform: "linux", loadAverage1m: load });
const previous = {
  latencyMs: 25,
  machine: machine(1),
  up: [{ resources: 1 }],
  native: { resources: 1 },
  kinds: { runs: [{ kind: "pipe", face: "dynamic", latencyMs: 25 }] },
  largeService: { runs: ["old large"] },
  rateLimited: { runs: ["old limited"] },
  details: { date: "2026-11-26T10:00:00Z", loadAverage1mAtEnd: 0.8, pulumiVersion: "v3", baseline: { upSeconds: 2 } },
};
const run = {
  latencyMs: 25,
  machine: machine(9),
  kinds: { runs: [{ kind: "pipe", face: "dynamic", latencyMs: 25 }] },
  details: { date: "2026-11-28T02:00:00Z", loadAverage1mAtEnd: 12, pulumiVersion: "v3" },
};

describe("carryParts: a run of some parts over the committed results", () => {
  it("keeps the figures of the parts it did not run, each with the run they come from", () => {
    const r = carryParts(run, previous, ["kinds"]);
    expect(r.kinds.runs.map((x: Obj) => x.date)).toEqual([run.details.date]);
    expect([r.up, r.native, r.largeService, r.rateLimited, r.details.baseline]).toEqual([
      previous.up,
      previous.native,
      previous.largeService,
      previous.rateLimited,
      previous.details.baseline,
    ]);
    expect(Object.keys(r.details.carriedFrom)).toEqual(["classic", "large", "rate-limited"]);
    expect(runOf(r, "classic")).toMatchObject({ date: "2026-11-26T10:00:00Z", loadAverage1mAtEnd: 0.8, machine: machine(1) });
    expect(runOf(r, "kinds")).toMatchObject({ date: "2026-11-28T02:00:00Z", loadAverage1mAtEnd: 12, machine: machine(9) });
  });

  it("keeps the per-kind runs this run did not measure again (another face or latency), each with its date", () => {
    const old = {
      ...previous,
      kinds: {
        runs: [
          { kind: "pipe", face: "dynamic", latencyMs: 25, v: "old" },
          { kind: "pipe", face: "native", latencyMs: 25, v: "old" },
        ],
      },
    };
    const now = { ...run, kinds: { runs: [{ kind: "pipe", face: "native", latencyMs: 25, v: "new" }] } };
    const r = carryParts(now, old, ["kinds"]);
    expect(r.kinds.runs).toEqual([
      { date: "2026-11-28T02:00:00Z", kind: "pipe", face: "native", latencyMs: 25, v: "new" },
      { date: "2026-11-26T10:00:00Z", kind: "pipe", face: "dynamic", latencyMs: 25, v: "old" },
    ]);
  });

  it("carries a part's source along when it was carried before", () => {
    const once = carryParts(run, previous, ["kinds"]);
    const twice = carryParts({ ...run, details: { ...run.details, date: "2026-11-29T00:00:00Z" } }, once, ["kinds"]);
    expect(runOf(twice, "large").date).toBe("2026-11-26T10:00:00Z");
  });

  it("carries nothing from a run that ran every part, or when there are no committed results", () => {
    expect(carryParts(run, previous, ["classic", "kinds", "large", "rate-limited"]).details.carriedFrom).toBeUndefined();
    expect(carryParts(run, undefined, ["kinds"])).toBe(run);
  });
});

describe("whenMeasured: the report names the machines its parts ran on", () => {
  const on = (cpuModel: string) => ({ ...machine(1), cpuModel });
  it.each([
    { name: "one CPU for every part", before: "x", now: "x", apart: false },
    { name: "the kinds on another CPU than the carried parts", before: "AMD", now: "Intel", apart: true },
  ])("$name", ({ before, now, apart }) => {
    const r = carryParts({ ...run, machine: on(now) }, { ...previous, machine: on(before) }, ["kinds"]);
    const said = whenMeasured(r) ?? "";
    expect(said).toContain(`the per-kind runs on 2026-11-28 (${now}, load average 12 at the end)`);
    expect(said).toContain(`the large service on 2026-11-26 (${before}, load average 0.8 at the end)`);
    if (apart) expect(said).toContain(`ran on 2 different CPUs (${before}; ${now})`);
    else expect(said).not.toContain("different CPUs");
  });
});

describe("carryParts: the scale part (issue 45)", () => {
  const scaleRun = (size: number, face: string, v: string) => ({ size, mode: "skip-checkpoints", face, subject: "pipes", v });

  it("a run of the scale part at 150 ms keeps the classic runs' latency with their figures", () => {
    const r = carryParts({ ...run, latencyMs: 150 }, previous, ["scale"]);
    expect(r.latencyMs).toBe(25);
  });

  it("keeps the scale runs this run did not measure again (another size or face), its own first", () => {
    const old = { ...previous, scale: { runs: [scaleRun(200, "native", "old"), scaleRun(1000, "native", "old"), scaleRun(200, "dynamic", "old")] } };
    const now = { ...run, scale: { runs: [scaleRun(1000, "native", "new")], missing: [] } };
    const r = carryParts(now, old, ["scale"]);
    expect(r.scale.runs).toEqual([scaleRun(1000, "native", "new"), scaleRun(200, "native", "old"), scaleRun(200, "dynamic", "old")]);
  });
});

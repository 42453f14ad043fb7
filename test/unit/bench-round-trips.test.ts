import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The round-trip figures of `npm run bench` (issue 27): the lower bound that counts every
 * request, the effective parallelism, full-list reads from the emulator's counts by route, the
 * targets with "met" computed from the results, the generated README paragraph, and the seeding
 * of the large-service case.
 */
const root = path.resolve(__dirname, "..", "..");
const load = createRequire(path.join(root, "package.json"));
type Results = Record<string, unknown>;
type Target = { name: string; measured: unknown; met: boolean | null };
const measures = load("./bench/lib/measures.js") as {
  lowerBoundSeconds(a: { previewRequests: number | null; updateRequests: number; latencyMs: number; parallel: number }): number;
  effectiveParallelism(a: { requests: number; latencyMs: number; seconds: number }): number | null;
  collectionReads(byRoute: Record<string, number>): number;
  pipeListReads(byRoute: Record<string, number>): number;
  roundTripTargets(r: Results): Target[];
};
const trips = load("./bench/lib/round-trips-report.js") as {
  roundTripSummary(r: Results, docs?: string): string;
  ROUND_TRIP_SECTION: { begin: string; end: string };
};
const report = load("./bench/lib/report.js") as { readmeSection(readme: string, markers?: { begin: string; end: string }): string | undefined };
const { seededSnapshot } = load("./bench/lib/large-service.js") as {
  seededSnapshot(snapshot: unknown, count: number, id?: () => string): { services: { id: string; pipes: Record<string, unknown>[] }[] };
};

const PIPES = "/v1/organizations/{organizationId}/services/{serviceId}/pipes";
const STACK = "/v1/organizations/{organizationId}/services/{serviceId}/stack";

describe("bench: lower bound and parallelism", () => {
  it.each([
    // 200 pipes at 150 ms: 200 serial gate reads in the preview, 200 again in the update beside 600 parallel requests.
    ["serial reads in both phases", { previewRequests: 200, updateRequests: 800, latencyMs: 150, parallel: 8 }, 60],
    // The peer's protocol: no read in the preview, 3 requests a pipe at parallelism 8.
    ["nothing serial", { previewRequests: 0, updateRequests: 600, latencyMs: 150, parallel: 8 }, 11.25],
    // A few serial reads do not bound the run when the parallel part is longer.
    ["parallel part longer", { previewRequests: 1, updateRequests: 80, latencyMs: 100, parallel: 8 }, 1.1],
    // A preview alone: its reads one after another.
    ["a preview", { previewRequests: 200, updateRequests: 0, latencyMs: 150, parallel: 8 }, 30],
    // An update phase with fewer requests than the preview's serial reads.
    ["short update phase", { previewRequests: 10, updateRequests: 4, latencyMs: 100, parallel: 8 }, 1.4],
    // Without the phase split every request counts as parallel.
    ["no phase split", { previewRequests: null, updateRequests: 1000, latencyMs: 25, parallel: 8 }, 3.125],
  ])("%s", (_name, input, seconds) => {
    expect(measures.lowerBoundSeconds(input)).toBeCloseTo(seconds, 3);
  });

  it.each([
    [{ requests: 1000, latencyMs: 150, seconds: 75 }, 2],
    [{ requests: 600, latencyMs: 25, seconds: 7.5 }, 2],
    [{ requests: 10, latencyMs: 25, seconds: 0 }, null],
  ])("effective parallelism of %j is %s", (input, expected) => {
    expect(measures.effectiveParallelism(input)).toBe(expected);
  });

  it("counts collection reads (pipes, stack lists) and not reads of one object", () => {
    const byRoute = {
      [`GET ${PIPES}`]: 3,
      [`GET ${PIPES}/{pipeId}`]: 7,
      [`POST ${PIPES}`]: 2,
      [`GET ${STACK}/dashboards`]: 2,
      [`GET ${STACK}/dashboards/{id}`]: 5,
      [`GET /v1/organizations/{organizationId}/services/{serviceId}/pipesReversePrivateEndpoints`]: 1,
    };
    expect(measures.collectionReads(byRoute)).toBe(6);
    expect(measures.pipeListReads(byRoute)).toBe(3);
  });
});

/** One operation's figures as kind-runs.js records them. */
const op = (seconds: number, requestsPerResource: number) => ({ seconds, requestsPerResource });
const run = (face: string, kind: string, latencyMs: number, createSeconds: number, createPer: number, destroyPer: number, previewPer = 0) => ({
  face,
  kind,
  latencyMs,
  resources: kind === "pipe" ? 200 : 20,
  ops: { create: op(createSeconds, createPer), preview: op(1, previewPer), update: op(5, 2), destroy: op(4, destroyPer) },
});

function results(): Results {
  return {
    details: { date: "2026-11-26T10:00:00.000Z" },
    latencies: [25, 150],
    kinds: {
      parallelism: 8,
      runs: [
        run("dynamic", "pipe", 25, 20, 5, 3),
        run("dynamic", "pipe", 150, 28, 5, 3),
        run("native", "pipe", 25, 10, 3, 2),
        run("native", "pipe", 150, 16, 3, 2),
        run("dynamic", "dashboard", 25, 4, 2, 2),
        run("dynamic", "dashboard", 150, 5, 3, 2),
        run("dynamic", "endpoint", 25, 4, 2, 2, 1),
      ],
    },
    largeService: {
      existingPipes: 2000,
      newPipes: 20,
      runs: [
        { face: "dynamic", latencyMs: 25, existingPipes: 2000, newPipes: 20, pipeListReads: 60, bytesRead: 102e6, up: { seconds: 10 } },
        { face: "native", latencyMs: 25, existingPipes: 2000, newPipes: 20, pipeListReads: 3, bytesRead: 5e6, up: { seconds: 5 } },
      ],
    },
    rateLimited: {
      runs: [
        { face: "dynamic", up: { requests: 173, answered429: 19, wallSeconds: 82 }, destroy: { requests: 105, answered429: 0, wallSeconds: 56 } },
        { face: "native", up: { requests: 100, answered429: 1, wallSeconds: 60 }, destroy: { requests: 60, answered429: 0, wallSeconds: 30 } },
      ],
    },
  };
}

const byName = (targets: Target[]) => Object.fromEntries(targets.map((t) => [t.name, t]));

describe("bench: the issue-27 targets", () => {
  const t = byName(measures.roundTripTargets(results()));

  it.each([
    ["dynamic: `up` (create) of 200 pipes at 150 ms over its time at 25 ms <= 1.5", 1.4, true],
    ["native: `up` (create) of 200 pipes at 150 ms over its time at 25 ms <= 1.5", 1.6, false],
    ["dynamic: requests per pipe create (preview + `up`) <= 3", 5, false],
    ["native: requests per pipe create (preview + `up`) <= 3", 3, true],
    ["native: requests per pipe destroy <= 2", 2, true],
    ["dynamic: requests per pipe destroy <= 2", 3, false],
    // The worst latency counts: 2 at 25 ms, 3 at 150 ms.
    ["dynamic: requests per dashboard create (preview + `up`) <= 2", 3, false],
    ["dynamic: requests per endpoint create (preview + `up`) <= 2", 2, true],
    ["dynamic: requests per endpoint in a no-op `preview` = 0", 1, false],
    ["native: requests per pipe in a no-op `preview` = 0", 0, true],
    ["dynamic at 25 ms: full pipe-list reads in the `up` of 20 new pipes beside 2000 <= 3", 60, false],
    ["native at 25 ms: full pipe-list reads in the `up` of 20 new pipes beside 2000 <= 3", 3, true],
    ["dynamic: rate-limited `up`: answers 429 <= 1", 19, false],
    ["native: rate-limited `up`: answers 429 <= 1", 1, true],
    // 82 s for 173 requests: (173 / 100) minutes is 103.8 s.
    ["dynamic: rate-limited `up`: wall over (requests / 100) minutes <= 1.2", 0.79, true],
    ["native: rate-limited `up`: wall over (requests / 100) minutes <= 1.2", 1, true],
  ])("%s: %s", (name, measured, met) => {
    expect(t[name], Object.keys(t).join("\n")).toEqual({ name, measured, met });
  });

  it("a run of one latency measures no latency ratio, and no run no target", () => {
    const r = results();
    const kinds = r.kinds as { runs: { latencyMs: number }[] };
    kinds.runs = kinds.runs.filter((x) => x.latencyMs === 25);
    r.latencies = [25];
    const ratios = measures.roundTripTargets(r).filter((x) => x.name.includes("over the lower"));
    expect(ratios.length).toBe(2);
    for (const x of ratios) expect(x).toMatchObject({ measured: null, met: null });
    expect(measures.roundTripTargets({ details: {} })).toEqual([]);
  });

  it("a run without pipes has no latency ratio", () => {
    const r = results();
    const kinds = r.kinds as { runs: { kind: string }[] };
    kinds.runs = kinds.runs.filter((x) => x.kind !== "pipe");
    expect(measures.roundTripTargets(r).filter((x) => x.name.includes("latency") || x.name.includes(" ms over "))).toEqual([]);
  });

  it("a rate-limited run asked for but missing keeps its targets, unmeasured", () => {
    const r = results();
    r.rateLimited = { runs: [], missing: "no rate-limited run: bench/lib/rate-limited.js is not in this checkout" };
    const limited = measures.roundTripTargets(r).filter((x) => x.name.includes("rate-limited"));
    expect(limited).toEqual([
      { name: "rate-limited `up`: answers 429 <= 1", measured: null, met: null },
      { name: "rate-limited `up`: wall over (requests / 100) minutes <= 1.2", measured: null, met: null },
    ]);
  });

  it("the README paragraph counts the targets met, missed and not measured", () => {
    const text = trips.roundTripSummary(results());
    expect(text).toContain("Round-trip targets of issue 27: 13 met, 7 missed, 0 not measured.");
    expect(text).toContain("dynamic: 20.0 s at 25 ms, 28.0 s at 150 ms (5.00 / 5.00 requests a pipe)");
  });

  it("the README's round-trip section is the summary of bench/results.json", () => {
    const committed = JSON.parse(fs.readFileSync(path.join(root, "bench", "results.json"), "utf8")) as Results;
    const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
    expect(report.readmeSection(readme, trips.ROUND_TRIP_SECTION)).toBe(trips.roundTripSummary(committed));
  });
});

describe("bench: seeding the large service", () => {
  const template = {
    id: "p-0",
    name: "bench-0",
    kind: "kafka",
    source: { consumerGroup: "bench-0", credentials: { username: "u", password: "p" } },
    destination: { database: "default", table: "bench_0" },
  };
  const snapshot = {
    version: 1,
    services: [
      { id: "empty", pipes: [] },
      { id: "svc", pipes: [template] },
    ],
    stack: {},
  };

  it("copies the one pipe under names, consumer groups, tables and ids of their own", () => {
    let n = 0;
    const out = seededSnapshot(snapshot, 3, () => `id-${n++}`);
    const pipes = out.services[1].pipes;
    expect(pipes.map((p) => [p.id, p.name, (p.source as { consumerGroup: string }).consumerGroup, (p.destination as { table: string }).table])).toEqual([
      ["id-0", "existing-0", "existing-0", "existing_0"],
      ["id-1", "existing-1", "existing-1", "existing_1"],
      ["id-2", "existing-2", "existing-2", "existing_2"],
    ]);
    expect(out.services[0].pipes).toEqual([]);
    expect(snapshot.services[1].pipes).toEqual([template]); // the input is left alone
  });

  it("refuses a state file without a pipe to copy", () => {
    expect(() => seededSnapshot({ version: 1, services: [{ id: "svc", pipes: [] }] }, 3)).toThrow(/no pipe/);
  });
});

describe("bench: the rate-limited run's hook", () => {
  const hook = load("./bench/lib/rate-limited-hook.js") as {
    rateLimitedRunner(load?: (id: string) => unknown): { run: unknown; reason: string | null };
    checkedRateLimited(answer: unknown, face: string): Record<string, unknown>;
  };
  const missing = (id: string) => {
    throw Object.assign(new Error(`Cannot find module '${id}'`), { code: "MODULE_NOT_FOUND" });
  };

  it("says so when the module is not in the checkout", () => {
    expect(hook.rateLimitedRunner(missing)).toEqual({ run: null, faces: [], reason: "no rate-limited run: bench/lib/rate-limited.js is not in this checkout" });
  });

  it("says so when the module exports no rateLimitedRun", () => {
    expect(hook.rateLimitedRunner(() => ({}))).toMatchObject({ run: null, reason: expect.stringContaining("exports no rateLimitedRun") });
  });

  it("hands over the module's function, on the dynamic face unless it names its faces", () => {
    const rateLimitedRun = () => Promise.resolve({});
    expect(hook.rateLimitedRunner(() => ({ rateLimitedRun }))).toEqual({ run: rateLimitedRun, faces: ["dynamic"], reason: null });
    expect(hook.rateLimitedRunner(() => ({ rateLimitedRun, faces: ["dynamic", "native"] }))).toMatchObject({ faces: ["dynamic", "native"] });
  });

  it("a module that fails to load for another reason fails the bench", () => {
    expect(() =>
      hook.rateLimitedRunner(() => {
        throw new SyntaxError("Unexpected token");
      }),
    ).toThrow(SyntaxError);
  });

  const counts = { requests: 173, answered429: 19, wallSeconds: 82 };
  it("takes the counts the targets read, and names the program and the limit", () => {
    expect(hook.checkedRateLimited({ tiles: 40, limit: 100, windowMs: 60_000, up: counts, destroy: counts }, "dynamic")).toEqual({
      face: "dynamic",
      program: "one dashboard of 40 tiles and a tile alert on each",
      limit: { requests: 100, windowSeconds: 60 },
      up: counts,
      destroy: counts,
    });
  });

  it.each([
    [{ up: counts }, /destroy.requests must be a number >= 0, got undefined/],
    [{ up: { ...counts, answered429: "19" }, destroy: counts }, /up.answered429 must be a number >= 0, got "19"/],
    [{ up: { ...counts, wallSeconds: Number.NaN }, destroy: counts }, /up.wallSeconds must be a number >= 0/],
  ])("refuses %j", (answer, message) => {
    expect(() => hook.checkedRateLimited(answer, "dynamic")).toThrow(message);
  });
});

describe("bench: the classic table's bound", () => {
  const classic = load("./bench/lib/report.js") as { markdown(r: Results): string };
  const committed = () => JSON.parse(fs.readFileSync(path.join(root, "bench", "results.json"), "utf8")) as { up: Record<string, unknown>[] } & Results;

  it("results with the preview phase's requests show requests in flight and the bound of every request", () => {
    const r = committed();
    r.up = r.up.map((u) => ({ ...u, previewApiRequests: 0, effectiveParallelism: 1.25 }));
    const md = classic.markdown(r);
    expect(md).toMatch(/\| In flight \(`--parallel` \d+\) \|/);
    expect(md).toContain("| 1.25 |");
    expect(md).toContain("Lower bound = latency x (P + max(min(P, U), U / parallelism))");
  });

  it("older results keep their table and explanation", () => {
    const r = committed();
    r.up = r.up.map(({ previewApiRequests: _p, effectiveParallelism: _e, ...u }) => u);
    const md = classic.markdown(r);
    expect(md).not.toContain("In flight");
    expect(md).toMatch(/Lower bound = pipes x requests per create \(\d+\) x latency \/ parallelism\./);
  });
});

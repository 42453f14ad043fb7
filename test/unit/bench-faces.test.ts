import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The two faces in `npm run bench`: the ratios of the native face against the dynamic one and
 * against its own floor, the program's CPU per resource, the targets, the generated
 * paragraph of docs/native-provider.md; and which processes of a CLI run the bench counts as provider or program.
 */
const root = path.resolve(__dirname, "..", "..");
const load = createRequire(path.join(root, "package.json"));
type Results = Record<string, unknown>;
const faces = load("./bench/lib/faces.js") as {
  faceComparison(r: Results): Record<string, Record<string, unknown>> | null;
  faceTargets(r: Results): { name: string; measured: unknown; met: boolean | null }[];
  nativeSummary(r: Results, docs?: string): string;
  NATIVE_SECTION: { begin: string; end: string };
};
const report = load("./bench/lib/report.js") as { readmeSection(readme: string, markers?: { begin: string; end: string }): string | undefined };
const { processKind } = load("./bench/lib/provider-processes.js") as { processKind(cmdline: string): string | undefined };

/** A run of 200 resources with round figures: every ratio below is checked by hand. */
function results(): Results {
  return {
    latencyMs: 25,
    stateBytesPerResource: { Pipe: 4000, Noop: 3000 },
    up: [
      { resources: 10, seconds: 5, cliCpuSeconds: 4, destroySeconds: 2, destroyCliCpuSeconds: 2, programCpuSeconds: 1 },
      { resources: 200, seconds: 40, cliCpuSeconds: 20, destroySeconds: 20, destroyCliCpuSeconds: 10, programCpuSeconds: 8, providerCpuSeconds: 5 },
    ],
    preview: [
      { resources: 10, seconds: 3, cliCpuSeconds: 3, programCpuSeconds: 0.5 },
      { resources: 200, seconds: 10, cliCpuSeconds: 8, programCpuSeconds: 4 },
    ],
    floor: [{ resources: 10 }, { resources: 200, upProgramCpuSeconds: 6 }],
    native: {
      resources: 200,
      up: { seconds: 30, cliCpuSeconds: 16, programCpuSeconds: 5, providerCpuSeconds: 2 },
      preview: { seconds: 5, cliCpuSeconds: 6, programCpuSeconds: 2 },
      destroy: { seconds: 10, cliCpuSeconds: 9 },
      floor: {
        up: { seconds: 20, cliCpuSeconds: 10, programCpuSeconds: 4 },
        preview: { seconds: 5, cliCpuSeconds: 5 },
        destroy: { seconds: 10, cliCpuSeconds: 6 },
      },
      stateBytesPerResource: { Pipe: 3000, Noop: 2000 },
    },
    details: { date: "2026-11-24T06:00:00.000Z" },
  };
}

describe("bench: the native face against the dynamic one", () => {
  it("ratios of CPU and wall time at the native run's size, and the program's CPU per resource", () => {
    expect(faces.faceComparison(results())).toEqual({
      resources: 200,
      nativeOverDynamicCpu: { up: 0.8, preview: 0.75, destroy: 0.9 },
      nativeOverDynamicWall: { up: 0.75, preview: 0.5, destroy: 0.5 },
      nativeOverNativeFloorCpu: { up: 1.6, preview: 1.2, destroy: 1.5 },
      nativeOverNativeFloorWall: { up: 1.5, preview: 1, destroy: 1 },
      programCpuMsPerResource: {
        dynamic: { up: 40, preview: 20, floorUp: 30 },
        native: { up: 25, preview: 10, floorUp: 20 },
      },
    });
  });

  it.each([
    ["no native run", (r: Results) => delete r.native],
    ["no dynamic run of the native run's size", (r: Results) => ((r.native as { resources: number }).resources = 50)],
  ])("%s: no comparison", (_name, change) => {
    const r = results();
    change(r);
    expect(faces.faceComparison(r)).toBeNull();
  });

  it("a figure the sampler did not get is null, not a number", () => {
    const r = results();
    (r.native as { up: Record<string, unknown> }).up.programCpuSeconds = null;
    const f = faces.faceComparison(r)!;
    expect(f.programCpuMsPerResource.native).toEqual({ up: null, preview: 10, floorUp: 20 });
  });

  it("the issue's targets: each met or missed as measured", () => {
    const r = results();
    r.faces = faces.faceComparison(r);
    expect(faces.faceTargets(r).map((t) => [t.measured, t.met])).toEqual([
      [0.8, true],
      [0.75, true],
      [0.9, false],
      [3000, true],
      [1.6, false],
      [1.2, true],
      [1.5, false],
    ]);
  });

  it("the figures of docs/native-provider.md are the summary of bench/results.json", () => {
    const committed = JSON.parse(fs.readFileSync(path.join(root, "bench", "results.json"), "utf8")) as Results;
    const page = fs.readFileSync(path.join(root, "docs", "native-provider.md"), "utf8");
    expect(report.readmeSection(page, faces.NATIVE_SECTION)).toBe(faces.nativeSummary(committed));
  });

  it("the README's native section carries the same figures, its links into docs/", () => {
    const committed = JSON.parse(fs.readFileSync(path.join(root, "bench", "results.json"), "utf8")) as Results;
    const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
    expect(report.readmeSection(readme, faces.NATIVE_SECTION)).toBe(faces.nativeSummary(committed, "docs/"));
    expect(faces.nativeSummary(committed, "docs/")).toContain("(docs/performance.md)");
  });

  it("the summary states the ratios against their targets", () => {
    const r = results();
    r.faces = faces.faceComparison(r);
    const text = faces.nativeSummary(r);
    for (const part of ["`up` costs 0.80x", "`preview` 0.75x", "`destroy` 0.90x", "1.60x, 1.20x and 1.50x", "3000 bytes", "25.0 ms of CPU per pipe"]) {
      expect(text).toContain(part);
    }
  });
});

describe("bench: which processes of a CLI run are counted", () => {
  const argv = (...a: string[]) => a.join("\0") + "\0";
  it.each([
    ["the dynamic provider", argv("/usr/bin/node", "/p/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js", "127.0.0.1:1"), "provider"],
    ["the dynamic provider's launcher", argv("node", "-e", "require(require.resolve('@pulumi/pulumi/cmd/dynamic-provider'))"), undefined],
    ["a native plugin", argv("node", "/p/node_modules/pulumi-pipestack/bin/pulumi-resource-pipestack", "127.0.0.1:1"), "provider"],
    ["the no-op plugin", argv("node", "/p/bench/noop-plugin/pulumi-resource-benchnoop"), "provider"],
    ["the program", argv("/opt/node/bin/node", "/p/node_modules/@pulumi/pulumi/cmd/run", "--monitor", "x"), "program"],
    ["a policy pack", argv("node", "/p/node_modules/@pulumi/pulumi/cmd/run-policy-pack"), undefined],
    ["the CLI (the engine writes the state in it)", argv("/root/.cache/pipestack/pulumi-v3.248.0/bin/pulumi", "up"), "cli"],
    ["the language host", argv("/bin/pulumi-language-nodejs", "-root", "/p"), "host"],
    ["a program named like the CLI", argv("/bin/pulumi-watch"), undefined],
    ["a plugin not run by node", argv("/bin/pulumi-resource-pipestack"), undefined],
  ])("%s", (_name, cmdline, kind) => {
    expect(processKind(cmdline)).toBe(kind);
  });
});

/**
 * What the package's types cost a program's compiler (issue 35): bench/type-check/every-kind.ts,
 * a program of every resource kind and function, compiled with `pulumi new typescript`'s settings
 * (no skipLibCheck), against the same program with the SDK alone (pulumi-only.ts), through the
 * bench's own part (bench/lib/type-check.js, `npm run bench -- --parts types`). Type and
 * instantiation counts are deterministic and held under the bound; times are printed, not asserted.
 * And a mistake in a program is reported by our field names, never by zod's internals.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

interface Figures {
  files: number;
  types: number;
  instantiations: number;
  checkSeconds: number;
  totalSeconds: number;
  errors?: string;
}
const bench = createRequire(__filename)("../../bench/lib/type-check.js") as {
  BOUND: number;
  typeCheck: (file: string, options?: { source?: string }) => Promise<Figures>;
  typeCheckComparison: () => Promise<{ pulumiOnly: Figures; everyKind: Figures; ratios: Record<"types" | "instantiations" | "checkTime", number> }>;
};

describe("type-check cost of the package", () => {
  it(`a program of every kind: types and instantiations within ${bench.BOUND}x of the SDK alone`, async () => {
    const r = await bench.typeCheckComparison();
    console.log(
      `type check: every kind ${r.everyKind.types} types, ${r.everyKind.instantiations} instantiations, check ${r.everyKind.checkSeconds} s; ` +
        `the SDK alone ${r.pulumiOnly.types} types, ${r.pulumiOnly.instantiations} instantiations, check ${r.pulumiOnly.checkSeconds} s; ` +
        `ratios ${JSON.stringify(r.ratios)}`,
    );
    expect(r.pulumiOnly.types).toBeGreaterThan(1000); // the baseline measured something
    expect(r.ratios.types).toBeLessThanOrEqual(bench.BOUND);
    expect(r.ratios.instantiations).toBeLessThanOrEqual(bench.BOUND);
  }, 600_000);

  it("a program's mistakes name our fields, in our types, never zod's", async () => {
    const source = `
import { Pipe, StackAlert } from "pulumi-pipestack";
new Pipe("two-kinds", {
  source: { kafka: { brokers: "b:9092", topics: "t" }, kinesis: { streamName: "s", region: "r" } },
  destination: { table: "t" },
});
new Pipe("no-type", { source: { kinesis: { streamName: "s", region: "r" } }, destination: { table: "t", columns: [{ name: "id" }] } });
new StackAlert("bad-interval", { source: "tile", dashboardId: "d", tile: "t", threshold: 1, thresholdType: "above", interval: "2m", channel: { type: "webhook", webhookId: "w" } });
`;
    const { errors = "" } = await bench.typeCheck("mistakes.ts", { source });
    // Two source kinds in one source: refused at compile time, by the second kind's name.
    expect(errors).toMatch(/index\.ts\(4,\d+\): error TS2322: [^\n]*'Input<PipeSourceArgs>'\.\n\s+Types of property 'kinesis' are incompatible/);
    // A required field left out is named, in the generated shape that declares it.
    expect(errors).toMatch(
      /index\.ts\(7,\d+\): error TS2322: [^\n]*'Input<ColumnsArgs>'\.\n\s+Property 'type' is missing in type '\{ name: string; \}' but required in type 'ColumnsArgs'/,
    );
    // A literal union spelled out.
    expect(errors).toMatch(/"2m".*not assignable/);
    expect(errors).not.toMatch(/Zod|zod/);
  }, 300_000);
});

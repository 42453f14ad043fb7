import { describe, expectTypeOf, it } from "vitest";
import type { MergedInput } from "../../provider/resource-class/merged-input";

// Checked by the compiler (test/package/typecheck.test.ts runs tsc over the tests).
describe("MergedInput", () => {
  it("takes every field of either, required only where both require it", () => {
    type A = { tag: "line"; shared: string; onlyA: number; optA?: boolean };
    type B = { tag: "line"; shared?: string; onlyB: string };
    expectTypeOf<MergedInput<A, B>>().toEqualTypeOf<{ tag: "line"; shared?: string; onlyA?: number; optA?: boolean; onlyB?: string }>();
  });

  it("a field of both takes either's type", () => {
    expectTypeOf<MergedInput<{ v: string }, { v: number }>>().toEqualTypeOf<{ v: string | number }>();
  });

  it("never on either side leaves the other as it is", () => {
    type A = { tag: "heatmap"; select: string[] };
    expectTypeOf<MergedInput<A, never>>().toEqualTypeOf<A>();
    expectTypeOf<MergedInput<never, A>>().toEqualTypeOf<A>();
  });
});

import { describe, expect, it } from "vitest";
import { cpuQuantity, memoryQuantity } from "../../emulator/cloud/quantities";
import { resolveOptions } from "../../emulator/options";
import { mulberry32 } from "../../emulator/prng";
import { Router } from "../../emulator/router";
import { advance, schedule } from "../../emulator/timeline";

describe("quantities", () => {
  it.each([
    [0.5, "512Mi"],
    [1, "1Gi"],
    [2.25, "2304Mi"],
    [8, "8Gi"],
  ])("memory %d GB reads %s", (gb, text) => expect(memoryQuantity(gb)).toBe(text));
  it("cpu reads in millicores", () => expect(cpuQuantity(125)).toBe("125m"));
});

describe("mulberry32", () => {
  it("repeats for a seed and differs between seeds", () => {
    const take = (seed: number) => Array.from({ length: 5 }, mulberry32(seed));
    expect(take(1)).toEqual(take(1));
    expect(take(1)).not.toEqual(take(2));
    expect(take(9).every((x) => x >= 0 && x < 1)).toBe(true);
  });
});

describe("timeline", () => {
  it("applies only the steps that are due", () => {
    const record = { state: "A", pending: schedule(1000, 100, ["A", "B", "C"]) };
    expect(advance(record, 1150).map((s) => s.state)).toEqual(["A", "B"]);
    expect(record.state).toBe("B");
    advance(record, 1200);
    expect(record.state).toBe("C");
    expect(record.pending).toEqual([]);
  });
});

describe("router", () => {
  const router = new Router().add("GET", "/a/{x}/b", () => ({ status: 200, headers: {}, body: "" }));
  it("matches templates and decodes parameters", () => {
    expect(router.match("GET", "/a/h%20i/b")?.params).toEqual({ x: "h i" });
    expect(router.match("GET", "/a/h/b")?.route.template).toBe("/a/{x}/b");
  });
  it("does not match another method or a longer path", () => {
    expect(router.match("POST", "/a/x/b")).toBeUndefined();
    expect(router.match("GET", "/a/x/b/c")).toBeUndefined();
  });
});

describe("options", () => {
  it.each([
    [{ faultRate: 2 }, "faultRate"],
    [{ organizationId: "org" }, "organizationId must be a UUID"],
    [{ port: 70000 }, "port"],
    [{ stepMs: -1 }, "stepMs"],
  ])("refuses %j", (input, message) => expect(() => resolveOptions(input)).toThrow(message));

  it("turns single quirks off", () => {
    const quirks = resolveOptions({ quirks: { engineParens: false } }).quirks;
    expect(quirks.engineParens).toBe(false);
    expect(quirks.nullOptionals).toBe(true);
  });
});

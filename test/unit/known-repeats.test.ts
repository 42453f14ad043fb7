import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { knownRepeats, knownToDiffer } from "../../provider/schemas/known-repeats";
import { UNKNOWN } from "../../provider/schemas/unknown";

/** Issue 42: a value not known at the preview is compared with nothing, neither equal nor different. */
const id = (v: unknown) => v;

describe("knownRepeats", () => {
  const cases: [string, unknown[], { at: number; first: number }[]][] = [
    ["none", ["a", "b"], []],
    ["a repeat", ["a", "b", "a"], [{ at: 2, first: 0 }]],
    [
      "every repeat, each to the first",
      ["a", "a", "a"],
      [
        { at: 1, first: 0 },
        { at: 2, first: 0 },
      ],
    ],
    ["two unknowns are not the same", [UNKNOWN, UNKNOWN], []],
    ["an unknown inside what identifies", [{ webhookId: UNKNOWN }, { webhookId: UNKNOWN }], []],
    ["a known repeat next to unknowns", [UNKNOWN, { w: "1" }, UNKNOWN, { w: "1" }], [{ at: 3, first: 1 }]],
    ["nothing to identify is skipped", [undefined, null, undefined], []],
  ];
  it.each(cases)("%s", (_what, items, expected) => {
    expect(knownRepeats(items, id)).toEqual(expected);
  });

  it("compares what the identity picks, not the whole item", () => {
    const items = [
      { name: "A", x: UNKNOWN },
      { name: "A", x: 1 },
    ];
    expect(knownRepeats(items, (t) => t.name)).toEqual([{ at: 1, first: 0 }]);
  });
});

describe("knownToDiffer", () => {
  const cases: [string, unknown, unknown, boolean][] = [
    ["same", "a", "a", false],
    ["different", "a", "b", true],
    ["one unknown", "a", UNKNOWN, false],
    ["unknown inside", { w: UNKNOWN }, { w: "1" }, false],
    ["both unknown", UNKNOWN, UNKNOWN, false],
  ];
  it.each(cases)("%s", (_what, a, b, expected) => {
    expect(knownToDiffer(a, b, id)).toBe(expected);
  });
});

describe("every kind's 'no X twice' check goes through knownRepeats", () => {
  // A hand-written repeat search (a `seen` map, `indexOf(k) !== i`) is where an unknown was compared as equal.
  const HAND_WRITTEN = /\bseen\.(has|get)\(|\.indexOf\([^)]*\) !== |\.(has|includes)\(\w+\.toLowerCase\(\)\)/;
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
  it("no check of any kind (provider/resources, provider/schemas) searches repeats by hand", () => {
    const own = join("provider", "schemas", "known-repeats.ts");
    const found = [...files(join("provider", "resources")), ...files(join("provider", "schemas"))].filter(
      (f) => f !== own && HAND_WRITTEN.test(readFileSync(f, "utf8")),
    );
    expect(found).toEqual([]);
  });
});

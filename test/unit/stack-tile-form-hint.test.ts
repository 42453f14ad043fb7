import { describe, expect, it } from "vitest";
import { ApiError } from "../../provider/errors";
import { tileFormHints, withFormHint } from "../../provider/resources/stack-dashboard/tile-form-hint";
import type { StackGeneration } from "../../provider/engine/stack/generation";

const tile = (over: Record<string, unknown>) => ({ name: "T", x: 0, y: 0, w: 1, h: 1, ...over });
const refused = (status: number) => new ApiError({ status, apiCode: "HTTP_400", detail: "Body validation failed", method: "POST", path: "/api/v2/dashboards" });
const FIRST_FORM = [tile({ series: [{ type: "time", dataSource: "events" }] })];
const CURRENT_FORM = [tile({ config: { displayType: "markdown" } })];

describe("tileFormHints: which generation's server a program's tiles may owe a refusal to", () => {
  it.each([
    ["dataSource only: the first form, a hint for a current server", FIRST_FORM, ["current"]],
    ["a config tile: the current form, a hint for a first-generation server", CURRENT_FORM, ["first"]],
    ["a series without dataSource: the current form", [tile({ series: [{ type: "time", sourceId: "s" }] })], ["first"]],
    ["both forms in one program: a hint for each", [...FIRST_FORM, ...CURRENT_FORM], ["current", "first"]],
    ["both fields: either generation, no hint", [tile({ series: [{ type: "time", dataSource: "events", sourceId: "s" }] })], []],
    ["a first-form markdown series: either, no hint", [tile({ series: [{ type: "markdown", dataSource: "events", content: "x" }] })], []],
  ] as const)("%s", (_what, tiles, generations) => {
    expect(Object.keys(tileFormHints({ tiles })).sort()).toEqual([...generations].sort());
  });
});

describe("withFormHint: only the hint of the server's own generation", () => {
  const asked = (g: StackGeneration) => {
    const calls: string[] = [];
    return { calls, ask: async () => (calls.push(g), g) };
  };
  it.each([
    [
      "a current server refusing first-form tiles: the current server's hint",
      FIRST_FORM,
      "current",
      /Perhaps the server is a current one \(API 2\.14\.0 or later\)/,
    ],
    ["a first-generation server refusing config tiles: the first generation's hint", CURRENT_FORM, "first", /Perhaps the server is of the first generation/],
    ["a current server refusing config tiles: no first-generation hint", CURRENT_FORM, "current", undefined],
    ["a first-generation server refusing first-form tiles: no current hint", FIRST_FORM, "first", undefined],
  ] as const)("%s", async (_what, tiles, generation, hint) => {
    const err = refused(400);
    const got = (await withFormHint(err, { tiles }, asked(generation).ask)) as Error;
    if (hint === undefined) expect(got).toBe(err);
    else expect(got.message).toMatch(new RegExp(`^POST /api/v2/dashboards -> 400 HTTP_400: Body validation failed\\. ${hint.source}`));
  });

  it("only a 400 gets a hint, and the generation is asked only when the tiles give one", async () => {
    const other = refused(409);
    const g = asked("first");
    expect(await withFormHint(other, { tiles: CURRENT_FORM }, g.ask)).toBe(other);
    const plain = refused(400);
    expect(await withFormHint(plain, { tiles: [tile({ series: [{ type: "time", dataSource: "e", sourceId: "s" }] })] }, g.ask)).toBe(plain);
    expect(g.calls).toEqual([]);
  });

  it("a generation that cannot be read gives no hint: the refusal stands", async () => {
    const err = refused(400);
    expect(await withFormHint(err, { tiles: CURRENT_FORM }, () => Promise.reject(new Error("down")))).toBe(err);
  });
});

import { describe, expect, it } from "vitest";
import { ApiError } from "../../provider/errors";
import { tileFormHint, withFormHint } from "../../provider/resources/stack-dashboard/tile-form-hint";

const tile = (over: Record<string, unknown>) => ({ name: "T", x: 0, y: 0, w: 1, h: 1, ...over });
const refused = (status: number) => new ApiError({ status, apiCode: "HTTP_400", detail: "Body validation failed", method: "POST", path: "/api/v2/dashboards" });

describe("tileFormHint: which generation a program's tiles need", () => {
  it.each([
    ["dataSource only: the first form", [tile({ series: [{ type: "time", dataSource: "events" }] })], /first generation's form/],
    ["a config tile: the current form", [tile({ config: { displayType: "markdown" } })], /need a current server/],
    ["a series without dataSource: the current form", [tile({ series: [{ type: "time", sourceId: "s" }] })], /need a current server/],
    ["both fields: either generation, no hint", [tile({ series: [{ type: "time", dataSource: "events", sourceId: "s" }] })], undefined],
    ["a first-form markdown series: either, no hint", [tile({ series: [{ type: "markdown", dataSource: "events", content: "x" }] })], undefined],
  ] as const)("%s", (_what, tiles, hint) => {
    const got = tileFormHint({ tiles });
    if (hint === undefined) expect(got).toBeUndefined();
    else expect(got).toMatch(hint);
  });

  it("only a 400 gets the hint; the message keeps the API error's", () => {
    const inputs = { tiles: [tile({ config: { displayType: "markdown" } })] };
    expect((withFormHint(refused(400), inputs) as Error).message).toMatch(/^POST \/api\/v2\/dashboards -> 400 HTTP_400: Body validation failed\. Perhaps: /);
    const other = refused(409);
    expect(withFormHint(other, inputs)).toBe(other);
  });
});

import { describe, expect, it } from "vitest";
import { sortOrderUses } from "../../provider/resources/stack-dashboard/series-sort-order";

describe("sortOrderUses", () => {
  it.each([
    ["none", [{ series: [{ type: "table" }] }], []],
    ["without field", [{ series: [{ type: "table", sortOrder: "asc" }] }], [{ property: "tiles[0].series[0].sortOrder", withField: false }]],
    [
      "an empty field is none",
      [{}, { series: [{ type: "table", field: "", sortOrder: "desc" }] }],
      [{ property: "tiles[1].series[0].sortOrder", withField: false }],
    ],
    [
      "with field",
      [{ series: [{ type: "time" }, { type: "table", field: "ms", sortOrder: "asc" }] }],
      [{ property: "tiles[0].series[1].sortOrder", withField: true }],
    ],
    ["a config tile", [{ config: { displayType: "table", orderBy: "count() DESC" } }], []],
    ["tiles not known yet", "04da6b54-80e4-46f7-96ec-b56ff0331ba9", []],
  ])("%s", (_what, tiles, uses) => {
    expect(sortOrderUses(tiles)).toEqual(uses);
  });
});

import { describe, expect, it } from "vitest";
import { stillAsWritten } from "../../provider/resources/stack-dashboard/alert-tile";

/** Issue 33, item 8: the tile an alert aims at, on the dashboard as this run wrote it, checked against a later read. */
const board = (...tiles: [string, string][]) => ({ id: "d1", tiles: tiles.map(([id, name]) => ({ id, name })) });
const WRITTEN = board(["t1", "Errors"], ["t2", "Volume"]);
const CHANGED = 'dashboard d1 changed outside this run after this run wrote it: tile "Errors" (t1)';

describe("stillAsWritten", () => {
  it.each<[string, unknown, { tileId?: string; tile?: string }, object]>([
    ["unchanged, by name", WRITTEN, { tile: "Errors" }, { id: "t1" }],
    ["unchanged, by id", WRITTEN, { tileId: "t1" }, { id: "t1" }],
    ["another tile renamed: no matter", board(["t1", "Errors"], ["t2", "Traffic"]), { tile: "Errors" }, { id: "t1" }],
    [
      "names swapped, by name",
      board(["t1", "Volume"], ["t2", "Errors"]),
      { tile: "Errors" },
      { property: "tile", reason: expect.stringContaining(`${CHANGED} is now named "Volume"`) },
    ],
    [
      "renamed, by id",
      board(["t1", "Failures"], ["t2", "Volume"]),
      { tileId: "t1" },
      { property: "tileId", reason: expect.stringContaining(`${CHANGED} is now named "Failures"`) },
    ],
    ["removed", board(["t2", "Volume"]), { tile: "Errors" }, { property: "tile", reason: expect.stringContaining(`${CHANGED} is no longer on it`) }],
    [
      "another tile took its name",
      board(["t1", "Errors"], ["t2", "Errors"]),
      { tile: "Errors" },
      { property: "tile", reason: expect.stringContaining(`${CHANGED} shares its name with tile t2 now`) },
    ],
    ["an id the write did not answer: left to the server", board(["t2", "Volume"]), { tileId: "t9" }, { id: "t9" }],
  ])("%s", (_what, live, ref, expected) => {
    const aimed = ref.tileId ?? "t1";
    expect(stillAsWritten(WRITTEN, live, aimed, ref, "d1")).toEqual(expected);
  });
});

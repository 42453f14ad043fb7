/** The pure parts of a dashboard's tiles pending removal (provider/resources/stack-dashboard/pending-tiles.ts). */
import { describe, expect, it } from "vitest";
import {
  PENDING_FREED,
  freedTileNote,
  heldTileWarning,
  notNamedAgain,
  settlePending,
  withFreedDetail,
} from "../../provider/resources/stack-dashboard/pending-tiles";
import type { StackTileOutput } from "../../provider/resources/stack-dashboard/schema";

const tile = (key: string, id: string) => ({ key, id, name: key }) as unknown as StackTileOutput;
const errors = tile("Errors", "t1");
const slow = tile("Slow", "t2");

describe("tiles pending removal", () => {
  it.each<[string, unknown, string[], string[], string[]]>([
    // name, program's tiles, watched ids, kept keys, freed keys
    ["watched, not named again: kept pending", [{ name: "Latency" }], ["t1", "t2"], ["Errors", "Slow"], []],
    ["no alert on it: freed (a removal)", [{ name: "Latency" }], ["t2"], ["Slow"], ["Errors"]],
    ["named again: freed (a put back), watched or not", [{ name: "Errors" }], ["t1"], [], ["Errors", "Slow"]],
    ["named again by key", [{ name: "Errors now", key: "Errors" }], ["t1", "t2"], ["Slow"], ["Errors"]],
    ["program's tiles not known: none named", undefined, ["t1"], ["Errors"], ["Slow"]],
  ])("%s", (_, newTiles, watched, kept, freed) => {
    const split = settlePending([errors, slow], newTiles, new Set(watched));
    expect(split.kept.map((t) => t.key)).toEqual(kept);
    expect(split.freed.map((t) => t.key)).toEqual(freed);
  });

  it("notNamedAgain keeps the pending tiles the program leaves out", () => {
    expect(notNamedAgain([errors, slow], [{ name: "Slow" }]).map((t) => t.key)).toEqual(["Errors"]);
  });

  it("a freed tile's removal says why; other changes are left as they are", () => {
    const changes = [
      { path: "tiles[Errors]", kind: "update" as const, detail: "removed; kept on the server, pending removal, while alerts watch it" },
      { path: "tiles[Latency]", kind: "update" as const, detail: "removed; kept on the server, pending removal, while alerts watch it" },
      { path: "name", kind: "update" as const },
    ];
    expect(withFreedDetail(changes, [errors])).toEqual([{ ...changes[0], detail: PENDING_FREED }, changes[1], changes[2]]);
  });

  it.each([
    [
      ["a1"],
      'dashboard d1: tile "Errors" (t1) stays on the server, pending removal, while alert a1 watches it; the next `pulumi up` after no alert watches it removes it',
    ],
    [
      ["a1", "a2"],
      'dashboard d1: tile "Errors" (t1) stays on the server, pending removal, while alerts a1, a2 watch it; the next `pulumi up` after no alert watches it removes it',
    ],
  ])("the update's warning names the tile, its alerts %j, and that the next up removes it", (ids, warning) => {
    expect(heldTileWarning("d1", errors, ids)).toBe(warning);
  });

  it("the preview's line for a freed tile names it and says why it goes", () => {
    expect(freedTileNote("d1", errors)).toBe('dashboard d1: tile "Errors" (t1): pending removal; no alert watches it now, so this update removes it');
  });
});

import { describe, expect, it } from "vitest";
import { FACES, errorsPending, tileAlertStack } from "./tile-alert-stack";

/**
 * Issue 42 and issue 43, through the real CLI (3.248: its `refresh` diffs the refreshed outputs
 * against the inputs in the state) on both faces: a refresh of a dashboard holding a pending tile
 * with alerts on it. v1 has the "Errors" tile and two alerts on it; v2 drops the tile; `up
 * --target` the dashboard keeps it pending. The refresh must pass (it writes nothing: the alerts'
 * diffs only show) and keep `pendingTiles` true to the server (the tile is still there, still
 * pending); a preview of v2 still refuses the alerts kept.
 */
describe.each(FACES)("%s face, on a 2.36.0 stack server: refresh with a pending tile", (face) => {
  const s = tileAlertStack(face);

  it("the refresh passes and keeps pendingTiles true to the server; a preview of the program still refuses the alerts kept on the tile", async () => {
    const { errorsTile, alerts } = await errorsPending(s);

    const refresh = await s.stack().pulumi(["refresh", "--yes", "--diff"]);
    expect(refresh.code, `the refresh must pass:\n${refresh.stdout}\n${refresh.stderr}`).toBe(0);
    const outs = (await s.board()).outputs!;
    expect(outs.pendingTiles.map((t: { key: string; id: string }) => [t.key, t.id])).toEqual([["Errors", errorsTile]]);
    expect(outs.tileIds).not.toHaveProperty("Errors");
    expect(
      s
        .server()
        .alerts.map((a) => a.id)
        .sort(),
      "a refresh writes nothing",
    ).toEqual(alerts);

    // The dashboard has no change (its tile still watched), so `board.tileIds["Errors"]` is known,
    // and absent: the alerts kept on the tile are refused at their check, naming the rule.
    const preview = await s.stack().pulumi(["preview"]);
    expect(preview.code).not.toBe(0);
    expect(preview.stdout + preview.stderr).toContain("a tile removed from its dashboard takes its alerts with it");
    expect(
      s.server().dashboards[0].tiles.map((t: { id: string }) => t.id),
      "nothing written",
    ).toContain(errorsTile);
  }, 900_000);
});

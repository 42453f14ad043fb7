import { describe, expect, it } from "vitest";
import { FACES, tileAlertStack } from "./tile-alert-stack";

/**
 * Issue 43, through the real CLI on both faces: one `up` removes the "Errors" tile and both
 * alerts on it. The dashboard's update comes before the alerts' deletes, so it keeps the tile on
 * the server, pending removal, and warns naming it and that the next `up` removes it; the alerts'
 * deletes write nothing else. The preview after it shows exactly one change, the dashboard's
 * update removing the tile (saying why), the second `up` removes it, and a third preview is clean.
 */
describe.each(FACES)("%s face, on a 2.36.0 stack server: a tile removed with its alerts goes at the next up", (face) => {
  const s = tileAlertStack(face);
  const tileIds = () => (s.server().dashboards[0].tiles as { id: string }[]).map((t) => t.id);

  it("first up: alerts deleted, tile pending and warned; preview: one update of the dashboard; second up: tile gone; third preview: no change", async () => {
    const stack = s.stack();
    await stack.up();
    const errorsTile = (await s.board()).outputs!.tileIds.Errors as string;
    expect(s.server().alerts).toHaveLength(2);

    await stack.must(["config", "set-all", "--plaintext", "dropErrors=true", "--plaintext", "byId=false", "--plaintext", "byName=false"]);
    const first = await stack.must(["up", "--yes"]);
    const said = first.stdout + first.stderr;
    expect(said).toContain(`tile "Errors" (${errorsTile}) stays on the server, pending removal, while alerts `);
    expect(said).toContain("the next `pulumi up` after no alert watches it removes it");
    expect(s.server().alerts, "both alerts deleted").toHaveLength(0);
    expect(tileIds(), "the tile kept, pending").toContain(errorsTile);
    expect((await s.board()).outputs!.pendingTiles.map((t: { id: string }) => t.id)).toEqual([errorsTile]);

    const steps = await stack.previewJson();
    const changed = Object.entries(steps)
      .filter(([, step]) => step.op !== "same")
      .map(([name, step]) => [name, step.op]);
    expect(changed, "exactly one update: the dashboard's").toEqual([["board", "update"]]);
    const preview = await stack.must(["preview", "--diff"]);
    expect(preview.stdout + preview.stderr).toContain(`tile "Errors" (${errorsTile}): pending removal; no alert watches it now, so this update removes it`);

    await stack.must(["up", "--yes"]);
    expect(tileIds()).not.toContain(errorsTile);
    expect(tileIds()).toHaveLength(1);
    expect((await s.board()).outputs!.pendingTiles ?? []).toEqual([]);
    await stack.expectNoChanges();
    await stack.destroy();
    expect(stack.storedObjects()).toBe(0);
  }, 900_000);
});

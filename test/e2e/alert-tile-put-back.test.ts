import { describe, expect, it } from "vitest";
import { FACES, errorsPending, tileAlertStack } from "./tile-alert-stack";

/**
 * Issue 42, through the real CLI on both faces (the program's resource classes, and the same
 * resources by type token on the native plugin). A tile put back while it is pending removal:
 * the program drops the "Errors" tile, `up --target` updates the dashboard alone (the alerts on
 * the tile stay, so the tile stays, pending), then the program names the tile again: the `up`
 * takes it back with its id, the alerts untouched. Then the alerts post to two webhooks made in the same run: their ids are not
 * known at the preview, which must not take them for one channel named twice.
 */
describe.each(FACES)("%s face, on a 2.36.0 stack server", (face) => {
  const s = tileAlertStack(face);
  const alertIds = () =>
    s
      .server()
      .alerts.map((a) => a.id)
      .sort();

  it("a tile put back while pending removal is taken back with its id", async () => {
    const { errorsTile, alerts } = await errorsPending(s);

    // Back to v1: the `up` passes and the tile is back, with its id, in tiles and tileIds.
    await s.stack().setConfig("dropErrors", "false");
    const back = await s.stack().pulumi(["up", "--yes"]);
    expect(back.code, `the up must pass:\n${back.stdout}\n${back.stderr}`).toBe(0);
    const outs = (await s.board()).outputs!;
    expect(outs.tileIds.Errors).toBe(errorsTile);
    expect(outs.pendingTiles ?? []).toEqual([]);
    expect(alertIds(), "no alert made again").toEqual(alerts);
    await s.stack().expectNoChanges();
  }, 900_000);

  it("alerts whose channels name two webhooks made in the same run preview and deploy", async () => {
    await s.stack().setConfig("newWebhooks", "true");
    const preview = await s.stack().pulumi(["preview"]);
    const said = preview.stdout + preview.stderr;
    expect(preview.code, `the preview must pass:\n${said}`).toBe(0);
    expect(said).not.toContain("already in the list");
    await s.stack().must(["up", "--yes"]);
    const hooks = s
      .server()
      .webhooks.filter((w) => String(w.name).startsWith("e2e hook-"))
      .map((w) => String(w.id));
    expect(hooks).toHaveLength(2);
    for (const alert of s.server().alerts) for (const id of hooks) expect(JSON.stringify(alert)).toContain(id);
    await s.stack().expectNoChanges();
    await s.stack().destroy();
    expect(s.stack().storedObjects()).toBe(0);
  }, 900_000);
});

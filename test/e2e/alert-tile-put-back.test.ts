import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, type ExportedResource } from "./harness";
import { storedStack } from "../support/stored";
import { SEEDED_WEBHOOK_ID } from "../../emulator/stack/store";

/**
 * Issue 42, through the real CLI on both faces (the program's resource classes, and the same
 * resources by type token on the native plugin). A tile put back while it is pending removal:
 * the program drops the "Errors" tile, `up --target` updates the dashboard alone (the alerts on
 * the tile stay, so the tile stays, pending), then the program names the tile again: the `up`
 * takes it back with its id, the alerts untouched. Then the alerts post to two webhooks made in the same run: their ids are not
 * known at the preview, which must not take them for one channel named twice.
 */
const FACES = ["dynamic", "native"] as const;

const named = (resources: ExportedResource[], name: string): ExportedResource => resources.find((r) => r.urn.endsWith(`::${name}`))!;

describe.each(FACES)("%s face, on a 2.36.0 stack server", (face) => {
  let stack: E2EStack;
  beforeAll(async () => {
    const config = { webhookId: SEEDED_WEBHOOK_ID, ...(face === "native" ? { face } : {}) };
    stack = await E2EStack.open({ program: "test/e2e/programs/alert-preview", stackServer: true, config, emulator: { stackApiVersion: "2.36.0" } });
  }, 300_000);
  afterAll(() => stack?.close());

  const server = () => storedStack(stack.emulator, "server");
  const board = async () => named((await stack.exportState()).resources, "board");
  const alertIds = () =>
    server()
      .alerts.map((a) => a.id)
      .sort();

  it("a tile put back while pending removal is taken back with its id", async () => {
    await stack.up();
    const alerts = alertIds();
    expect(alerts).toHaveLength(2);
    const errorsTile = (await board()).outputs!.tileIds.Errors as string;
    const boardUrn = (await board()).urn;

    // v2 drops the tile; only the dashboard is updated: the tile stays on the server, pending.
    await stack.setConfig("dropErrors", "true");
    await stack.must(["up", "--yes", "--target", boardUrn]);
    expect((await board()).outputs!.pendingTiles.map((t: { key: string; id: string }) => [t.key, t.id])).toEqual([["Errors", errorsTile]]);

    // Back to v1: the `up` passes and the tile is back, with its id, in tiles and tileIds.
    await stack.setConfig("dropErrors", "false");
    const back = await stack.pulumi(["up", "--yes"]);
    expect(back.code, `the up must pass:\n${back.stdout}\n${back.stderr}`).toBe(0);
    const outs = (await board()).outputs!;
    expect(outs.tileIds.Errors).toBe(errorsTile);
    expect(outs.pendingTiles ?? []).toEqual([]);
    expect(alertIds(), "no alert made again").toEqual(alerts);
    await stack.expectNoChanges();

    // (A refresh's reconciling of pendingTiles is tested by the provider tests, dashboard-pending-tiles:
    // the CLI's refresh also diffs the refreshed state against the last inputs, which lack the tile.)
  }, 900_000);

  it("alerts whose channels name two webhooks made in the same run preview and deploy", async () => {
    await stack.setConfig("newWebhooks", "true");
    const preview = await stack.pulumi(["preview"]);
    const said = preview.stdout + preview.stderr;
    expect(preview.code, `the preview must pass:\n${said}`).toBe(0);
    expect(said).not.toContain("already in the list");
    await stack.must(["up", "--yes"]);
    const hooks = server()
      .webhooks.filter((w) => String(w.name).startsWith("e2e hook-"))
      .map((w) => String(w.id));
    expect(hooks).toHaveLength(2);
    for (const alert of server().alerts) for (const id of hooks) expect(JSON.stringify(alert)).toContain(id);
    await stack.expectNoChanges();
    await stack.destroy();
    expect(stack.storedObjects()).toBe(0);
  }, 900_000);
});

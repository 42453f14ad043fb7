import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";
import { storedStack } from "../support/stored";
import { SEEDED_WEBHOOK_ID } from "../../emulator/stack/store";

/**
 * Issue 18, item 2, and issue 33, item 7, through the real CLI with `up --skip-preview` (no
 * preview to stop it): the dashboard loses its "Errors" tile while the program keeps the tile
 * alerts on it, by `tile` and by `tileId`. The dashboard's update keeps the watched tile on the
 * server, so no alert is deleted; the alerts are refused before any write of their own, and
 * `preview --expect-no-changes` does not pass. Removed together with the tile, the alerts are
 * deleted, then the tile, and the next preview is clean. One server generation (the CLI run is
 * the cost): the provider tests (dashboard-pending-tiles) cover both.
 */
describe("on a 2.36.0 stack server", () => {
  let stack: E2EStack;
  beforeAll(async () => {
    const config = { webhookId: SEEDED_WEBHOOK_ID };
    stack = await E2EStack.open({ program: "test/e2e/programs/alert-preview", stackServer: true, config, emulator: { stackApiVersion: "2.36.0" } });
  }, 300_000);
  afterAll(() => stack?.close());

  const rule = "a tile removed from its dashboard takes its alerts with it";
  const server = () => storedStack(stack.emulator, "server");

  it("up --skip-preview keeps tile and alerts while the program keeps the alerts; removed with them, the tile goes after them", async () => {
    await stack.up();
    const alerts = server()
      .alerts.map((a) => a.id)
      .sort();
    expect(alerts).toHaveLength(2);

    await stack.setConfig("dropErrors", "true");
    const failed = await stack.pulumi(["up", "--yes", "--skip-preview"]);
    const said = failed.stdout + failed.stderr;
    expect(failed.code, `the up must fail, not report success:\n${said}`).not.toBe(0);
    expect(said).toContain(rule);
    expect(said).toMatch(/which alert \w+ \("[^"]*"\) watches: .*so the update keeps the tile on the server until the alert is deleted/);
    expect(
      server()
        .alerts.map((a) => a.id)
        .sort(),
      "no alert deleted",
    ).toEqual(alerts);
    expect(server().dashboards[0].tiles, "the watched tile kept").toHaveLength(2);
    const clean = await stack.pulumi(["preview", "--expect-no-changes"]);
    expect(clean.code, "the removal still shows").not.toBe(0);

    // The program drops both alerts with the tile: the same `up` deletes them, then the tile.
    await stack.setConfig("byId", "false");
    await stack.setConfig("byName", "false");
    await stack.must(["up", "--yes", "--skip-preview"]);
    expect(server().alerts).toHaveLength(0);
    expect(server().dashboards[0].tiles.map((t: { name: string }) => t.name)).toEqual(["Volume"]);
    await stack.expectNoChanges();
    await stack.destroy();
    expect(stack.storedObjects()).toBe(0);
  }, 600_000);
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";
import { storedStack } from "../support/stored";
import { SEEDED_WEBHOOK_ID } from "../../emulator/stack/store";
import { STACK_VERSIONS } from "../support/stack-targets";

/**
 * Issue 18, item 2, through the real CLI: a tile alert named by `tile` whose tile the dashboard
 * loses while the alert stays in the program. The server deletes the alert at the dashboard's
 * update; `up` must fail saying so (as it does for `tileId`), `preview --expect-no-changes` must
 * not pass, and the `refresh` that drops the alert from the state says why.
 */
describe.each(STACK_VERSIONS)("on a %s stack server", (version) => {
  let stack: E2EStack;
  beforeAll(async () => {
    const config = { webhookId: SEEDED_WEBHOOK_ID, byId: "false" };
    stack = await E2EStack.open({ program: "test/e2e/programs/alert-preview", stackServer: true, config, emulator: { stackApiVersion: version } });
  }, 300_000);
  afterAll(() => stack?.close());

  const rule = "a tile removed from its dashboard takes its alerts with it";
  const alertsOnServer = () => storedStack(stack.emulator, "server").alerts.length;

  it("up fails naming the tile and why, the preview is not clean, refresh says why the alert leaves the state", async () => {
    await stack.up();
    const byName = (await stack.exportState()).resources.find((r) => r.urn.endsWith("::by-name"))!;
    expect(alertsOnServer()).toBe(1);

    await stack.setConfig("dropErrors", "true");
    const failed = await stack.pulumi(["up", "--yes", "--skip-preview"]);
    const said = failed.stdout + failed.stderr;
    expect(failed.code, `the up must fail, not report success:\n${said}`).not.toBe(0);
    expect(said).toMatch(
      new RegExp(`tile: dashboard \\w+ has no tile named "Errors" \\(its tiles: "Volume"\\); name one tile, or give its \`tileId\`; ${rule}`),
    );
    expect(alertsOnServer(), "the server deleted the alert with its tile").toBe(0);

    const clean = await stack.pulumi(["preview", "--expect-no-changes"]);
    expect(clean.code, "a preview must not pass as clean while the state holds a deleted alert").not.toBe(0);

    const refresh = await stack.refresh();
    expect(refresh.stdout + refresh.stderr).toMatch(
      new RegExp(`alert ${byName.id} is gone from \\S+, so it leaves the state: its tile "Errors" \\(\\w+\\) is no longer on dashboard \\w+: ${rule}`),
    );
    expect((await stack.exportState()).resources.some((r) => r.urn.endsWith("::by-name"))).toBe(false);

    // The same program with the alert by `tileId` alone: its check fails with the same reason.
    await stack.setConfig("byId", "true");
    await stack.setConfig("byName", "false");
    const byId = await stack.pulumi(["up", "--yes", "--skip-preview"]);
    expect(byId.code).not.toBe(0);
    expect(byId.stdout + byId.stderr).toContain("property tileId value {<nil>} has a problem: is required for a tile alert (or `tile`");
    expect(byId.stdout + byId.stderr).toContain(rule);

    await stack.setConfig("byId", "false");
    await stack.setConfig("byName", "true");
    await stack.setConfig("dropErrors", "false");
    await stack.up();
    await stack.expectNoChanges();
    await stack.destroy();
    expect(stack.storedObjects()).toBe(0);
  }, 600_000);
});

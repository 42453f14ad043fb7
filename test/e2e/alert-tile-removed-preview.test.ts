import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";
import { storedStack } from "../support/stored";
import { SEEDED_WEBHOOK_ID } from "../../emulator/stack/store";
import { previewComment } from "../../provider/pr-summary";

/**
 * Issue 26, item 4: a tile removed under an alert given by `tileId` (2.36.0 server). The alert's
 * own preview can only say `tileId => [unknown]`; the dashboard's preview names the alert the
 * server deletes with the tile, as a warning diagnostic `pulumi preview --json` carries (and the
 * pull-request summary shows beside its other warnings). While the program keeps the alert, the
 * alert's own diff in the same preview fails, so a previewing `up` stops before any write.
 */
interface Diagnostic {
  urn?: string;
  message: string;
  severity: string;
}

describe("a tile removed under an alert given by tileId", () => {
  let stack: E2EStack;
  beforeAll(async () => {
    const config = { webhookId: SEEDED_WEBHOOK_ID, byName: "false" };
    stack = await E2EStack.open({ program: "test/e2e/programs/alert-preview", stackServer: true, config, emulator: { stackApiVersion: "2.36.0" } });
  }, 300_000);
  afterAll(() => stack?.close());

  it("preview --json warns naming the alert, and fails before any write while the program keeps it; removed together, it passes", async () => {
    await stack.up();
    const alert = storedStack(stack.emulator, "server").alerts[0];
    const board = storedStack(stack.emulator, "server").dashboards[0];
    expect(alert).toBeDefined();

    await stack.setConfig("dropErrors", "true");
    const run = await stack.pulumi(["preview", "--json"]);
    const out = JSON.parse(run.stdout) as { diagnostics?: Diagnostic[] };
    const warnings = (out.diagnostics ?? []).filter((d) => d.severity === "warning" && d.message.includes(`which alert ${alert.id}`));
    expect(warnings, run.stdout).toHaveLength(1);
    expect(warnings[0].message).toContain(`dashboard ${board.id}: this update removes tile "Errors"`);
    expect(warnings[0].urn, "attached to the dashboard").toMatch(/::pulumi-nodejs:dynamic\/pipestack:StackDashboard::board$/);
    expect(warnings[0].message).toContain("the server deletes them at that dashboard update");
    // The pull-request comment takes the engine's words for the provider's: the one ⚠️ warning, after the rows.
    const comment = previewComment(run.stdout);
    expect(comment).toContain(`> ⚠️ **board (StackDashboard)**: dashboard ${board.id}: this update removes tile "Errors"`);
    expect(comment).toMatch(/#### Warnings: 1 from the provider\n/);
    // The program keeps the alert: the preview fails at the alert, so `pulumi up` stops before writing.
    expect(run.code, run.stdout).not.toBe(0);
    expect(run.stdout + run.stderr).toContain(`removes tile ${String(alert.tileId)}, which alert ${alert.id} watches`);
    const up = await stack.pulumi(["up", "--yes"]);
    expect(up.code).not.toBe(0);
    expect(storedStack(stack.emulator, "server").alerts, "nothing written: the alert is still there").toHaveLength(1);
    expect(storedStack(stack.emulator, "server").dashboards[0].tiles).toHaveLength(2);

    // The alert removed together with its tile: the preview passes and `up` removes both.
    await stack.setConfig("byId", "false");
    await stack.must(["preview"]);
    await stack.must(["up", "--yes"]);
    expect(storedStack(stack.emulator, "server").alerts).toHaveLength(0);
    await stack.destroy();
  }, 300_000);
});

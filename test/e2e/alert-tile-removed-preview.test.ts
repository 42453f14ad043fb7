import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";
import { storedStack } from "../support/stored";
import { SEEDED_WEBHOOK_ID } from "../../emulator/stack/store";

/**
 * Issue 26, item 4: a tile removed under an alert given by `tileId` (2.36.0 server). The alert's
 * own preview can only say `tileId => [unknown]`; the dashboard's preview names the alert the
 * server deletes with the tile, as a warning diagnostic `pulumi preview --json` carries (and the
 * pull-request summary shows beside its other warnings).
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

  it("preview --json carries a warning naming the alert and saying the server deletes it with the tile", async () => {
    await stack.up();
    const alert = storedStack(stack.emulator, "server").alerts[0];
    const board = storedStack(stack.emulator, "server").dashboards[0];
    expect(alert).toBeDefined();

    await stack.setConfig("dropErrors", "true");
    const run = await stack.must(["preview", "--json"]);
    const out = JSON.parse(run.stdout) as { diagnostics?: Diagnostic[] };
    const warnings = (out.diagnostics ?? []).filter((d) => d.severity === "warning" && d.message.includes(`deletes alert ${alert.id}`));
    expect(warnings, run.stdout).toHaveLength(1);
    expect(warnings[0].message).toContain(`dashboard ${board.id}: this update removes tile "Errors"`);
    expect(warnings[0].urn, "attached to the dashboard").toMatch(/::pulumi-nodejs:dynamic\/pipestack:StackDashboard::board$/);
    expect(warnings[0].message).toContain("the server deletes them at that dashboard update");
    // The preview wrote nothing: the alert is still there.
    expect(storedStack(stack.emulator, "server").alerts).toHaveLength(1);
    await stack.setConfig("dropErrors", "false");
    await stack.destroy();
  }, 300_000);
});

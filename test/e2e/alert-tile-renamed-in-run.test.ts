import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, type ExportedResource } from "./harness";
import { storedStack } from "../support/stored";
import { SEEDED_WEBHOOK_ID } from "../../emulator/stack/store";

/**
 * Issue 42, through the real CLI on both faces: one `up` renames the "Errors" tile (under its key)
 * to "Failures" and adds an alert naming its tile by name. The preview resolves the name on the
 * dashboard as the run will write it, not as it is before the run: an alert on "Errors" (the name
 * the run takes away) fails the preview, before any write; one on "Failures" passes it and is made
 * on the renamed tile, with its id.
 */
const FACES = ["dynamic", "native"] as const;

const named = (resources: ExportedResource[], name: string): ExportedResource => resources.find((r) => r.urn.endsWith(`::${name}`))!;
const byRoute = (s: E2EStack, route: string) => s.emulator.control.stats().byRoute[route] ?? 0;

describe.each(FACES)("%s face, on a 2.36.0 stack server: a tile renamed and an alert by name in one up", (face) => {
  let stack: E2EStack;
  beforeAll(async () => {
    const config = { webhookId: SEEDED_WEBHOOK_ID, byId: "false", byName: "false", ...(face === "native" ? { face } : {}) };
    stack = await E2EStack.open({ program: "test/e2e/programs/alert-preview", stackServer: true, config, emulator: { stackApiVersion: "2.36.0" } });
  }, 300_000);
  afterAll(() => stack?.close());
  const board = async () => named((await stack.exportState()).resources, "board");
  const alerts = () => storedStack(stack.emulator, "server").alerts;

  it("by the name the run takes away: the preview fails, nothing written; by the new name: made on the renamed tile", async () => {
    await stack.up();
    const errorsTile = (await board()).outputs!.tileIds.Errors as string;
    await stack.setConfig("errorsName", "Failures");
    await stack.setConfig("errorsKey", "Errors");
    await stack.setConfig("byName", "true");

    stack.emulator.control.resetStats();
    const refused = await stack.pulumi(["up", "--yes"]);
    const said = refused.stdout + refused.stderr;
    expect(refused.code, said).not.toBe(0);
    expect(said).toContain('has no tile named "Errors" (its tiles: "Failures", "Volume")');
    expect(byRoute(stack, "PUT /api/v2/dashboards/{id}"), "the preview failed: nothing written").toBe(0);
    expect(alerts()).toEqual([]);

    await stack.setConfig("byNameTile", "Failures");
    const made = await stack.pulumi(["up", "--yes"]);
    expect(made.code, `the up must pass:\n${made.stdout}\n${made.stderr}`).toBe(0);
    expect(alerts().map((a) => a.tileId)).toEqual([errorsTile]);
    expect((await board()).outputs!.tileIds.Errors).toBe(errorsTile);
    await stack.expectNoChanges();
  }, 900_000);
});

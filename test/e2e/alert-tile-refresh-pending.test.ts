import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, type ExportedResource } from "./harness";
import { storedStack } from "../support/stored";
import { SEEDED_WEBHOOK_ID } from "../../emulator/stack/store";

/**
 * Issue 42, through the real CLI (3.248: its `refresh` diffs the refreshed outputs against the
 * inputs in the state) on both faces: a refresh of a dashboard holding a pending tile with alerts
 * on it. v1 has the "Errors" tile and two alerts on it; v2 drops the tile; `up --target` the
 * dashboard keeps it pending. The refresh must pass (it writes nothing: the alerts' diffs only
 * show) and record the tile as the server holds it; a preview of v2 still refuses the alerts kept.
 */
const FACES = ["dynamic", "native"] as const;

const named = (resources: ExportedResource[], name: string): ExportedResource => resources.find((r) => r.urn.endsWith(`::${name}`))!;

describe.each(FACES)("%s face, on a 2.36.0 stack server: refresh with a pending tile", (face) => {
  let stack: E2EStack;
  beforeAll(async () => {
    const config = { webhookId: SEEDED_WEBHOOK_ID, ...(face === "native" ? { face } : {}) };
    stack = await E2EStack.open({ program: "test/e2e/programs/alert-preview", stackServer: true, config, emulator: { stackApiVersion: "2.36.0" } });
  }, 300_000);
  afterAll(() => stack?.close());
  const board = async () => named((await stack.exportState()).resources, "board");

  it("the refresh passes and reconciles pendingTiles; a preview of the program still refuses the alerts kept on the tile", async () => {
    await stack.up();
    const errorsTile = (await board()).outputs!.tileIds.Errors as string;
    await stack.setConfig("dropErrors", "true");
    await stack.must(["up", "--yes", "--target", (await board()).urn]);
    expect((await board()).outputs!.pendingTiles).toHaveLength(1);
    const alerts = storedStack(stack.emulator, "server").alerts.length;

    const refresh = await stack.pulumi(["refresh", "--yes", "--diff"]);
    expect(refresh.code, `the refresh must pass:\n${refresh.stdout}\n${refresh.stderr}`).toBe(0);
    const outs = (await board()).outputs!;
    expect(outs.pendingTiles ?? []).toEqual([]);
    expect(outs.tileIds.Errors).toBe(errorsTile);
    expect(storedStack(stack.emulator, "server").alerts, "a refresh writes nothing").toHaveLength(alerts);

    const preview = await stack.pulumi(["preview"]);
    expect(preview.code).not.toBe(0);
    expect(preview.stdout + preview.stderr).toContain(`removes tile ${errorsTile}, which alert`);
  }, 900_000);
});

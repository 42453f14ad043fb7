import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";
import { storedStack } from "../support/stored";
import { SEEDED_WEBHOOK_ID } from "../../emulator/stack/store";

/**
 * Issue 33, item 8, through the real CLI: a tile alert aims at the tile as this run wrote it. The
 * `up` writes the dashboard, then someone renames its "Errors" tile outside before the alert on
 * it is created (the alert's read of the dashboard after the write is held by the emulator's `slow`
 * fault while the rename lands). The alert refuses, naming the tile, and is not created on the renamed tile.
 */
const byRoute = (s: E2EStack, route: string) => s.emulator.control.stats().byRoute[route] ?? 0;

describe("a tile renamed outside between the dashboard's write and the alert's create", () => {
  let stack: E2EStack;
  beforeAll(async () => {
    const config = { webhookId: SEEDED_WEBHOOK_ID, byName: "false", byId: "false" };
    stack = await E2EStack.open({ program: "test/e2e/programs/alert-preview", stackServer: true, config, emulator: { stackApiVersion: "2.36.0" } });
  }, 300_000);
  afterAll(() => stack?.close());

  it("the alert refuses naming the tile; no alert lands on the renamed tile", async () => {
    await stack.up();
    const board = storedStack(stack.emulator, "server").dashboards[0];
    const errors = (board.tiles as { id: string; name: string }[]).find((t) => t.name === "Errors")!;

    // This run updates the dashboard (its write) and creates an alert on "Errors" by name.
    await stack.setConfig("errorsWidth", "6");
    await stack.setConfig("byName", "true");
    stack.emulator.control.resetStats();
    stack.emulator.control.script({ method: "GET", path: `^/api/v2/dashboards/${board.id}$`, kind: "slow", delayMs: 5_000, count: 5 });
    const run = stack.startDetached(["up", "--yes", "--skip-preview"]);
    // The run wrote the dashboard, and its alert's read of it has arrived (held 5 s): rename the
    // tile outside now, as another person would.
    const read = "GET /api/v2/dashboards/{id}";
    for (let waited = 0; byRoute(stack, read) < 1 && waited < 120_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(byRoute(stack, "PUT /api/v2/dashboards/{id}"), "the run wrote the dashboard").toBe(1);
    const live = storedStack(stack.emulator, "server").dashboards[0];
    const { id: _id, ...body } = live;
    await stack.stackApi("PUT", `/dashboards/${board.id}`, {
      ...body,
      tiles: (live.tiles as { name: string }[]).map((t) => (t.name === "Errors" ? { ...t, name: "Renamed" } : t)),
    });
    const done = await run.done;
    const said = done.stdout + done.stderr;
    expect(done.code, said).not.toBe(0);
    expect(said).toContain(`changed outside this run after this run wrote it: tile "Errors" (${errors.id}) is now named "Renamed"`);
    expect(said).toContain("a tile alert aims only at the tile as this run wrote it, never at another");
    expect(storedStack(stack.emulator, "server").alerts, "no alert created, on the renamed tile or any").toEqual([]);
    expect(byRoute(stack, "POST /api/v2/alerts")).toBe(0);
  }, 300_000);
});

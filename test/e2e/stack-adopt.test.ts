import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";
import { storedStack } from "../support/stored";
import { SEEDED_WEBHOOK_ID } from "../../emulator/stack/store";
import { STACK_VERSIONS } from "../support/stack-targets";

/**
 * Adoption end to end: a dashboard and its tile alert made directly on the API are adopted by
 * a program (`adoptId`), keep their ids (and the alert its tile), preview clean afterwards, and
 * go away on destroy. On both server generations.
 */
describe.each(STACK_VERSIONS)("on a %s stack server", (version) => {
  let stack: E2EStack;
  let dashboardId: string;
  let errorsTileId: string;
  let alertId: string;

  beforeAll(async () => {
    // The emulated stack's webhook: a current server refuses a channel naming none.
    const webhookId = SEEDED_WEBHOOK_ID;
    stack = await E2EStack.open({ program: "test/e2e/programs/adopt-stack", config: { webhookId }, emulator: { stackApiVersion: version } });
    const sourceId = storedStack(stack.emulator, "cloud").sources.find((s) => s.kind === "log")!.id;
    const board = await stack.cloudApi("POST", "/stack/dashboards", {
      name: "Made by hand",
      tiles: [
        {
          name: "Errors",
          x: 0,
          y: 0,
          w: 6,
          h: 3,
          series: [{ type: "time", dataSource: "events", sourceId, aggFn: "count", where: "level:error", groupBy: [] }],
        },
      ],
      tags: [],
    });
    dashboardId = board.id;
    errorsTileId = board.tiles[0].id;
    const alert = await stack.cloudApi("POST", "/stack/alerts", {
      source: "tile",
      dashboardId,
      tileId: errorsTileId,
      threshold: 1,
      thresholdType: "above",
      interval: "5m",
      channel: { type: "webhook", webhookId },
    });
    alertId = alert.id;
    await stack.setConfig("dashboardId", dashboardId);
    await stack.setConfig("alertId", alertId);
  }, 300_000);

  afterAll(() => stack?.close());

  function cloudStack(): { dashboards: any[]; alerts: any[] } {
    return storedStack(stack.emulator, "cloud");
  }

  describe("adopting a dashboard and its alert", () => {
    it("up adopts both in place; the tile keeps its id and the alert its tile", async () => {
      await stack.up();
      const outputs = await stack.outputs();
      expect(outputs).toMatchObject({ dashboardId, errorsTileId, alertId });
      const { dashboards, alerts } = cloudStack();
      expect(dashboards).toHaveLength(1);
      expect(dashboards[0]).toMatchObject({ id: dashboardId, name: "Adopted board" });
      expect(dashboards[0].tiles.map((t: any) => t.name)).toEqual(["Errors", "Volume"]);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ id: alertId, threshold: 42, tileId: errorsTileId });
    }, 300_000);

    it("nothing is left to change, and destroy removes what was adopted", async () => {
      await stack.expectNoChanges();
      await stack.destroy();
      expect(stack.storedObjects()).toBe(0);
      await stack.assertNoPlaintextSecrets();
    }, 300_000);
  });
});

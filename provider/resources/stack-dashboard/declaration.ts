import type { SpecFor } from "../../resource-class/register";
import type { SchemaInput } from "../../schemas/schema-input";
import type { stackDashboardSpec } from "./schema";
import { dashboardComputed, stackDashboardPolicy } from "./policy";

// The dashboard's declaration, from its policy. Apart from the class, so the native plugin loads it
// without the Pulumi SDK.
// Its doc comment is the class's: scripts/classes.js writes the class (provider/classes.ts) from it.
/**
 * A dashboard of the observability stack, on the cloud proxy of a service or on an open-source
 * stack server (`pipestack:stackUrl`).
 *
 * Tiles are identified by `key` (default: their name). Each tile's server id is carried forward
 * on every update, so moving, resizing, reordering or adding tiles keeps the existing tiles and
 * the alerts on them; `tileIds` maps each key to its tile's id. A tile left out of `tiles` is
 * removed; while alerts watch it, it stays on the server (in the `pendingTiles` output, not in
 * `tiles`), since the server would delete them with it, and the `up` warns naming it. The first
 * `up` after no alert watches it removes it: a tile removed together with its alerts leaves the
 * server at the `up` after the one that deleted them (its preview shows the dashboard's update,
 * "pending removal; no alert watches it now"). `filters`, `savedQuery`,
 * `savedQueryLanguage`, `savedFilterValues` and `containers` need a current server (API 2.36 or
 * later): a first-generation server would drop them, so the `up` is refused there, naming them.
 *
 * @example
 * export = async () => {
 *   // A current server queries a source by id (a first-generation one takes `dataSource: "events"`).
 *   const logs = (await getStackSources()).find((s) => s.kind === "log")!.id;
 *   const onCall = (await getStackWebhooks()).find((w) => w.name === "on-call")!.id;
 *   const board = new StackDashboard("checkout", {
 *     tiles: [{ name: "Errors", x: 0, y: 0, w: 12, h: 4,
 *       series: [{ type: "time", sourceId: logs, aggFn: "count", where: "level:error" }] }],
 *     tags: ["checkout"],
 *   });
 *   new StackAlert("checkout-errors", { source: "tile", dashboardId: board.id, tileId: board.tileIds["Errors"],
 *     threshold: 10, thresholdType: "above", interval: "5m", channels: [{ type: "webhook", webhookId: onCall }] });
 * };
 */
export const declaration = {
  type: "StackDashboard",
  engine: "stack-dashboard",
  named: true,
  policy: stackDashboardPolicy,
  computed: dashboardComputed,
} as const satisfies SpecFor<SchemaInput<typeof stackDashboardSpec>>;

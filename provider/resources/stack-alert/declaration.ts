import type { SpecFor } from "../../resource-class/register";
import type { SchemaInput } from "../../schemas/schema-input";
import type { stackAlertSpec } from "./schema";
import { alertComputed, stackAlertPolicy } from "./policy";

// The alert's declaration, from its policy. Apart from the class, so the native plugin loads it
// without the Pulumi SDK.
// Its doc comment is the class's: scripts/classes.js writes the class (provider/classes.ts) from it.
/**
 * An alert of the observability stack: on a dashboard tile (`source: "tile"`, with
 * `dashboardId` and `tile` or `tileId`) or on a saved search (`source: "saved_search"`, or the
 * contract's `search`, with `savedSearchId`). Sent in the form of the server's generation.
 *
 * Every field updates in place (one PUT of the whole alert); moving it to another stack
 * (`stackUrl`, `organizationId`, `serviceId`) creates a new alert and deletes the old one. The
 * server deletes a tile alert when its tile or dashboard is removed, and an alert on a tile
 * that cannot carry one (only line, stacked_bar and number tiles can), so such a tile is
 * refused before any write. Naming the tile by `tile` (its name) keeps previews quiet while
 * only the dashboard changes; `tileId: board.tileIds[...]` shows a removed tile in the preview.
 *
 * @example
 * new StackAlert("checkout-errors", {
 *   source: "tile", dashboardId: board.id, tile: "Errors",
 *   threshold: 10, thresholdType: "above", interval: "5m",
 *   channels: [{ type: "webhook", webhookId: onCall.id }],
 *   message: "Checkout errors above 10 in 5 minutes",
 * });
 */
export const declaration = {
  type: "StackAlert",
  engine: "stack-alert",
  named: true,
  policy: stackAlertPolicy,
  computed: alertComputed,
} as const satisfies SpecFor<SchemaInput<typeof stackAlertSpec>>;

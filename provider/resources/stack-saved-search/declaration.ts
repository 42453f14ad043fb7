import type { SpecFor } from "../../resource-class/register";
import type { SchemaInput } from "../../schemas/schema-input";
import type { stackSavedSearchSpec } from "./schema";
import { savedSearchComputed, stackSavedSearchPolicy } from "./policy";

// The saved search's declaration, from its policy. Apart from the class, so the native plugin loads
// it without the Pulumi SDK.
// Its doc comment is the class's: scripts/classes.js writes the class (provider/classes.ts) from it.
/**
 * A saved search of the observability stack (current servers, API 2.36 and later), on the
 * cloud proxy of a service or on an open-source stack server. Saved-search alerts name it by
 * `savedSearchId: search.id`. Every field updates in place (one PUT of the whole body; a field
 * left out falls back to its default); moving it to another stack creates a new one. Deleting
 * it deletes the alerts on it.
 *
 * @example
 * const errors = new StackSavedSearch("checkout-errors", {
 *   sourceId: logs.id, where: "service:checkout level:error", select: "timestamp, body", tags: ["checkout"],
 * });
 * new StackAlert("checkout-errors", { source: "saved_search", savedSearchId: errors.id, groupBy: "host",
 *   threshold: 5, thresholdType: "above", interval: "5m", channels: [{ type: "webhook", webhookId: hook.id }] });
 */
export const declaration = {
  type: "StackSavedSearch",
  engine: "stack-saved-search",
  named: true,
  policy: stackSavedSearchPolicy,
  computed: savedSearchComputed,
} as const satisfies SpecFor<SchemaInput<typeof stackSavedSearchSpec>>;

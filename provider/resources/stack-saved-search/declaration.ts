import type { SpecFor } from "../../resource-class/register";
import type { SchemaInput } from "../../schemas/schema-input";
import type { stackSavedSearchSpec } from "./schema";
import { savedSearchComputed, stackSavedSearchPolicy } from "./policy";

/** The saved search's declaration, from its policy. Apart from the class, so the native plugin
 * loads it without the Pulumi SDK. */
export const declaration = {
  type: "StackSavedSearch",
  engine: "stack-saved-search",
  named: true,
  policy: stackSavedSearchPolicy,
  computed: savedSearchComputed,
} as const satisfies SpecFor<SchemaInput<typeof stackSavedSearchSpec>>;

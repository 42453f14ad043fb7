import type { SpecFor } from "../../resource-class/register";
import type { SchemaInput } from "../../schemas/schema-input";
import type { stackAlertSpec } from "./schema";
import { alertComputed, stackAlertPolicy } from "./policy";

/** The alert's declaration, from its policy. Apart from the class, so the native plugin
 * loads it without the Pulumi SDK. */
export const declaration = {
  type: "StackAlert",
  engine: "stack-alert",
  named: true,
  policy: stackAlertPolicy,
  computed: alertComputed,
} as const satisfies SpecFor<SchemaInput<typeof stackAlertSpec>>;

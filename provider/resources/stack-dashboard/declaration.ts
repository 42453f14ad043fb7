import type { SpecFor } from "../../resource-class/register";
import type { SchemaInput } from "../../schemas/schema-input";
import type { stackDashboardSpec } from "./schema";
import { dashboardComputed, stackDashboardPolicy } from "./policy";

/** The dashboard's declaration, from its policy. Apart from the class, so the native plugin
 * loads it without the Pulumi SDK. */
export const declaration = {
  type: "StackDashboard",
  engine: "stack-dashboard",
  named: true,
  policy: stackDashboardPolicy,
  computed: dashboardComputed,
} as const satisfies SpecFor<SchemaInput<typeof stackDashboardSpec>>;

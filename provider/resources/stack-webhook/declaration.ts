import type { SpecFor } from "../../resource-class/register";
import type { SchemaInput } from "../../schemas/schema-input";
import type { stackWebhookSpec } from "./schema";
import { webhookComputed, stackWebhookPolicy } from "./policy";

/** The webhook's declaration, from its policy. Apart from the class, so the native plugin
 * loads it without the Pulumi SDK. */
export const declaration = {
  type: "StackWebhook",
  engine: "stack-webhook",
  named: true,
  policy: stackWebhookPolicy,
  computed: webhookComputed,
} as const satisfies SpecFor<SchemaInput<typeof stackWebhookSpec>>;

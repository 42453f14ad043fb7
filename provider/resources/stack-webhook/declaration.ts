import type { SpecFor } from "../../resource-class/register";
import type { SchemaInput } from "../../schemas/schema-input";
import type { stackWebhookSpec } from "./schema";
import { webhookComputed, stackWebhookPolicy } from "./policy";

// The webhook's declaration, from its policy. Apart from the class, so the native plugin loads it
// without the Pulumi SDK.
// Its doc comment is the class's: scripts/classes.js writes the class (provider/classes.ts) from it.
/**
 * A webhook of the observability stack (current servers, API 2.36 and later), on the cloud
 * proxy of a service or on an open-source stack server: where alerts send their notifications
 * (`channels: [{ type: "webhook", webhookId: hook.id }]`). Every field updates in place (one PUT of
 * the whole webhook); moving it to another stack creates a new one. `headers` and `queryParams`
 * are secret and write-only: the server never returns them, so state keeps them encrypted, the
 * outputs hold only their fingerprints, and a change made outside the program cannot be seen. Left out of the program, they are the
 * server's: an update keeps them (unless it moves the `url` or `service`, which the preview
 * names as clearing them); `{}` clears them. A name is unique per service: a create whose
 * name is taken is refused at preview, naming the webhook that holds it; one made less than 5
 * minutes ago may be another stack's create in flight (wait and run again, never adopt it), an
 * older one is offered for adoption with the warning that a `destroy` would then delete it. The server
 * refuses to delete a webhook that an alert still names.
 *
 * @example
 * const onCall = new StackWebhook("checkout-hook", {
 *   url: "https://hooks.example.com/alerts",
 *   headers: { Authorization: pulumi.secret("Bearer <token>") },
 *   body: '{"text": "{{title}}"}',
 * });
 * new StackAlert("checkout-errors", { source: "saved_search", savedSearchId: errors.id, threshold: 5,
 *   thresholdType: "above", interval: "5m", channels: [{ type: "webhook", webhookId: onCall.id }] });
 */
export const declaration = {
  type: "StackWebhook",
  engine: "stack-webhook",
  named: true,
  policy: stackWebhookPolicy,
  computed: webhookComputed,
} as const satisfies SpecFor<SchemaInput<typeof stackWebhookSpec>>;

import type * as pulumi from "@pulumi/pulumi";
import type { stackWebhookSpec } from "./schema";
import type { ArgsOf } from "../../resource-class/inputs";
import type { SchemaInput } from "../../schemas/schema-input";
import type { ConnectionInput } from "../../resource-class/connection";
import { stackWebhookPolicy, webhookComputed } from "./policy";
import type { ClassOutputs } from "../../resource-class/class-outputs";
import { DeclaredResource } from "../../resource-class/register";
import { declaration } from "./declaration";
import { dynamicTypeToken, hasTypeToken } from "../../resource-class/type-tokens";

/**
 * Arguments of a {@link StackWebhook}: the stack API's webhook body, and (optionally) which
 * stack it lives on.
 */
export interface StackWebhookArgs extends ArgsOf<Omit<SchemaInput<typeof stackWebhookSpec>, "name">>, ConnectionInput {
  /** Name, 1-1024 characters; unique per `service` on the stack. @default the resource name */
  name?: pulumi.Input<string>;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the outputs, from the declaration
export interface StackWebhook extends ClassOutputs<typeof stackWebhookSpec, typeof stackWebhookPolicy, typeof webhookComputed> {}

/**
 * A webhook of the observability stack (current servers, API 2.36 and later), on the cloud
 * proxy of a service or on an open-source stack server: where alerts send their notifications
 * (`channel: { type: "webhook", webhookId: hook.id }`). Every field updates in place (one PUT of
 * the whole webhook); moving it to another stack creates a new one. `headers` and `queryParams`
 * are secret and write-only: the server never returns them, so state keeps them encrypted, the
 * outputs hold only their fingerprints, and a change made outside the program cannot be seen. A name is unique per service: a create whose
 * name is taken is refused at preview, saying how to adopt the webhook that holds it. The server
 * refuses to delete a webhook that an alert still names.
 *
 * @example
 * const onCall = new StackWebhook("on-call", {
 *   url: "https://hooks.example.com/alerts",
 *   headers: { Authorization: pulumi.secret("Bearer <token>") },
 *   body: '{"text": "{{title}}"}',
 * });
 * new StackAlert("checkout-errors", { source: "saved_search", savedSearchId: errors.id, threshold: 5,
 *   thresholdType: "above", interval: "5m", channel: { type: "webhook", webhookId: onCall.id } });
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- its outputs are the interface above
export class StackWebhook extends DeclaredResource {
  /** The type token, `pulumi-nodejs:dynamic/pipestack:StackWebhook`: what policy packs match on. */
  static readonly __pulumiType = dynamicTypeToken(declaration.type);

  /** True when `obj` is a StackWebhook, also one made by another copy of this package. */
  static override isInstance(obj: unknown): obj is StackWebhook {
    return hasTypeToken(obj, StackWebhook.__pulumiType);
  }

  constructor(name: string, args: StackWebhookArgs, opts?: pulumi.CustomResourceOptions) {
    super(declaration, name, args, opts);
  }
}

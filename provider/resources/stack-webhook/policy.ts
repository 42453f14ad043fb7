import { computedKeys, writeOnlySecret, type ComputedFields, type FieldPolicy, type ComputedOutputs } from "../../schemas/field-policy";
import type { StackWebhookInput } from "./schema";
import { put, stackObjectPolicy, type StackPatch } from "../../schemas/stack-target";
import { serverStamps } from "../../schemas/server-stamps";

/**
 * Every field of a webhook and its life cycle: the PUT takes the whole webhook, so each changes
 * in place (name, service and url too); only a move to another stack needs a new webhook.
 */
export const stackWebhookPolicy = {
  name: { ...put, filled: true },
  service: { ...put, filled: true },
  url: put,
  description: put,
  body: put,
  headers: writeOnlySecret(put, "headers"),
  queryParams: writeOnlySecret(put, "queryParams"),
  ...stackObjectPolicy,
} as const satisfies FieldPolicy<StackWebhookInput, StackPatch>;

/** Outputs of the server's own: read from every answer, never the program's to compare. */
export const webhookComputed = {
  ...serverStamps,
} satisfies ComputedFields;

export const webhookServerOutputs = computedKeys(webhookComputed);

/** A webhook's properties as the engine holds them: the program's spec and the serialized provider. */
export type WebhookInputs = StackWebhookInput & { __provider?: string };

/** A webhook's outputs: its inputs as the server reads them back (the write-only maps carried), and the server's own fields. */
export type WebhookOutputs = WebhookInputs & ComputedOutputs<typeof webhookComputed>;

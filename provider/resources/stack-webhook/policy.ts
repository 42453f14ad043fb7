import { computedKeys, type ComputedFields, type FieldPolicy, type ComputedOutputs } from "../../schemas/field-policy";
import { filled, writeOnlySecret } from "../../schemas/field-rules";
import { GENERIC_SERVICE, type StackWebhookInput } from "./schema";
import { put, stackObjectPolicy, type StackPatch } from "../../schemas/stack-target";
import { serverStamps } from "../../schemas/server-stamps";

/** A map the server never answers: secret and write-only; `{}` when the webhook holds none (made without it, or cleared by the server). */
const writeOnlyMap = (name: string) => ({ ...writeOnlySecret(put, name), noneHeld: {} }) as const;

/**
 * Every field of a webhook and its life cycle: the PUT takes the whole webhook, so each changes
 * in place (name, service and url too); only a move to another stack needs a new webhook.
 */
export const stackWebhookPolicy = {
  name: filled(put),
  service: filled(put),
  url: put,
  description: put,
  // 2.36.0 answers `body` on the generic service only; an incidentio webhook's is kept but never answered.
  body: { ...put, answeredWhen: { key: "service", values: [GENERIC_SERVICE] } },
  headers: writeOnlyMap("headers"),
  queryParams: writeOnlyMap("queryParams"),
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

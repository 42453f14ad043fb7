/**
 * An alert's channel: its shape and its field policy side by side, so the alert's schema (which
 * refuses a channel named twice, by the policy's identity) and its policy both stand on it.
 */
import { z } from "zod";
import type { VariantsPolicy } from "../../schemas/field-policy";
import { webhookId } from "../../schemas/refinements/ids";
import { put, type StackPatch } from "../../schemas/stack-target";

/** Where a firing alert is sent: a webhook configured on the stack, by id. */
const webhookChannel = z
  .object({
    /** Kind of channel: `webhook`. */
    type: z.literal("webhook"),
    /** Id of the webhook on the stack. */
    webhookId: z.string({ required_error: "is required for a webhook channel" }).min(1, "is required for a webhook channel").pipe(webhookId),
  })
  .strict();

/** An alert's channel, by `type` (only `webhook` so far). */
export const alertChannel = z.discriminatedUnion("type", [webhookChannel]);

export type AlertChannel = z.output<typeof alertChannel>;

/**
 * An alert's channel, by `type`: each variant's fields are what its body sends, what identifies
 * it (no channel twice) and what is read back, so a new kind of channel is one entry here.
 */
export const alertChannelPolicy = {
  discriminator: "type",
  variants: {
    webhook: { fields: { type: put, webhookId: put } },
  },
} as const satisfies VariantsPolicy<AlertChannel, StackPatch>;

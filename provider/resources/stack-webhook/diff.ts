import type { DiffSpec } from "../../engine/field-diff";
import { stackWebhookPolicy, webhookServerOutputs } from "./policy";
import { GENERIC_SERVICE } from "./schema";

/**
 * How a webhook is diffed: by its policy, with the service left out equal to the generic one the
 * engine sends. The write-only maps are compared with the outputs, which carry the last inputs
 * (the server never answers them). A field the policy does not name needs a new webhook.
 */
export const webhookDiff: DiffSpec = {
  fields: stackWebhookPolicy,
  outputsOnly: ["id", ...webhookServerOutputs],
  unlisted: "replace",
  normalise: { service: (v) => (v === undefined || v === null ? GENERIC_SERVICE : v) },
};

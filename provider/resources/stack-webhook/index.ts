import { declaration } from "./declaration";
import { listing } from "./listing";
import { webhookDiff } from "./diff";
import { provider } from "./engine";
import { stackWebhookSpec } from "./schema";
import { defineResource } from "../../engine/definition";
import { fixedStamps } from "../../schemas/server-stamps";

/** A webhook of the observability stack (`/webhooks`). Listed in the registry (`provider/registry/index.ts`). */
export const stackWebhook = defineResource({
  ...declaration,
  provider,
  spec: stackWebhookSpec,
  diff: webhookDiff,
  fixedOutputs: fixedStamps,
  gap: "alerts that name the webhook cannot notify until the new one exists (and must name its new id)",
  listing,
});

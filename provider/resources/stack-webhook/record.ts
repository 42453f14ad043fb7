import { z } from "zod";
import { computedRecord } from "../../schemas/field-policy";
import { webhookComputed } from "./policy";

/** A webhook as the server answers it: never its `headers` or `queryParams` (write-only). */
export const webhookRecord = z
  .object({
    id: z.string().min(1),
    name: z.string().nullish(),
    service: z.string().nullish(),
    url: z.string().nullish(),
    description: z.string().nullish(),
    body: z.string().nullish(),
    ...computedRecord(webhookComputed),
  })
  .passthrough();

export type WebhookRecord = z.output<typeof webhookRecord>;

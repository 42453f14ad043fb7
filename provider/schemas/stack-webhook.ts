import { z } from "zod";

/**
 * A webhook of the stack, as `getStackWebhooks` returns it: what a program needs to name it as
 * an alert channel. Its `url` (a chat webhook's URL is itself a credential), headers, query
 * parameters and body are left out on purpose, so they never reach a program's outputs or state.
 */
export const stackWebhook = z
  .object({
    /** The id an alert channel takes: `{ type: "webhook", webhookId }`. */
    id: z.string(),
    /** Name, unique per service. */
    name: z.string().nullish(),
    /** The kind of receiver it posts to, as the server names it (e.g. `generic`). */
    service: z.string().nullish(),
    description: z.string().nullish(),
    createdAt: z.string().nullish(),
    updatedAt: z.string().nullish(),
  })
  .strip();

/** One webhook as `getStackWebhooks` lists it (the resource class of a managed webhook is `StackWebhook`). */
export type StackWebhookRecord = z.output<typeof stackWebhook>;

/**
 * The webhook body of the current stack API. `headers` and `queryParams` go into an
 * outbound request, so they are checked for control characters; a slack webhook takes
 * neither (nor a `body`).
 */
import { z } from "zod";

const controlChars = /[\r\n\t\x00-\x1F\x7F]/;
const UNSUPPORTED_ON_SLACK = ["headers", "queryParams", "body"] as const;

/** POST and PUT of a webhook; `headers` and `queryParams` are write-only. */
export const webhookSchema = z
  .object({
    name: z.string().trim().min(1).max(1024),
    service: z.enum(["slack", "generic", "incidentio"]),
    url: z.string().url().max(2048),
    description: z.string().max(2048).optional(),
    queryParams: z
      .record(
        z
          .string()
          .min(1, "Query parameter name cannot be empty")
          .max(1024)
          .refine((v) => !controlChars.test(v), "Query parameter names cannot contain control characters"),
        z
          .string()
          .max(4096)
          .refine((v) => !controlChars.test(v), "Query parameter values cannot contain control characters"),
      )
      .refine((m) => Object.keys(m).length <= 100, "A webhook cannot have more than 100 query parameters")
      .optional(),
    headers: z
      .record(
        z
          .string()
          .min(1, "Header name cannot be empty")
          .max(256)
          .regex(/^[!#$%&'*+\-.0-9A-Z^_`a-z|~]+$/, "Invalid header name. Only alphanumeric characters and !#$%&'*+-.^_`|~ are allowed")
          .refine((n) => !/^\d/.test(n), "Header name cannot start with a number"),
        z
          .string()
          .max(4096)
          .refine((v) => !controlChars.test(v), "Header values cannot contain control characters"),
      )
      .refine((m) => Object.keys(m).length <= 100, "A webhook cannot have more than 100 headers")
      .optional(),
    body: z
      .string()
      .max(16 * 1024)
      .optional(),
  })
  .superRefine((webhook, ctx) => {
    if (webhook.service !== "slack") return;
    for (const field of UNSUPPORTED_ON_SLACK) {
      if (webhook[field] !== undefined)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: `${field} is not supported for the slack webhook service` });
    }
  });
export type WebhookInput = z.output<typeof webhookSchema>;

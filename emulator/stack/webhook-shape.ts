/**
 * The webhook body of the current stack API. `headers` and `queryParams` go into an
 * outbound request, so they are checked for control characters; a slack webhook takes
 * neither (nor a `body`). The generic and incidentio services take all three: the server sends
 * incidentio alerts through its generic transport, which uses them.
 */
import { z } from "zod";

const controlChars = /[\r\n\t\x00-\x1F\x7F]/;
const UNSUPPORTED_ON_SLACK = ["headers", "queryParams", "body"] as const;

/** A string of at most `max` characters that goes into the outbound request: no control characters. */
const outbound = (max: number, what: string, schema = z.string()) =>
  schema.max(max).refine((v) => !controlChars.test(v), `${what} cannot contain control characters`);

/** Names to values, at most 100 of them. */
const upTo100 = <K extends z.ZodType<string, z.ZodTypeDef, string>, V extends z.ZodTypeAny>(names: K, values: V, what: string) =>
  z.record(names, values).refine((m) => Object.keys(m).length <= 100, `A webhook cannot have more than 100 ${what}`);

/** POST and PUT of a webhook; `headers` and `queryParams` are write-only. */
export const webhookSchema = z
  .object({
    name: z.string().trim().min(1).max(1024),
    service: z.enum(["slack", "generic", "incidentio"]),
    url: z.string().url().max(2048),
    description: z.string().max(2048).optional(),
    queryParams: upTo100(
      outbound(1024, "Query parameter names", z.string().min(1, "Query parameter name cannot be empty")),
      outbound(4096, "Query parameter values"),
      "query parameters",
    ).optional(),
    headers: upTo100(
      z
        .string()
        .min(1, "Header name cannot be empty")
        .max(256)
        .regex(/^[!#$%&'*+\-.0-9A-Z^_`a-z|~]+$/, "Invalid header name. Only alphanumeric characters and !#$%&'*+-.^_`|~ are allowed")
        .refine((n) => !/^\d/.test(n), "Header name cannot start with a number"),
      outbound(4096, "Header values"),
      "headers",
    ).optional(),
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

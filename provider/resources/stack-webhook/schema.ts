import { z } from "zod";
import { httpUrl } from "../../schemas/refinements/urls";
import { stackObject } from "../../schemas/stack-target";
import type { CheckFailure } from "../../schemas/check-failures";

/**
 * A webhook of the stack (current servers; notes: "Server generations"): the server's webhook
 * body, field for field. PUT replaces it whole. `headers` and `queryParams` are write-only: the
 * server never answers them, so they are kept secret in state and compared with the program's
 * last inputs only.
 */

/** The kinds of receiver the server posts to. */
export const WEBHOOK_SERVICES = ["generic", "slack", "incidentio"] as const;

/** The service that posts `body` as it is: the default. */
export const GENERIC_SERVICE = "generic";

/**
 * The services the server posts through its generic transport, which sends `body`, `headers`
 * and `queryParams` (the incident service's alerts go that way too); the others post a message
 * of their own making and refuse them.
 */
export const REQUEST_SERVICES: readonly (typeof WEBHOOK_SERVICES)[number][] = [GENERIC_SERVICE, "incidentio"];

/** The fields only the {@link REQUEST_SERVICES} take. */
export const REQUEST_FIELDS_ONLY = ["headers", "queryParams", "body"] as const;

/** A string map of at most 100 entries, each value at most 4096 characters. */
const stringMap = (what: string, name: z.ZodString) =>
  z.record(name, z.string().max(4096, "must be at most 4096 characters")).refine((m) => Object.keys(m).length <= 100, `must hold at most 100 ${what}`);

/** An HTTP header name: a token, not starting with a digit. */
const headerName = z
  .string()
  .min(1, "a header name must not be empty")
  .max(256, "a header name must be at most 256 characters")
  .regex(/^[!#$%&'*+\-.^_`|~A-Za-z][!#$%&'*+\-.^_`|~0-9A-Za-z]*$/, "a header name is letters, digits and !#$%&'*+-.^_`|~, not starting with a digit");

/** The fields of a webhook as the program describes it. */
const webhookFields = {
  /** Name, 1-1024 characters; unique per `service` on the stack. @default the resource name */
  name: z.string().trim().min(1, "must not be empty").max(1024, "must be at most 1024 characters").optional(),
  /** The kind of receiver: `generic` posts `body` (or the server's default message) to `url` with `headers` and `queryParams`. @default "generic" */
  service: z.enum(WEBHOOK_SERVICES).optional(),
  /**
   * Where the server posts: an `http:` or `https:` URL of at most 2048 characters, on a public
   * address (the server refuses private and loopback ones). Stored readable: keep credentials in
   * `headers`.
   */
  url: httpUrl("https://hooks.example.com/alerts").pipe(z.string().max(2048, "must be at most 2048 characters")),
  /** Description, at most 2048 characters. @default none */
  description: z.string().max(2048, "must be at most 2048 characters").optional(),
  /**
   * The request body the server posts, a template of at most 16384 characters (generic and
   * incidentio services). The server answers it on the generic service only: an incidentio
   * webhook's is kept as the program last wrote it, and a change made outside cannot be seen.
   * @default the server's own message
   */
  body: z.string().max(16384, "must be at most 16384 characters").optional(),
  /**
   * Headers sent with each post (generic and incidentio services), at most 100: such as an
   * `Authorization` token. Secret and write-only: the server never returns them, so a change
   * made outside the program cannot be seen; left out, the webhook keeps the server's (`{}`
   * clears them).
   */
  headers: stringMap("headers", headerName).optional(),
  /**
   * Query parameters added to `url` on each post (generic and incidentio services), at most 100.
   * Secret and write-only, like `headers`.
   */
  queryParams: stringMap(
    "query parameters",
    z.string().min(1, "a query parameter name must not be empty").max(1024, "must be at most 1024 characters"),
  ).optional(),
};

/** A webhook as the program describes it. */
export const stackWebhookSpec = stackObject(webhookFields);

export type StackWebhookInput = z.input<typeof stackWebhookSpec>;

/**
 * The fields a service outside {@link REQUEST_SERVICES} refuses (it posts a message of its own
 * making), over the raw spec so the rule holds where a neighbour is invalid or not known yet.
 */
export function serviceFieldFailures(spec: unknown): CheckFailure[] {
  const s = (spec ?? {}) as Record<string, unknown>;
  // Left out: the generic service. An unknown service is the schema's to refuse.
  if (s.service === undefined || (REQUEST_SERVICES as readonly unknown[]).includes(s.service)) return [];
  if (!(WEBHOOK_SERVICES as readonly unknown[]).includes(s.service)) return [];
  return REQUEST_FIELDS_ONLY.filter((k) => s[k] !== undefined && s[k] !== null).map((k) => ({
    property: k,
    reason: `only the ${REQUEST_SERVICES.join(" and ")} services take ${k}; service ${JSON.stringify(s.service)} refuses it`,
  }));
}

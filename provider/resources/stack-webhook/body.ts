import { bodyKeys } from "../../schemas/field-policy";
import { dropUndefined } from "../../engine/canonical";
import { readBackFields, serverFields } from "../../engine/read-back";
import type { Obj } from "../../schemas/plain-object";
import { stackWebhookPolicy, webhookServerOutputs } from "./policy";
import type { WebhookRecord } from "./record";
import { GENERIC_SERVICE } from "./schema";
import type { WebhookInputs, WebhookOutputs } from "./props";

const REQUEST_FIELDS = bodyKeys(stackWebhookPolicy);

/** The write-only maps: a PUT that leaves one out keeps the old one (unless the destination moves), so a PUT always sends them. */
const WRITE_ONLY = ["headers", "queryParams"] as const;

/**
 * The body of a POST, or (`whole`) of the PUT that replaces a webhook: the request fields the
 * program sets, `service` defaulted. The PUT sends the write-only maps always (`{}` when unset),
 * since one left out would keep what the program dropped; only the generic service takes them. Pure.
 */
export function webhookBody(inputs: WebhookInputs, whole = false): Obj {
  const spec = inputs as Obj;
  const body: Obj = {};
  for (const k of REQUEST_FIELDS) if (spec[k] !== undefined && spec[k] !== null) body[k] = spec[k];
  body.service ??= GENERIC_SERVICE;
  if (whole && body.service === GENERIC_SERVICE) for (const k of WRITE_ONLY) body[k] ??= {};
  return body;
}

/** The values of the write-only maps: blanked out of any error the client raises. Pure. */
export function webhookSecrets(inputs: WebhookInputs): string[] {
  return WRITE_ONLY.flatMap((k) => Object.values((inputs as Obj)[k] ?? {}).filter((v): v is string => typeof v === "string" && v !== ""));
}

/** The outputs of a webhook: the answer's fields by the policy (the write-only maps carried), the server's own beside them. Pure. */
export function webhookOutputs(api: WebhookRecord, carried: WebhookInputs): WebhookOutputs {
  return dropUndefined({ ...readBackFields(stackWebhookPolicy, api, carried), ...serverFields(webhookServerOutputs, api) }) as WebhookOutputs;
}

import { bodyKeys } from "../../schemas/field-policy";
import { keptPaths } from "../../engine/kept-on-server";
import { dropUndefined } from "../../engine/canonical";
import { readBackFields, serverFields } from "../../engine/read-back";
import type { Obj } from "../../schemas/plain-object";
import { stackWebhookPolicy, webhookServerOutputs, type WebhookInputs, type WebhookOutputs } from "./policy";
import type { WebhookRecord } from "./record";
import { GENERIC_SERVICE } from "./schema";

const REQUEST_FIELDS = bodyKeys(stackWebhookPolicy);

/** The write-only maps, from the policy: the server keeps them and never answers them. */
const WRITE_ONLY = keptPaths(stackWebhookPolicy);

/**
 * The body of a POST, or of the PUT that replaces a webhook: the request fields the program
 * sets, `service` defaulted. A write-only map the program leaves out is left out of the PUT,
 * which keeps the server's (unless the destination moves: see the engine's `clears`); one set
 * to `{}` is sent and clears it. Pure.
 */
export function webhookBody(inputs: WebhookInputs): Obj {
  const spec = inputs as Obj;
  const body: Obj = {};
  for (const k of REQUEST_FIELDS) if (spec[k] !== undefined && spec[k] !== null) body[k] = spec[k];
  body.service ??= GENERIC_SERVICE;
  return body;
}

/** True when a PUT from `olds` to `news` moves the destination (url or service), which drops the write-only maps it leaves out. Pure. */
export function movesDestination(olds: Obj, news: WebhookInputs): boolean {
  const service = (v: unknown) => v ?? GENERIC_SERVICE;
  return olds.url !== news.url || service(olds.service) !== service(news.service);
}

/** The values of the write-only maps: blanked out of any error the client raises. Pure. */
export function webhookSecrets(inputs: WebhookInputs): string[] {
  return WRITE_ONLY.flatMap((k) => Object.values(((inputs as Obj)[k] as Obj | undefined) ?? {}).filter((v): v is string => typeof v === "string" && v !== ""));
}

/** The outputs of a webhook: the answer's fields by the policy (the write-only maps carried), the server's own beside them. Pure. */
export function webhookOutputs(api: WebhookRecord, carried: WebhookInputs): WebhookOutputs {
  return dropUndefined({ ...readBackFields(stackWebhookPolicy, api, carried), ...serverFields(webhookServerOutputs, api) }) as WebhookOutputs;
}

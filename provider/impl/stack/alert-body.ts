import { bodyKeys } from "../../schemas/field-policy";
import type { StackAlertRecord } from "../../schemas/stack-alert";
import { alertServerOutputs, stackAlertPolicy } from "../../schemas/stack-alert-policy";
import { dropUndefined, isObj } from "../canonical";
import type { AlertInputs, AlertOutputs } from "../../schemas/stack-props";
import { readBackFields, serverFields } from "../read-back";

type Obj = Record<string, unknown>;

/** Fields of the alert request (contract row 6): every field the alert policy sends in a body. */
const REQUEST_FIELDS = bodyKeys(stackAlertPolicy);

/**
 * The body of a POST or of the PUT that replaces an alert: every request field the program
 * sets, nothing else (no `id`, no target fields). A field left out is cleared by the PUT. Pure.
 */
export function alertBody(inputs: AlertInputs): Obj {
  const body: Obj = {};
  const spec: Obj = inputs;
  for (const k of REQUEST_FIELDS) if (spec[k] !== undefined && spec[k] !== null) body[k] = spec[k];
  if (isObj(body.channel)) body.channel = { type: body.channel.type, webhookId: body.channel.webhookId };
  return body;
}

/**
 * The outputs of an alert: the API's answer in the shape the program writes (`dashboard` as
 * `dashboardId`, `savedSearch` as `savedSearchId`, as the policy names them), the server's own
 * fields beside them, and the target carried from `carried` (inputs or old outputs). No `null`,
 * no `undefined`. Pure.
 */
export function alertOutputs(api: StackAlertRecord, carried: AlertInputs): AlertOutputs {
  return dropUndefined({
    ...readBackFields(stackAlertPolicy, api, carried),
    ...serverFields(alertServerOutputs, api),
    silenced: typeof api.silenced === "boolean" ? api.silenced : api.silenced ? true : undefined,
  }) as AlertOutputs;
}

import { bodyKeys } from "../../schemas/field-policy";
import { dropUndefined } from "../../engine/canonical";
import { readBackFields, serverFields } from "../../engine/read-back";
import type { Obj } from "../../schemas/plain-object";
import { connectionServerOutputs, stackConnectionPolicy, type ConnectionInputs, type ConnectionOutputs } from "./policy";
import type { ConnectionRecord } from "./record";

const REQUEST_FIELDS = bodyKeys(stackConnectionPolicy);

/** The wire name of a request field: the policy's `answerKey` where the server's name differs. Pure. */
const wireKey = (k: string): string => (stackConnectionPolicy as Record<string, { answerKey?: string }>)[k]?.answerKey ?? k;

/**
 * What a PUT sends for a readable field the program leaves out: the server sets only what a PUT
 * carries, so a field dropped from the program (which the diff shows as a change) must be sent
 * empty to be cleared: `""` clears the setting prefix, `false` turns the switch off. The password
 * is not among them: left out, it is the server's.
 */
const CLEARED: Obj = { settingPrefix: "", metricsEndpoint: false };

/**
 * The body of a POST (`update` false) or of a PUT: the request fields the program sets, under
 * their wire names. A PUT also clears the readable fields the program leaves out. Pure.
 */
export function connectionBody(inputs: ConnectionInputs, update: boolean): Obj {
  const spec = inputs as Obj;
  const body: Obj = {};
  for (const k of REQUEST_FIELDS) {
    const value = spec[k] ?? (update ? CLEARED[k] : undefined);
    if (value !== undefined && value !== null) body[wireKey(k)] = value;
  }
  return body;
}

/** The password: blanked out of any error the client raises. Pure. */
export function connectionSecrets(inputs: ConnectionInputs): string[] {
  return typeof inputs.password === "string" && inputs.password !== "" ? [inputs.password] : [];
}

/** The outputs of a connection: the answer's fields by the policy (the password carried), the server's own beside them. Pure. */
export function connectionOutputs(api: ConnectionRecord, carried: ConnectionInputs): ConnectionOutputs {
  return dropUndefined({ ...readBackFields(stackConnectionPolicy, api, carried), ...serverFields(connectionServerOutputs, api) }) as ConnectionOutputs;
}

import { bodyKeys } from "../../schemas/field-policy";
import type { ReversePrivateEndpoint } from "./record";
import { endpointPolicy, endpointServerOutputs, type EndpointInputs, type EndpointOutputs } from "./policy";
import { dropUndefined } from "../../engine/canonical";
import { readBackFields, serverFields } from "../../engine/read-back";
import type { Obj } from "../../schemas/plain-object";

/** The create body: every field the policy sends in the body, as the program set it. Pure. */
export function createBody(inputs: EndpointInputs): Obj {
  const body: Obj = {};
  for (const key of bodyKeys(endpointPolicy)) {
    const value = (inputs as Obj)[key];
    if (value !== undefined && value !== null) body[key] = value;
  }
  return body;
}

/**
 * The outputs of an endpoint: what the API answered, in the shape the program writes, with
 * write-only values carried over from `carried` (the inputs, or the old outputs), plus the
 * server's own fields (status, endpoint id, DNS names). Pure.
 */
export function endpointOutputs(api: ReversePrivateEndpoint, carried: EndpointInputs): EndpointOutputs {
  return dropUndefined({
    ...readBackFields(endpointPolicy, api, carried),
    ...serverFields(endpointServerOutputs, api),
  }) as EndpointOutputs;
}

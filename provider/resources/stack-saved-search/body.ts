import { bodyKeys } from "../../schemas/field-policy";
import type { StackSavedSearchRecord } from "./record";
import { savedSearchServerOutputs, stackSavedSearchPolicy, type SavedSearchInputs, type SavedSearchOutputs } from "./policy";
import { dropUndefined } from "../../engine/canonical";
import { readBackFields, serverFields } from "../../engine/read-back";
import type { Obj } from "../../schemas/plain-object";

const REQUEST_FIELDS = bodyKeys(stackSavedSearchPolicy);

/** The body of a POST, or of the PUT that replaces a saved search: the request fields the program sets. Pure. */
export function savedSearchBody(inputs: SavedSearchInputs): Obj {
  const spec = inputs as Obj;
  const body: Obj = {};
  for (const k of REQUEST_FIELDS) if (spec[k] !== undefined && spec[k] !== null) body[k] = spec[k];
  return body;
}

/** The outputs of a saved search: the answer's fields by the policy, the server's own beside them, the target carried. Pure. */
export function savedSearchOutputs(api: StackSavedSearchRecord, carried: SavedSearchInputs): SavedSearchOutputs {
  return dropUndefined({ ...readBackFields(stackSavedSearchPolicy, api, carried), ...serverFields(savedSearchServerOutputs, api) }) as SavedSearchOutputs;
}

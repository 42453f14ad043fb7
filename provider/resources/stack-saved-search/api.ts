import { createStackObject, putStackObject, type Marker, type StackCollection } from "../../engine/stack/api";
import type { StackTarget } from "../../client/stack-target";
import type { Obj } from "../../schemas/plain-object";
import { stackSavedSearchRecord, type StackSavedSearchRecord } from "./record";

/** The stack collection saved searches live in. */
export const savedSearches: StackCollection<typeof stackSavedSearchRecord> = {
  path: "saved-searches",
  paged: true,
  noun: "saved search",
  schema: stackSavedSearchRecord,
};

/** Creates a saved search; `marker` recognises it in the list after an ambiguous failure. */
export function createSavedSearch(t: StackTarget, body: Obj, marker: Marker): Promise<StackSavedSearchRecord> {
  return createStackObject(t, savedSearches, body, marker);
}

/** PUT of the whole saved search: fields left out fall back to their defaults. */
export function putSavedSearch(t: StackTarget, id: string, body: Obj): Promise<StackSavedSearchRecord> {
  return putStackObject(t, savedSearches, id, body);
}

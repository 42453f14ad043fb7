import { createStackObject, putStackObject, type Marker, type StackCollection } from "../../engine/stack/api";
import type { StackTarget } from "../../client/stack-target";
import type { Obj } from "../../schemas/plain-object";
import { stackAlertRecord, type StackAlertRecord } from "./record";

/** The stack collection alerts live in. */
export const alerts: StackCollection<typeof stackAlertRecord> = { path: "alerts", paged: true, noun: "alert", schema: stackAlertRecord };

/** Creates an alert; `marker` recognises it in the list after an ambiguous failure. */
export function createAlert(t: StackTarget, body: Obj, marker: Marker): Promise<StackAlertRecord> {
  return createStackObject(t, alerts, body, marker);
}

/** PUT of the whole alert: optional fields left out are cleared. */
export function putAlert(t: StackTarget, id: string, body: Obj): Promise<StackAlertRecord> {
  return putStackObject(t, alerts, id, body);
}

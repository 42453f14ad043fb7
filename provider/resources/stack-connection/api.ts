import { createStackObject, putStackObject, type Marker, type StackCollection } from "../../engine/stack/api";
import type { StackTarget } from "../../client/stack-target";
import type { Obj } from "../../schemas/plain-object";
import { connectionRecord, type ConnectionRecord } from "./record";

/** The stack collection connections live in: list (not paged), GET of one, POST, PUT and DELETE. */
export const connections: StackCollection<typeof connectionRecord> = {
  path: "connections",
  paged: false,
  noun: "connection",
  schema: connectionRecord,
};

/** Creates a connection; `marker` (its name) recognises it in the list after an ambiguous failure. The password is blanked out of errors. */
export function createConnection(t: StackTarget, body: Obj, marker: Marker, secrets: readonly string[]): Promise<ConnectionRecord> {
  return createStackObject(t, connections, body, marker, secrets);
}

/** PUT of the connection: the server sets the fields it carries and keeps the others (the password when left out). */
export function putConnection(t: StackTarget, id: string, body: Obj, secrets: readonly string[]): Promise<ConnectionRecord> {
  return putStackObject(t, connections, id, body, { secrets });
}

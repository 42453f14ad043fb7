import { createStackObject, putStackObject, stackUrl, type Marker, type StackCollection } from "../../engine/stack/api";
import { parsedOne } from "../../engine/parse-answer";
import type { StackTarget } from "../../client/stack-target";
import type { Obj } from "../../schemas/plain-object";
import { sourceRecord, type SourceRecord } from "./record";

/** The stack collection sources live in: list (not paged), GET of one, POST, PUT (a full replace) and DELETE. */
export const sources: StackCollection<typeof sourceRecord> = {
  path: "sources",
  paged: false,
  noun: "source",
  schema: sourceRecord,
};

/** Creates a source; `marker` (its name) recognises it in the list after an ambiguous failure. */
export function createSource(t: StackTarget, body: Obj, marker: Marker): Promise<SourceRecord> {
  return createStackObject(t, sources, body, marker);
}

/** The source `id` as the server holds it now. */
export async function getSource(t: StackTarget, id: string): Promise<SourceRecord> {
  return parsedOne(sourceRecord, await t.client.get(stackUrl(t, sources, id)), `GET ${sources.path}/${id}`, id);
}

/** PUT of the whole source: the server replaces it, so a field left out is cleared. */
export function putSource(t: StackTarget, id: string, body: Obj): Promise<SourceRecord> {
  return putStackObject(t, sources, id, body);
}

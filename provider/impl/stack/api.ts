import { z, type ZodTypeAny } from "zod";
import { path } from "../../client/paths";
import { parsed } from "../parse-answer";
import { goneIsDoneOn, type StackCollection } from "./gone-or-route";
import type { StackTarget } from "../../client/stack-target";
import { createOnce } from "../create-once";
import { stackAlertRecord, type StackAlertRecord } from "../../schemas/stack-alert";
import { stackDashboardRecord, type StackDashboardRecord } from "../../schemas/stack-dashboard";
import { stackSavedSearchRecord, type StackSavedSearchRecord } from "../../schemas/stack-saved-search";

/**
 * The stack endpoints, one function each, on either target: the same paths below
 * `target.basePath` (`/dashboards`, `/alerts`), the envelopes handled by the client.
 * Bodies never carry a top-level `id` (the cloud gateway refuses it).
 */

type Obj = Record<string, unknown>;
export type StackKind = StackCollection;

const url = (t: StackTarget, kind: StackKind, id?: string) => `${t.basePath}${id === undefined ? path(kind) : path(kind, id)}`;

function withoutId(body: Obj): Obj {
  const { id: _id, ...rest } = body;
  return rest;
}

/**
 * Where a create's marker travels: a field the POST sends it in instead of the program's value
 * (`tags` as the one tag), and that the PUT right after sets back.
 */
export interface Marker {
  field: "tags" | "note" | "name";
  value: string;
}

/** The POST body carrying the marker. Pure. */
export function markedBody(body: Obj, marker: Marker): Obj {
  return { ...withoutId(body), [marker.field]: marker.field === "tags" ? [marker.value] : marker.value };
}

/** True when a listed record carries the marker. Pure. */
export function carriesMarker(record: unknown, marker: Marker): boolean {
  const value = (record as Obj)[marker.field];
  return Array.isArray(value) ? value.includes(marker.value) : value === marker.value;
}

/**
 * POSTs a new object, marked, without ever making two and without ever recording another's (see
 * {@link createOnce}): the stack API has no unique names, so the one object carrying this
 * create's marker is the only one ever taken. The caller removes the marker with one PUT.
 */
function createStackObject<S extends ZodTypeAny>(t: StackTarget, kind: StackKind, body: Obj, schema: S, marker: Marker): Promise<z.output<S>> {
  return createOnce<z.output<S>>(
    {
      what: kind.slice(0, -1).replace("-", " "),
      post: async ({ budget }) =>
        parsed(schema, await t.client.request({ method: "POST", path: url(t, kind), body: markedBody(body, marker), budget }), `POST ${kind}`),
      list: async ({ budget }) => {
        const list = z.array(schema).safeParse(await t.client.request({ method: "GET", path: url(t, kind), budget }));
        return list.success ? list.data : [];
      },
      id: (r) => (r as { id: string }).id,
      carriesMarker: (r) => carriesMarker(r, marker),
      howToAdopt: (id) => `adopt it with \`adoptId: "${id}"\` in the resource's arguments, then run \`pulumi up\` again`,
    },
    t.client.retryPolicy,
  );
}

/** Creates a dashboard; `marker` recognises it in the list after an ambiguous failure. */
export function createDashboard(t: StackTarget, body: Obj, marker: Marker): Promise<StackDashboardRecord> {
  return createStackObject(t, "dashboards", body, stackDashboardRecord, marker);
}

export async function getDashboard(t: StackTarget, id: string): Promise<StackDashboardRecord> {
  return parsed(stackDashboardRecord, await t.client.get(url(t, "dashboards", id)), `GET dashboards/${id}`);
}

/** PUT of the whole dashboard: `tiles` is the complete list, each kept tile with its id. */
export async function putDashboard(t: StackTarget, id: string, body: Obj): Promise<StackDashboardRecord> {
  const answer = await t.client.request({ method: "PUT", path: url(t, "dashboards", id), body: withoutId(body) });
  return parsed(stackDashboardRecord, answer, `PUT dashboards/${id}`);
}

/** Creates an alert; `marker` recognises it in the list after an ambiguous failure. */
export function createAlert(t: StackTarget, body: Obj, marker: Marker): Promise<StackAlertRecord> {
  return createStackObject(t, "alerts", body, stackAlertRecord, marker);
}

export async function getAlert(t: StackTarget, id: string): Promise<StackAlertRecord> {
  return parsed(stackAlertRecord, await t.client.get(url(t, "alerts", id)), `GET alerts/${id}`);
}

/** PUT of the whole alert: optional fields left out are cleared. */
export async function putAlert(t: StackTarget, id: string, body: Obj): Promise<StackAlertRecord> {
  const answer = await t.client.request({ method: "PUT", path: url(t, "alerts", id), body: withoutId(body) });
  return parsed(stackAlertRecord, answer, `PUT alerts/${id}`);
}

/** Deletes a stack object; one that is already gone counts as deleted, a missing route does not. */
export function deleteObject(t: StackTarget, kind: StackKind, id: string): Promise<void> {
  return goneIsDoneOn(t, kind, () => t.client.request({ method: "DELETE", path: url(t, kind, id) }));
}

/** Creates a saved search; `marker` recognises it in the list after an ambiguous failure. */
export function createSavedSearch(t: StackTarget, body: Obj, marker: Marker): Promise<StackSavedSearchRecord> {
  return createStackObject(t, "saved-searches", body, stackSavedSearchRecord, marker);
}

export async function getSavedSearch(t: StackTarget, id: string): Promise<StackSavedSearchRecord> {
  return parsed(stackSavedSearchRecord, await t.client.get(url(t, "saved-searches", id)), `GET saved-searches/${id}`);
}

/** PUT of the whole saved search: fields left out fall back to their defaults. */
export async function putSavedSearch(t: StackTarget, id: string, body: Obj): Promise<StackSavedSearchRecord> {
  const answer = await t.client.request({ method: "PUT", path: url(t, "saved-searches", id), body: withoutId(body) });
  return parsed(stackSavedSearchRecord, answer, `PUT saved-searches/${id}`);
}

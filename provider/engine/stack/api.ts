import { z, type ZodTypeAny } from "zod";
import { path } from "../../client/paths";
import { parsed, parsedOne } from "../parse-answer";
import type { StackTarget } from "../../client/stack-target";
import { deleteUntilGone, type Whereabouts } from "../gone";
import { createOnce } from "../create-once";
import { freshList, noteObject, type Collection } from "../shared-list";
import { stackAlertRecord, type StackAlertRecord } from "../../resources/stack-alert/record";
import { stackDashboardRecord, type StackDashboardRecord } from "../../resources/stack-dashboard/schema";
import { stackSavedSearchRecord, type StackSavedSearchRecord } from "../../resources/stack-saved-search/record";
import type { Obj } from "../../schemas/plain-object";

/**
 * The stack endpoints, one function each, on either target: the same paths below
 * `target.basePath` (`/dashboards`, `/alerts`), the envelopes handled by the client.
 * Bodies never carry a top-level `id` (the cloud gateway refuses it).
 */

/** The stack collections the provider manages objects in. */
export type StackKind = "dashboards" | "alerts" | "saved-searches";

const url = (t: StackTarget, kind: StackKind, id?: string) => `${t.basePath}${id === undefined ? path(kind) : path(kind, id)}`;

/** A stack collection of one target: it pages (`limit`/`offset`). */
export const stackCollection = (t: StackTarget, kind: StackKind): Collection => ({ client: t.client, path: url(t, kind), paged: true });

function withoutId(body: Obj): Obj {
  const { id: _id, ...rest } = body;
  return rest;
}

/**
 * Where a create's marker travels: a field the POST sends it in instead of the program's value
 * (`tags` as the one tag), and that the PUT right after sets back.
 */
interface Marker {
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
      // Every page: the marked object may be on any of them.
      list: async ({ budget }) => {
        const list = z.array(schema).safeParse(await freshList(stackCollection(t, kind), budget));
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

/** PUT of the whole dashboard: `tiles` is the complete list, each kept tile with its id. */
export async function putDashboard(t: StackTarget, id: string, body: Obj): Promise<StackDashboardRecord> {
  const answer = await t.client.request({ method: "PUT", path: url(t, "dashboards", id), body: withoutId(body) });
  const record = parsedOne(stackDashboardRecord, answer, `PUT dashboards/${id}`, id);
  // As this process last wrote it: what its tile alerts read (see `alert-tile.ts`).
  noteObject(t.client, url(t, "dashboards", id), answer);
  return record;
}

/** Creates an alert; `marker` recognises it in the list after an ambiguous failure. */
export function createAlert(t: StackTarget, body: Obj, marker: Marker): Promise<StackAlertRecord> {
  return createStackObject(t, "alerts", body, stackAlertRecord, marker);
}

/** PUT of the whole alert: optional fields left out are cleared. */
export async function putAlert(t: StackTarget, id: string, body: Obj): Promise<StackAlertRecord> {
  const answer = await t.client.request({ method: "PUT", path: url(t, "alerts", id), body: withoutId(body) });
  return parsedOne(stackAlertRecord, answer, `PUT alerts/${id}`, id);
}

/** What each collection's objects are called in messages, and how a read of one is parsed. */
const KINDS = {
  dashboards: { noun: "dashboard", schema: stackDashboardRecord },
  alerts: { noun: "alert", schema: stackAlertRecord },
  "saved-searches": { noun: "saved search", schema: stackSavedSearchRecord },
} as const satisfies Record<StackKind, { noun: string; schema: ZodTypeAny }>;

type RecordOf<K extends StackKind> = z.output<(typeof KINDS)[K]["schema"]>;

/** The object `id` of `kind` and its collection, for the read-or-gone rule (see `../gone`). */
export function stackWhereabouts<K extends StackKind>(t: StackTarget, kind: K, id: string): Whereabouts<RecordOf<K>> & { where: string } {
  const { noun, schema } = KINDS[kind];
  return {
    noun,
    id,
    client: t.client,
    collection: url(t, kind),
    get: async () => parsedOne(schema, await t.client.get(url(t, kind, id)), `GET ${kind}/${id}`, id),
    where: `on ${t.key}`,
  };
}

/** How long a deleted stack object may stay listed: the server deletes at once, so this is a margin. */
const DELETE_WAIT_MS = 60_000;

/**
 * Deletes a stack object and checks that its collection no longer lists it: the server answers
 * `{}` whether or not there was one to delete, so the answer is no proof. One already gone
 * counts as deleted; a wrong URL does not. `intervalMs`: the first wait between checks.
 */
export async function deleteObject(t: StackTarget, kind: StackKind, id: string, intervalMs: number): Promise<void> {
  const remove = () => t.client.request({ method: "DELETE", path: url(t, kind, id) });
  await deleteUntilGone(stackWhereabouts(t, kind, id), remove, { timeoutMs: DELETE_WAIT_MS, intervalMs });
  noteObject(t.client, url(t, kind, id), undefined);
}

/** Creates a saved search; `marker` recognises it in the list after an ambiguous failure. */
export function createSavedSearch(t: StackTarget, body: Obj, marker: Marker): Promise<StackSavedSearchRecord> {
  return createStackObject(t, "saved-searches", body, stackSavedSearchRecord, marker);
}

/** PUT of the whole saved search: fields left out fall back to their defaults. */
export async function putSavedSearch(t: StackTarget, id: string, body: Obj): Promise<StackSavedSearchRecord> {
  const answer = await t.client.request({ method: "PUT", path: url(t, "saved-searches", id), body: withoutId(body) });
  return parsedOne(stackSavedSearchRecord, answer, `PUT saved-searches/${id}`, id);
}

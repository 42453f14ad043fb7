import { z, type ZodTypeAny } from "zod";
import { path } from "../../client/paths";
import { parsed } from "../parse-answer";
import type { StackTarget } from "../../client/stack-target";
import { deleteUntilGone, type Whereabouts } from "../gone";
import { createOnce, isoStamp, objectIdStamp } from "../create-once";
import { stackAlertRecord, type StackAlertRecord } from "../../schemas/stack-alert";
import { stackDashboardRecord, type StackDashboardRecord } from "../../schemas/stack-dashboard";
import { stackSavedSearchRecord, type StackSavedSearchRecord } from "../../schemas/stack-saved-search";

/**
 * The stack endpoints, one function each, on either target: the same paths below
 * `target.basePath` (`/dashboards`, `/alerts`), the envelopes handled by the client.
 * Bodies never carry a top-level `id` (the cloud gateway refuses it).
 */

type Obj = Record<string, unknown>;

/** The stack collections the provider manages objects in. */
export type StackKind = "dashboards" | "alerts" | "saved-searches";

const url = (t: StackTarget, kind: StackKind, id?: string) => `${t.basePath}${id === undefined ? path(kind) : path(kind, id)}`;

function withoutId(body: Obj): Obj {
  const { id: _id, ...rest } = body;
  return rest;
}

/**
 * POSTs a new object without ever making two and without taking over another's (see
 * {@link createOnce}). The stack API has no unique names: a listed object is ours only when
 * it has every field sent (`sameAsSent`) and was made after the POST began (its `createdAt`,
 * else the creation time inside its ObjectId).
 */
function createStackObject<S extends ZodTypeAny>(
  t: StackTarget,
  kind: StackKind,
  body: Obj,
  schema: S,
  sameAsSent: (record: z.output<S>) => boolean,
): Promise<z.output<S>> {
  return createOnce<z.output<S>>(
    {
      what: kind.slice(0, -1).replace("-", " "),
      post: async ({ budget, clock }) =>
        parsed(schema, await t.client.request({ method: "POST", path: url(t, kind), body: withoutId(body), budget, clock }), `POST ${kind}`),
      list: async ({ budget, clock }) => {
        const list = z.array(schema).safeParse(await t.client.request({ method: "GET", path: url(t, kind), budget, clock }));
        return list.success ? list.data : [];
      },
      id: (r) => (r as { id: string }).id,
      createdAt: (r) => isoStamp((r as { createdAt?: unknown }).createdAt) ?? objectIdStamp((r as { id: string }).id),
      sameAsSent,
      howToAdopt: (id) => `adopt it with \`adoptId: "${id}"\` in the resource's arguments, then run \`pulumi up\` again`,
    },
    t.client.retryPolicy,
  );
}

/** Creates a dashboard; `sameAsSent` recognises it in the list after an ambiguous failure. */
export function createDashboard(t: StackTarget, body: Obj, sameAsSent: (r: StackDashboardRecord) => boolean): Promise<StackDashboardRecord> {
  return createStackObject(t, "dashboards", body, stackDashboardRecord, sameAsSent);
}

export function getDashboard(t: StackTarget, id: string): Promise<StackDashboardRecord> {
  return stackWhereabouts(t, "dashboards", id).get();
}

/** PUT of the whole dashboard: `tiles` is the complete list, each kept tile with its id. */
export async function putDashboard(t: StackTarget, id: string, body: Obj): Promise<StackDashboardRecord> {
  const answer = await t.client.request({ method: "PUT", path: url(t, "dashboards", id), body: withoutId(body) });
  return parsed(stackDashboardRecord, answer, `PUT dashboards/${id}`);
}

/** Creates an alert; `sameAsSent` recognises it in the list after an ambiguous failure. */
export function createAlert(t: StackTarget, body: Obj, sameAsSent: (r: StackAlertRecord) => boolean): Promise<StackAlertRecord> {
  return createStackObject(t, "alerts", body, stackAlertRecord, sameAsSent);
}

export function getAlert(t: StackTarget, id: string): Promise<StackAlertRecord> {
  return stackWhereabouts(t, "alerts", id).get();
}

/** PUT of the whole alert: optional fields left out are cleared. */
export async function putAlert(t: StackTarget, id: string, body: Obj): Promise<StackAlertRecord> {
  const answer = await t.client.request({ method: "PUT", path: url(t, "alerts", id), body: withoutId(body) });
  return parsed(stackAlertRecord, answer, `PUT alerts/${id}`);
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
    get: async () => parsed(schema, await t.client.get(url(t, kind, id)), `GET ${kind}/${id}`),
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
export function deleteObject(t: StackTarget, kind: StackKind, id: string, intervalMs: number): Promise<void> {
  const remove = () => t.client.request({ method: "DELETE", path: url(t, kind, id) });
  return deleteUntilGone(stackWhereabouts(t, kind, id), remove, { timeoutMs: DELETE_WAIT_MS, intervalMs });
}

/** Creates a saved search; `sameAsSent` recognises it in the list after an ambiguous failure. */
export function createSavedSearch(t: StackTarget, body: Obj, sameAsSent: (r: StackSavedSearchRecord) => boolean): Promise<StackSavedSearchRecord> {
  return createStackObject(t, "saved-searches", body, stackSavedSearchRecord, sameAsSent);
}

export function getSavedSearch(t: StackTarget, id: string): Promise<StackSavedSearchRecord> {
  return stackWhereabouts(t, "saved-searches", id).get();
}

/** PUT of the whole saved search: fields left out fall back to their defaults. */
export async function putSavedSearch(t: StackTarget, id: string, body: Obj): Promise<StackSavedSearchRecord> {
  const answer = await t.client.request({ method: "PUT", path: url(t, "saved-searches", id), body: withoutId(body) });
  return parsed(stackSavedSearchRecord, answer, `PUT saved-searches/${id}`);
}

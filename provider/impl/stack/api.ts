import { z, type ZodTypeAny } from "zod";
import { mayHaveBeenApplied } from "../../client/errors";
import { path } from "../../client/paths";
import { parsed } from "../parse-answer";
import { goneIsDone } from "../gone";
import type { StackTarget } from "../../client/stack-target";
import { stackAlertRecord, type StackAlertRecord } from "../../schemas/stack-alert";
import { stackDashboardRecord, type StackDashboardRecord } from "../../schemas/stack-dashboard";

/**
 * The stack endpoints, one function each, on either target: the same paths below
 * `target.basePath` (`/dashboards`, `/alerts`), the envelopes handled by the client.
 * Bodies never carry a top-level `id` (the cloud gateway refuses it).
 */

type Obj = Record<string, unknown>;
export type StackKind = "dashboards" | "alerts";

const url = (t: StackTarget, kind: StackKind, id?: string) => `${t.basePath}${id === undefined ? path(kind) : path(kind, id)}`;

function withoutId(body: Obj): Obj {
  const { id: _id, ...rest } = body;
  return rest;
}

/**
 * POSTs a new object without ever making two. After an answer that leaves it open whether the
 * object was made (5xx, lost connection), the list is read and an object matching the body
 * (`sameAs`) is taken as ours; only when there is none is the POST sent again. The stack API has
 * no unique names, so two matching objects are an error for the user to resolve.
 */
async function createOnce<S extends ZodTypeAny>(
  t: StackTarget,
  kind: StackKind,
  body: Obj,
  schema: S,
  sameAs: (record: z.output<S>) => boolean,
): Promise<z.output<S>> {
  const attempts = Math.max(1, t.client.retryPolicy.maxRetries);
  let last: unknown;
  for (let attempt = 0; attempt <= attempts; attempt++) {
    try {
      const answer = await t.client.request({ method: "POST", path: url(t, kind), body: withoutId(body) });
      return parsed(schema, answer, `POST ${kind}`);
    } catch (err) {
      if (!mayHaveBeenApplied(err)) throw err;
      last = err;
      const list = z.array(schema).safeParse(await t.client.get(url(t, kind)));
      const matches = list.success ? list.data.filter(sameAs) : [];
      if (matches.length === 1) return matches[0];
      if (matches.length > 1) {
        throw new Error(`${(err as Error).message}; the create may have gone through, and ${matches.length} ${kind} now match it: delete the extra ones, or adopt one`);
      }
    }
  }
  throw last;
}

const sameText = (a: unknown, b: unknown) => (a ?? "") === (b ?? "");

/** Same name, and the same tiles by name and layout. */
export function sameDashboard(body: Obj): (r: StackDashboardRecord) => boolean {
  const tiles = (v: unknown) =>
    JSON.stringify(((Array.isArray(v) ? v : []) as Obj[]).map((x) => [x.name, x.x, x.y, x.w, x.h]));
  return (r) => sameText(r.name, body.name) && tiles(r.tiles) === tiles(body.tiles);
}

/** Same dashboard, tile, threshold, interval, channel and name. */
export function sameAlert(body: Obj): (r: StackAlertRecord) => boolean {
  const channel = (body.channel ?? {}) as Obj;
  return (r) =>
    sameText(r.dashboard, body.dashboardId) &&
    sameText(r.tileId, body.tileId) &&
    r.threshold === body.threshold &&
    r.interval === body.interval &&
    r.thresholdType === body.thresholdType &&
    sameText(r.channel?.webhookId, channel.webhookId) &&
    sameText(r.name, body.name);
}

export function createDashboard(t: StackTarget, body: Obj): Promise<StackDashboardRecord> {
  return createOnce(t, "dashboards", body, stackDashboardRecord, sameDashboard(body));
}

export async function getDashboard(t: StackTarget, id: string): Promise<StackDashboardRecord> {
  return parsed(stackDashboardRecord, await t.client.get(url(t, "dashboards", id)), `GET dashboards/${id}`);
}

/** PUT of the whole dashboard: `tiles` is the complete list, each kept tile with its id. */
export async function putDashboard(t: StackTarget, id: string, body: Obj): Promise<StackDashboardRecord> {
  const answer = await t.client.request({ method: "PUT", path: url(t, "dashboards", id), body: withoutId(body) });
  return parsed(stackDashboardRecord, answer, `PUT dashboards/${id}`);
}

export function createAlert(t: StackTarget, body: Obj): Promise<StackAlertRecord> {
  return createOnce(t, "alerts", body, stackAlertRecord, sameAlert(body));
}

export async function getAlert(t: StackTarget, id: string): Promise<StackAlertRecord> {
  return parsed(stackAlertRecord, await t.client.get(url(t, "alerts", id)), `GET alerts/${id}`);
}

/** PUT of the whole alert: optional fields left out are cleared. */
export async function putAlert(t: StackTarget, id: string, body: Obj): Promise<StackAlertRecord> {
  const answer = await t.client.request({ method: "PUT", path: url(t, "alerts", id), body: withoutId(body) });
  return parsed(stackAlertRecord, answer, `PUT alerts/${id}`);
}

/** Deletes a dashboard or an alert; one that is already gone counts as deleted. */
export function deleteObject(t: StackTarget, kind: StackKind, id: string): Promise<void> {
  return goneIsDone(() => t.client.request({ method: "DELETE", path: url(t, kind, id) }), t.isGone);
}

import { z, type ZodTypeAny } from "zod";
import { path } from "../../client/paths";
import { parsed, parsedOne } from "../parse-answer";
import type { StackTarget } from "../../client/stack-target";
import { deleteUntilGone, type Whereabouts } from "../gone";
import { createOnce } from "../create-once";
import { freshList, noteChange, noteObject, type Collection } from "../shared-list";
import type { Obj } from "../../schemas/plain-object";

/**
 * The stack endpoints, one function each, on either target: the same paths below
 * `target.basePath` (`/dashboards`, `/alerts`), the envelopes handled by the client.
 * Bodies never carry a top-level `id` (the cloud gateway refuses it). Nothing here knows a
 * kind: each declares its `StackCollection` in its own folder (in its `api.ts`).
 */

/** A stack collection the provider manages objects in: its path below the target's base, what its objects are called in messages, how one is parsed. */
export interface StackCollection<S extends ZodTypeAny = ZodTypeAny> {
  path: string;
  /** True when the server pages the list (`limit`/`offset`, 1,000 at most): every page is read. */
  paged: boolean;
  /**
   * True when the server has no GET of one object (webhooks): an object is read from the list,
   * gone when the list, read to its end, lacks it, and this process's writes are noted in the
   * run's snapshot of the list, which is then its only read. @default false
   */
  listOnly?: boolean;
  noun: string;
  schema: S;
}

/** The URL of collection `c` of target `t`, or of its object `id`. */
export const stackUrl = (t: StackTarget, c: StackCollection, id?: string) => `${t.basePath}${id === undefined ? path(c.path) : path(c.path, id)}`;

/** A stack collection of one target, as the list reader reads it. */
export const stackCollection = (t: StackTarget, c: StackCollection): Collection => ({ client: t.client, path: stackUrl(t, c), paged: c.paged });

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
 * `secrets`: values blanked out of any error the client raises (a connection's password).
 */
export function createStackObject<S extends ZodTypeAny>(
  t: StackTarget,
  c: StackCollection<S>,
  body: Obj,
  marker: Marker,
  secrets: readonly string[] = [],
): Promise<z.output<S>> {
  return createOnce<z.output<S>>(
    {
      what: c.noun,
      post: async ({ budget }) =>
        parsed(c.schema, await t.client.request({ method: "POST", path: stackUrl(t, c), body: markedBody(body, marker), secrets, budget }), `POST ${c.path}`),
      // Every page: the marked object may be on any of them.
      list: async ({ budget }) => {
        const list = z.array(c.schema).safeParse(await freshList(stackCollection(t, c), budget));
        return list.success ? list.data : [];
      },
      id: (r) => (r as { id: string }).id,
      carriesMarker: (r) => carriesMarker(r, marker),
      howToAdopt: (id) => `adopt it with \`adoptId: "${id}"\` in the resource's arguments, then run \`pulumi up\` again`,
    },
    t.client,
  );
}

/** How a PUT is sent and remembered. */
export interface PutOptions {
  /** The answer is what this process's later reads of the object see (a dashboard's, which its tile alerts read). @default false */
  remember?: boolean;
  /** Values blanked out of any error the client raises (a webhook's write-only maps). @default [] */
  secrets?: readonly string[];
}

/** PUT of the whole object: optional fields left out are cleared (or fall back to their defaults). */
export async function putStackObject<S extends ZodTypeAny>(
  t: StackTarget,
  c: StackCollection<S>,
  id: string,
  body: Obj,
  opts: PutOptions = {},
): Promise<z.output<S>> {
  const answer = await t.client.request({ method: "PUT", path: stackUrl(t, c, id), body: withoutId(body), secrets: opts.secrets });
  const record = parsedOne(c.schema, answer, `PUT ${c.path}/${id}`, id);
  if (opts.remember) noteObject(t.client, stackUrl(t, c, id), answer);
  if (c.listOnly) noteChange(stackCollection(t, c), id, record);
  return record;
}

/** The object `id` of collection `c`, for the read-or-gone rule (see `../gone`). */
export function stackWhereabouts<S extends ZodTypeAny>(t: StackTarget, c: StackCollection<S>, id: string): Whereabouts<z.output<S>> & { where: string } {
  const place = { noun: c.noun, id, client: t.client, collection: stackUrl(t, c), paged: c.paged, where: `on ${t.key}` };
  if (c.listOnly) return { ...place, listed: (item: unknown) => parsedOne(c.schema, item, `GET ${c.path} (${id})`, id) };
  return { ...place, get: async () => parsedOne(c.schema, await t.client.get(stackUrl(t, c, id)), `GET ${c.path}/${id}`, id) };
}

/** How long a deleted stack object may stay listed: the server deletes at once, so this is a margin. */
const DELETE_WAIT_MS = 60_000;

/**
 * Deletes a stack object and checks that its collection no longer lists it: the server answers
 * `{}` whether or not there was one to delete, so the answer is no proof. One already gone
 * counts as deleted; a wrong URL does not; a refusal (a webhook an alert still names: 409) is the
 * server's own error. `intervalMs`: the first wait between checks.
 */
export async function deleteObject(t: StackTarget, c: StackCollection, id: string, intervalMs: number): Promise<void> {
  const remove = () => t.client.request({ method: "DELETE", path: stackUrl(t, c, id) });
  await deleteUntilGone(stackWhereabouts(t, c, id), remove, { timeoutMs: DELETE_WAIT_MS, intervalMs });
  noteObject(t.client, stackUrl(t, c, id), undefined);
  if (c.listOnly) noteChange(stackCollection(t, c), id);
}

import type { StackTarget } from "../../client/stack-target";
import { createOnce } from "../../engine/create-once";
import { parsed } from "../../engine/parse-answer";
import { freshList, noteChange, snapshot } from "../../engine/shared-list";
import { putStackObject, stackCollection, stackUrl, type StackCollection } from "../../engine/stack/api";
import { ApiError } from "../../errors";
import type { NameHolder } from "../../engine/name-holder";
import type { Obj } from "../../schemas/plain-object";
import { webhookRecord, type WebhookRecord } from "./record";

/**
 * The stack collection webhooks live in, on either target (`/webhooks` below `target.basePath`):
 * list (paged by `limit`/`offset`), POST, PUT and DELETE. The server has no GET of one webhook:
 * it is list-only, so the shared stack helpers read a webhook from the list, and count it gone
 * when the list, read to its end, lacks it (see `engine/stack/api.ts`, `engine/gone.ts`).
 */
export const webhooks: StackCollection<typeof webhookRecord> = { path: "webhooks", paged: true, listOnly: true, noun: "webhook", schema: webhookRecord };

/** The identity the server keeps unique: the service and the name, trimmed. */
export interface WebhookName {
  service: string;
  name: string;
}

/** The name of a body as the server compares it. Pure. */
export const nameOf = (body: Obj): WebhookName => ({ service: String(body.service), name: String(body.name).trim() });

/** The listed webhook that holds the name, if any (entries not in the webhook's shape are skipped). Pure. */
export function holderOf(listed: readonly unknown[], wanted: WebhookName): WebhookRecord | undefined {
  for (const item of listed) {
    const r = webhookRecord.safeParse(item);
    if (r.success && r.data.service === wanted.service && r.data.name === wanted.name) return r.data;
  }
  return undefined;
}

/** How to take over a webhook on purpose. Pure. */
export const adoptHint = (id: string) => `adopt it with \`adoptId: "${id}"\` in the resource's arguments, then run \`pulumi up\` again`;

/** The webhook holding the name as the engine's messages describe it (see `engine/name-holder.ts`). Pure. */
export function webhookHolder(t: StackTarget, wanted: WebhookName, holder: WebhookRecord): NameHolder {
  return {
    noun: "webhook",
    id: holder.id,
    name: wanted.name,
    createdAt: holder.createdAt,
    where: ` on ${t.key} for service ${wanted.service} (names are unique per service)`,
    howToAdopt: adoptHint(holder.id),
  };
}

/**
 * The webhook holding the name in the run's snapshot of the list (one read per provider
 * process, shared by every gate), or with `fresh` in a read of its own (before refusing).
 */
export async function listedHolder(t: StackTarget, wanted: WebhookName, fresh = false): Promise<WebhookRecord | undefined> {
  const c = stackCollection(t, webhooks);
  return holderOf(await (fresh ? freshList(c) : snapshot(c)), wanted);
}

/**
 * Creates a webhook without ever making two and without ever recording another's (see
 * `createOnce`): the server keeps names unique per service, so the list as this run read it
 * (read again before refusing) must not hold the name, and after an ambiguous failure a webhook
 * of that name that was not there before is reported, never taken. A duplicate the server
 * refuses (its 400) says which webhook holds the name, in the engine's words (`engine/name-holder.ts`).
 */
export async function createWebhook(t: StackTarget, body: Obj, secrets: readonly string[]): Promise<WebhookRecord> {
  const wanted = nameOf(body);
  const c = stackCollection(t, webhooks);
  const made = await createOnce<WebhookRecord>(
    {
      what: "webhook",
      post: async ({ budget }) =>
        parsed(webhookRecord, await t.client.request({ method: "POST", path: stackUrl(t, webhooks), body, secrets, budget }), "POST webhooks"),
      list: async ({ budget }) => sameNamed(await freshList(c, budget), wanted),
      known: async () => sameNamed(await snapshot(c), wanted),
      id: (w) => w.id,
      sameAsSent: () => true,
      names: {
        post: `POST ${stackUrl(t, webhooks)}`,
        holder: (listed) => listed[0] && webhookHolder(t, wanted, listed[0]),
        // The server refuses a taken name with a 400: the list says which webhook holds it.
        refused: (err) => err instanceof ApiError && err.status === 400,
      },
      howToAdopt: adoptHint,
    },
    t.client,
  );
  noteChange(c, made.id, made);
  return made;
}

/** The listed webhooks that hold the name (at most one: the server keeps it unique). */
function sameNamed(listed: readonly unknown[], wanted: WebhookName): WebhookRecord[] {
  const holder = holderOf(listed, wanted);
  return holder ? [holder] : [];
}

/** PUT of the whole webhook: the body carries the write-only maps the program sets (see `body.ts`). */
export function putWebhook(t: StackTarget, id: string, body: Obj, secrets: readonly string[]): Promise<WebhookRecord> {
  return putStackObject(t, webhooks, id, body, { secrets });
}

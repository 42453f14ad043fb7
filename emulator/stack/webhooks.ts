/**
 * Webhooks (current server): list, create, replace and delete (the server has no GET of
 * one webhook). `headers` and `queryParams` are write-only and never answered; the URL must
 * pass the server's destination check (`webhook-url.ts`); a name is unique per service; a
 * webhook that an alert's first channel still names cannot be deleted (409).
 */
import { ApiFailure, badRequest, notFound } from "../http/errors";
import type { PageQuery } from "./request-check";
import type { WebhookInput } from "./webhook-shape";
import { Page } from "./answer";
import { documentId, type StackStore } from "./store";
import type { StoredWebhook } from "./records";
import { checkWebhookUrl } from "./webhook-url";

/** The services whose answer carries `body`: only the generic one's answer schema has the field. */
const ANSWERS_BODY: readonly StoredWebhook["service"][] = ["generic"];

/**
 * The webhook as the server answers it (API 2.36.0's answer schema, one per service): never its
 * headers or query parameters, and its `body` only on the generic service. An incidentio webhook
 * keeps the body it was given (its alerts use it) but the answer drops it, like the slack one's.
 */
export function webhookView(w: StoredWebhook): Record<string, unknown> {
  return {
    id: w.id,
    name: w.name,
    url: w.url,
    ...(w.description !== undefined ? { description: w.description } : {}),
    updatedAt: w.updatedAt,
    createdAt: w.createdAt,
    service: w.service,
    ...(w.body !== undefined && ANSWERS_BODY.includes(w.service) ? { body: w.body } : {}),
  };
}

/** One page of webhooks, oldest first, with `meta` and `X-Total-Count` like the other lists (the server's since API 2.30.0). */
export function listWebhooks(store: StackStore, page: PageQuery): Page {
  const all = [...store.webhooks.values()];
  const items = all.slice(page.offset, page.offset + page.limit).map(webhookView);
  return new Page(items, { total: all.length, limit: page.limit, offset: page.offset });
}

function checkUnique(store: StackStore, input: WebhookInput, self?: string): void {
  for (const w of store.webhooks.values()) {
    if (w.id !== self && w.service === input.service && w.name === input.name) throw badRequest("A webhook with this service and name already exists");
  }
}

function getWebhook(store: StackStore, id: string): StoredWebhook {
  const found = store.webhooks.get(id);
  if (!found) throw notFound("Webhook not found");
  return found;
}

/** Creates a webhook: the destination is checked before the name, as on the server. */
export function createWebhook(store: StackStore, input: WebhookInput, now: string): StoredWebhook {
  checkWebhookUrl(input);
  checkUnique(store, input);
  const webhook: StoredWebhook = { id: documentId(), ...input, createdAt: now, updatedAt: now };
  store.webhooks.set(webhook.id, webhook);
  return webhook;
}

/**
 * Replaces a webhook. Description and body follow the body; omitted secrets are kept unless
 * the destination (url or service) changes, and `{}` clears them.
 */
export function replaceWebhook(store: StackStore, id: string, input: WebhookInput, now: string): StoredWebhook {
  const current = getWebhook(store, id);
  checkWebhookUrl(input);
  checkUnique(store, input, id);
  const moved = input.url !== current.url || input.service !== current.service;
  const secret = (given: Record<string, string> | undefined, kept: Record<string, string> | undefined) => {
    if (given === undefined) return moved ? undefined : kept;
    return Object.keys(given).length === 0 ? undefined : given;
  };
  const next: StoredWebhook = { id, name: input.name, service: input.service, url: input.url, createdAt: current.createdAt, updatedAt: now };
  if (input.description !== undefined) next.description = input.description;
  if (input.body !== undefined) next.body = input.body;
  const headers = secret(input.headers, current.headers);
  const queryParams = secret(input.queryParams, current.queryParams);
  if (headers) next.headers = headers;
  if (queryParams) next.queryParams = queryParams;
  store.webhooks.set(id, next);
  return next;
}

/**
 * Deletes a webhook no alert uses. Like the server, only each alert's `channel` (its first
 * channel) is counted: a webhook named by a later entry of `channels` alone can be deleted.
 */
export function deleteWebhook(store: StackStore, id: string): void {
  const users = [...store.alerts.values()].filter((a) => a.channel.webhookId === id).length;
  if (users > 0) throw new ApiFailure(409, `Cannot delete webhook: ${users} alert(s) still reference it. Reassign or remove those alerts first.`);
  getWebhook(store, id);
  store.webhooks.delete(id);
}

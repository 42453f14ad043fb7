/**
 * The stack routes of the current server (2.36.0): dashboards, alerts, sources, saved
 * searches and webhooks, each checking body, path id and query the way the server does.
 */
import { z } from "zod";
import { ApiFailure, notFound } from "../http/errors";
import { param, type RequestContext } from "../http/context";
import { currentAlertSchema, currentDashboardCreateSchema, currentDashboardUpdateSchema } from "../validate/stack-current";
import { idParamsSchema, pageQuerySchema, validateRequest } from "../validate/stack-request";
import { savedSearchSchema } from "../validate/stack-saved-searches";
import { webhookSchema } from "../validate/stack-webhooks";
import { deleteAlert, getAlert } from "./alerts";
import { createCurrentAlert, currentAlertView, listCurrentAlerts, replaceCurrentAlert } from "./alerts-current";
import {
  createCurrentDashboard,
  currentDashboardView,
  deleteCurrentDashboard,
  findCurrentDashboard,
  listCurrentDashboards,
  updateCurrentDashboard,
} from "./dashboards-current";
import { plainNotFound, stackBody } from "./answer";
import type { StackOperation } from "./operations";
import { createSavedSearch, deleteSavedSearch, getSavedSearch, listSavedSearches, replaceSavedSearch, savedSearchView } from "./saved-searches";
import type { StackStore, StoredSource } from "./store";
import { createWebhook, deleteWebhook, listWebhooks, replaceWebhook, webhookView } from "./webhooks";

const stamp = (ctx: RequestContext): string => new Date(ctx.now).toISOString();

/** The JSON body; an absent body is `{}` (so the schema names what is missing). */
function body(ctx: RequestContext): unknown {
  const parsed = stackBody(ctx);
  if (parsed.kind === "invalid") throw new ApiFailure(parsed.status, parsed.message);
  return parsed.kind === "json" ? parsed.value : {};
}

const id = (ctx: RequestContext) => validateRequest({ params: { schema: idParamsSchema, value: { id: param(ctx, "id") } } }).params.id;
const page = (ctx: RequestContext) => validateRequest({ query: { schema: pageQuerySchema, value: Object.fromEntries(ctx.query) } }).query;

/** A seeded source, or the server's 404. */
function findSource(store: StackStore, sourceId: string): StoredSource {
  const found = store.sources.find((source) => source.id === sourceId);
  if (!found) throw notFound("Source not found");
  return found;
}

/** The body checked against a schema. */
const bodyOf = <S extends z.ZodTypeAny>(ctx: RequestContext, schema: S): z.output<S> => validateRequest({ body: { schema, value: body(ctx) } }).body;

/** The body and the path id checked together: one 400 naming both when both fail. */
function bodyWithId<S extends z.ZodTypeAny>(ctx: RequestContext, schema: S): { parsed: z.output<S>; id: string } {
  const checked = validateRequest({ body: { schema, value: body(ctx) }, params: { schema: idParamsSchema, value: { id: param(ctx, "id") } } });
  return { parsed: checked.body, id: checked.params.id };
}

/** Every route of the current generation. */
export const CURRENT_OPERATIONS: readonly StackOperation[] = [
  { method: "GET", path: "/dashboards", run: (s) => listCurrentDashboards(s) },
  {
    method: "POST",
    path: "/dashboards",
    run: (s, ctx) => currentDashboardView(createCurrentDashboard(s, bodyOf(ctx, currentDashboardCreateSchema), stamp(ctx))),
  },
  { method: "GET", path: "/dashboards/{id}", run: (s, ctx) => currentDashboardView(findCurrentDashboard(s, id(ctx))) },
  {
    method: "PUT",
    path: "/dashboards/{id}",
    run: (s, ctx) => {
      const { parsed, id: target } = bodyWithId(ctx, currentDashboardUpdateSchema);
      return currentDashboardView(updateCurrentDashboard(s, target, parsed, stamp(ctx)));
    },
  },
  { method: "DELETE", path: "/dashboards/{id}", run: (s, ctx) => void deleteCurrentDashboard(s, id(ctx)) },
  { method: "GET", path: "/alerts", run: (s, ctx) => listCurrentAlerts(s, page(ctx)) },
  { method: "POST", path: "/alerts", run: (s, ctx) => currentAlertView(createCurrentAlert(s, bodyOf(ctx, currentAlertSchema), stamp(ctx))) },
  { method: "GET", path: "/alerts/{id}", run: (s, ctx) => currentAlertView(getAlert(s, id(ctx))) },
  {
    method: "PUT",
    path: "/alerts/{id}",
    run: (s, ctx) => {
      const { parsed, id: target } = bodyWithId(ctx, currentAlertSchema);
      return currentAlertView(replaceCurrentAlert(s, target, parsed, stamp(ctx)));
    },
  },
  { method: "DELETE", path: "/alerts/{id}", run: (s, ctx) => void deleteAlert(s, id(ctx)) },
  { method: "GET", path: "/sources", run: (s) => structuredClone(s.sources) },
  { method: "GET", path: "/sources/{id}", run: (s, ctx) => structuredClone(findSource(s, id(ctx))) },
  { method: "GET", path: "/connections", run: (s) => structuredClone(s.connections) },
  {
    method: "GET",
    path: "/connections/{id}",
    run: (s, ctx) => {
      const found = s.connections.find((c) => c.id === id(ctx));
      if (!found) throw plainNotFound(); // the server's `sendStatus(404)`
      return structuredClone(found);
    },
  },
  { method: "GET", path: "/saved-searches", run: (s, ctx) => listSavedSearches(s, page(ctx)) },
  { method: "POST", path: "/saved-searches", run: (s, ctx) => savedSearchView(createSavedSearch(s, bodyOf(ctx, savedSearchSchema), stamp(ctx))) },
  { method: "GET", path: "/saved-searches/{id}", run: (s, ctx) => savedSearchView(getSavedSearch(s, id(ctx))) },
  {
    method: "PUT",
    path: "/saved-searches/{id}",
    run: (s, ctx) => {
      const { parsed, id: target } = bodyWithId(ctx, savedSearchSchema);
      return savedSearchView(replaceSavedSearch(s, target, parsed, stamp(ctx)));
    },
  },
  { method: "DELETE", path: "/saved-searches/{id}", run: (s, ctx) => void deleteSavedSearch(s, id(ctx)) },
  { method: "GET", path: "/webhooks", run: (s, ctx) => listWebhooks(s, page(ctx)) },
  { method: "POST", path: "/webhooks", run: (s, ctx) => webhookView(createWebhook(s, bodyOf(ctx, webhookSchema), stamp(ctx))) },
  {
    method: "PUT",
    path: "/webhooks/{id}",
    run: (s, ctx) => {
      const { parsed, id: target } = bodyWithId(ctx, webhookSchema);
      return webhookView(replaceWebhook(s, target, parsed, stamp(ctx)));
    },
  },
  { method: "DELETE", path: "/webhooks/{id}", run: (s, ctx) => void deleteWebhook(s, id(ctx)) },
];

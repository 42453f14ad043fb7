/**
 * The stack routes of the current server (2.36.0): dashboards, alerts, sources, saved
 * searches and webhooks, each checking body, path id and query the way the server does.
 */
import { z } from "zod";
import { ApiFailure, notFound } from "../http/errors";
import { param, type RequestContext } from "../http/context";
import { currentAlertSchema, currentDashboardCreateSchema, currentDashboardUpdateSchema } from "./shapes-current";
import { idParamsSchema, pageQuerySchema, validateRequest } from "./request-check";
import { savedSearchSchema } from "./saved-search-shape";
import { webhookSchema } from "./webhook-shape";
import { deleteAlert, getAlert } from "./alerts";
import { createCurrentAlert, currentAlertView, listCurrentAlerts, replaceCurrentAlert } from "./alerts-current";
import {
  createCurrentDashboard,
  currentDashboardView,
  deleteCurrentDashboard,
  findCurrentDashboard,
  listCurrentDashboards,
  updateCurrentDashboard,
  validateCurrentDashboard,
} from "./dashboards-current";
import { Bare, plainNotFound, stackBody } from "./answer";
import { stamp, type StackOperation } from "./operation";
import { createSavedSearch, deleteSavedSearch, getSavedSearch, listSavedSearches, replaceSavedSearch, savedSearchView } from "./saved-searches";
import type { StackStore, StoredSource } from "./store";
import { createWebhook, deleteWebhook, listWebhooks, replaceWebhook, webhookView } from "./webhooks";

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
  const found = store.sources.get(sourceId);
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

/**
 * One collection of the current API as the server routes it: list, create, read one (unless
 * `get` is absent), replace and delete, each checking body, path id and query the same way.
 */
interface Collection<Stored, Create extends z.ZodTypeAny, Replace extends z.ZodTypeAny> {
  path: string;
  list(store: StackStore, ctx: RequestContext): unknown;
  create: { schema: Create; run(store: StackStore, input: z.output<Create>, now: string): Stored };
  get?(store: StackStore, id: string): Stored;
  replace: { schema: Replace; run(store: StackStore, id: string, input: z.output<Replace>, now: string): Stored };
  remove(store: StackStore, id: string): void;
  view(stored: Stored): unknown;
}

function routes<Stored, Create extends z.ZodTypeAny, Replace extends z.ZodTypeAny>(c: Collection<Stored, Create, Replace>): StackOperation[] {
  const one = `${c.path}/{id}`;
  const get = c.get;
  return [
    { method: "GET", path: c.path, run: (s, ctx) => c.list(s, ctx) },
    { method: "POST", path: c.path, run: (s, ctx) => c.view(c.create.run(s, bodyOf(ctx, c.create.schema), stamp(ctx))) },
    ...(get ? [{ method: "GET" as const, path: one, run: (s: StackStore, ctx: RequestContext) => c.view(get(s, id(ctx))) }] : []),
    {
      method: "PUT",
      path: one,
      run: (s, ctx) => {
        const { parsed, id: target } = bodyWithId(ctx, c.replace.schema);
        return c.view(c.replace.run(s, target, parsed, stamp(ctx)));
      },
    },
    { method: "DELETE", path: one, run: (s, ctx) => void c.remove(s, id(ctx)) },
  ];
}

/** Every route of the current generation. */
export const CURRENT_OPERATIONS: readonly StackOperation[] = [
  // Checks a dashboard as a create would and saves nothing; the verdict is not under `data`.
  { method: "POST", path: "/dashboards/validate", run: (s, ctx) => new Bare({ ...validateCurrentDashboard(s, body(ctx)) }) },
  ...routes({
    path: "/dashboards",
    list: (s) => listCurrentDashboards(s),
    create: { schema: currentDashboardCreateSchema, run: createCurrentDashboard },
    get: findCurrentDashboard,
    replace: { schema: currentDashboardUpdateSchema, run: updateCurrentDashboard },
    remove: deleteCurrentDashboard,
    view: currentDashboardView,
  }),
  ...routes({
    path: "/alerts",
    list: (s, ctx) => listCurrentAlerts(s, page(ctx)),
    create: { schema: currentAlertSchema, run: createCurrentAlert },
    get: getAlert,
    replace: { schema: currentAlertSchema, run: replaceCurrentAlert },
    remove: deleteAlert,
    view: currentAlertView,
  }),
  { method: "GET", path: "/sources", run: (s) => structuredClone([...s.sources.values()]) },
  { method: "GET", path: "/sources/{id}", run: (s, ctx) => structuredClone(findSource(s, id(ctx))) },
  { method: "GET", path: "/connections", run: (s) => structuredClone([...s.connections.values()]) },
  {
    method: "GET",
    path: "/connections/{id}",
    run: (s, ctx) => {
      const found = s.connections.get(id(ctx));
      if (!found) throw plainNotFound(); // the server's `sendStatus(404)`
      return structuredClone(found);
    },
  },
  ...routes({
    path: "/saved-searches",
    list: (s, ctx) => listSavedSearches(s, page(ctx)),
    create: { schema: savedSearchSchema, run: createSavedSearch },
    get: getSavedSearch,
    replace: { schema: savedSearchSchema, run: replaceSavedSearch },
    remove: deleteSavedSearch,
    view: savedSearchView,
  }),
  // The server has no GET of one webhook.
  ...routes({
    path: "/webhooks",
    list: (s, ctx) => listWebhooks(s, page(ctx)),
    create: { schema: webhookSchema, run: createWebhook },
    replace: { schema: webhookSchema, run: replaceWebhook },
    remove: deleteWebhook,
    view: webhookView,
  }),
];

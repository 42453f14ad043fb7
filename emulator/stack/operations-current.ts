/**
 * The stack routes of the current server (2.36.0): a collection of the table (`collections.ts`)
 * at its path, each checking body, path id and query the way the server does.
 */
import { z } from "zod";
import { ApiFailure } from "../http/errors";
import { param, type RequestContext } from "../http/context";
import { currentAlertSchema, currentDashboardCreateSchema, currentDashboardUpdateSchema } from "./shapes-current";
import { idParamsSchema, pageQuerySchema, validateRequest, type PageQuery } from "./request-check";
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
import { Bare, stackBody } from "./answer";
import { COLLECTION_KEYS, STACK_COLLECTIONS, type StackCollection } from "./collections";
import {
  allConnections,
  connectionCreateSchema,
  connectionUpdateSchema,
  connectionView,
  createConnection,
  deleteConnection,
  getConnection,
  updateConnection,
} from "./connections";
import { allSources, createSource, deleteSource, getSource, replaceSource, sourceSchema } from "./sources";
import { INVITATION_OPERATIONS, MEMBER_OPERATIONS } from "./team";
import { stamp, type StackOperation } from "./operation";
import { createSavedSearch, deleteSavedSearch, getSavedSearch, listSavedSearches, replaceSavedSearch, savedSearchView } from "./saved-searches";
import type { StackStore } from "./store";
import type { CollectionKey } from "./records";
import { createWebhook, deleteWebhook, listWebhooks, replaceWebhook, webhookView } from "./webhooks";

/** The JSON body; an absent body is `{}` (so the schema names what is missing). */
function body(ctx: RequestContext): unknown {
  const parsed = stackBody(ctx);
  if (parsed.kind === "invalid") throw new ApiFailure(parsed.status, parsed.message);
  return parsed.kind === "json" ? parsed.value : {};
}

const id = (ctx: RequestContext) => validateRequest({ params: { schema: idParamsSchema, value: { id: param(ctx, "id") } } }).params.id;
const page = (ctx: RequestContext) => validateRequest({ query: { schema: pageQuerySchema, value: Object.fromEntries(ctx.query) } }).query;

/** The body checked against a schema. */
const bodyOf = <S extends z.ZodTypeAny>(ctx: RequestContext, schema: S): z.output<S> => validateRequest({ body: { schema, value: body(ctx) } }).body;

/** The body and the path id checked together: one 400 naming both when both fail. */
function bodyWithId<S extends z.ZodTypeAny>(ctx: RequestContext, schema: S): { parsed: z.output<S>; id: string } {
  const checked = validateRequest({ body: { schema, value: body(ctx) }, params: { schema: idParamsSchema, value: { id: param(ctx, "id") } } });
  return { parsed: checked.body, id: checked.params.id };
}

/**
 * The handlers of one collection the current API routes generically: list, create, read one
 * (unless `get` is absent), replace and delete, each checking body, path id and query the same
 * way. The path and the paging are the table's (`collections.ts`).
 */
interface Collection<Stored, Create extends z.ZodTypeAny, Replace extends z.ZodTypeAny> {
  /** The list in answer order; a paged row gets the page asked for, a whole one every object. */
  list(store: StackStore, page: PageQuery): unknown;
  create: { schema: Create; run(store: StackStore, input: z.output<Create>, now: string): Stored };
  get?(store: StackStore, id: string): Stored;
  replace: { schema: Replace; run(store: StackStore, id: string, input: z.output<Replace>, now: string): Stored };
  remove(store: StackStore, id: string): void;
  view(stored: Stored): unknown;
}

/** What the table's row of a collection is routed by: generic handlers, or the collection's own routes. */
type Routing = (row: StackCollection<unknown>) => readonly StackOperation[];

/** A page of every object, for the rows that are not paged. */
const EVERY: PageQuery = { limit: Number.MAX_SAFE_INTEGER, offset: 0 };

function crud<Stored, Create extends z.ZodTypeAny, Replace extends z.ZodTypeAny>(c: Collection<Stored, Create, Replace>): Routing {
  return ({ path, paging }) => {
    const one = `${path}/{id}`;
    const get = c.get;
    return [
      { method: "GET", path, run: (s, ctx) => c.list(s, paging === "paged" ? page(ctx) : EVERY) },
      { method: "POST", path, run: (s, ctx) => c.view(c.create.run(s, bodyOf(ctx, c.create.schema), stamp(ctx))) },
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
  };
}

/** Collections whose routes are their own (the team's), not the generic five. */
const own =
  (operations: readonly StackOperation[]): Routing =>
  () =>
    operations;

/** A collection's handlers, its types inferred. */
const collection = <Stored, Create extends z.ZodTypeAny, Replace extends z.ZodTypeAny>(c: Collection<Stored, Create, Replace>) => c;

/** The collections a create request makes objects in: a Terraform state's stack objects are loaded through them. */
export type CreatedCollection = "dashboards" | "alerts" | "savedSearches" | "webhooks" | "connections" | "sources";

/** The collections the current generation routes generically, each with its create and checks. */
const CURRENT = {
  dashboards: collection({
    list: (s) => listCurrentDashboards(s),
    create: { schema: currentDashboardCreateSchema, run: createCurrentDashboard },
    get: findCurrentDashboard,
    replace: { schema: currentDashboardUpdateSchema, run: updateCurrentDashboard },
    remove: deleteCurrentDashboard,
    view: currentDashboardView,
  }),
  alerts: collection({
    list: listCurrentAlerts,
    create: { schema: currentAlertSchema, run: createCurrentAlert },
    get: getAlert,
    replace: { schema: currentAlertSchema, run: replaceCurrentAlert },
    remove: deleteAlert,
    view: currentAlertView,
  }),
  savedSearches: collection({
    list: listSavedSearches,
    create: { schema: savedSearchSchema, run: createSavedSearch },
    get: getSavedSearch,
    replace: { schema: savedSearchSchema, run: replaceSavedSearch },
    remove: deleteSavedSearch,
    view: savedSearchView,
  }),
  // The server has no GET of one webhook.
  webhooks: collection({
    list: listWebhooks,
    create: { schema: webhookSchema, run: createWebhook },
    replace: { schema: webhookSchema, run: replaceWebhook },
    remove: deleteWebhook,
    view: webhookView,
  }),
  connections: collection({
    list: (s) => allConnections(s).map(connectionView),
    create: { schema: connectionCreateSchema, run: createConnection },
    get: getConnection,
    replace: { schema: connectionUpdateSchema, run: updateConnection },
    remove: deleteConnection,
    view: connectionView,
  }),
  sources: collection({
    list: (s) => structuredClone(allSources(s)),
    create: { schema: sourceSchema, run: (s, input) => createSource(s, input) },
    get: getSource,
    replace: { schema: sourceSchema, run: (s, target, input) => replaceSource(s, target, input) },
    remove: deleteSource,
    view: (source) => structuredClone(source),
  }),
} satisfies { readonly [K in CreatedCollection]: unknown };

/**
 * Creates an object of `key` from a request body as `POST` does (the same schema and checks, the
 * same 400 or 404 on a body the server refuses), and answers the stored object with its new id.
 */
export function createCurrent(store: StackStore, key: CreatedCollection, raw: unknown, now: string): { id: string } {
  const c: Collection<{ id: string }, z.ZodTypeAny, z.ZodTypeAny> = CURRENT[key] as Collection<{ id: string }, z.ZodTypeAny, z.ZodTypeAny>;
  return c.create.run(store, validateRequest({ body: { schema: c.create.schema, value: raw } }).body, now);
}

/** How each collection of the table is routed on the current generation: a collection the table gains needs its entry here. */
const ROUTING: { readonly [K in CollectionKey]: Routing } = {
  dashboards: crud(CURRENT.dashboards),
  alerts: crud(CURRENT.alerts),
  savedSearches: crud(CURRENT.savedSearches),
  webhooks: crud(CURRENT.webhooks),
  connections: crud(CURRENT.connections),
  sources: crud(CURRENT.sources),
  members: own(MEMBER_OPERATIONS),
  invitations: own(INVITATION_OPERATIONS),
};

/** Every route of the current generation. */
export const CURRENT_OPERATIONS: readonly StackOperation[] = [
  // Checks a dashboard as a create would and saves nothing; the verdict is not under `data`.
  { method: "POST", path: "/dashboards/validate", run: (s, ctx) => new Bare({ ...validateCurrentDashboard(s, body(ctx)) }) },
  ...COLLECTION_KEYS.flatMap((key) => ROUTING[key](STACK_COLLECTIONS[key])),
];

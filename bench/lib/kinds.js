// The resource kinds `npm run bench` measures one by one (bench/program/index.ts declares them),
// the operations it runs on each, and the routes that read a whole collection.
"use strict";

/**
 * Each kind: its config value in the bench program (the key), its name in the report, its type
 * name (the dynamic class and the native token `pipestack:index:<type>`), its budget of requests
 * per create, preview and `up` together (issue 27: a pipe 3, the others 2; a destroy 2 for
 * every kind), and whether the program declares a base with it (a tile alert's dashboard), which
 * the bench creates before and removes after the measured runs; `stored` is where the emulator's
 * state holds its objects in a service.
 */
const KINDS = {
  pipe: { label: "pipe", type: "Pipe", createBudget: 3, base: false, stored: (service) => service.pipes },
  endpoint: { label: "endpoint", type: "ReversePrivateEndpoint", createBudget: 2, base: false, stored: (service) => service.reversePrivateEndpoints },
  dashboard: { label: "dashboard", type: "StackDashboard", createBudget: 2, base: false, stored: (service) => service.stack.dashboards },
  alert: { label: "alert", type: "StackAlert", createBudget: 2, base: true, stored: (service) => service.stack.alerts },
  savedSearch: { label: "saved search", type: "StackSavedSearch", createBudget: 2, base: false, stored: (service) => service.stack.savedSearches },
  webhook: { label: "webhook", type: "StackWebhook", createBudget: 2, base: false, stored: (service) => service.stack.webhooks },
};

/** Requests per destroy of any kind (issue 27). */
const DESTROY_BUDGET = 2;

/** What the bench runs on each kind, in order: create (`up`, with its preview), no-op preview, update (`up`), destroy. */
const OPERATIONS = ["create", "preview", "update", "destroy"];

/** The faces: the dynamic classes and the native plugin. */
const FACES = ["dynamic", "native"];

/** The collections of the two APIs, by the last segment of their routes. */
const COLLECTIONS = ["pipes", "pipesReversePrivateEndpoints", "dashboards", "alerts", "savedSearches", "sources", "webhooks", "connections"];

/**
 * True for a route as the emulator's stats name it (`GET /v1/.../pipes`) that reads a whole
 * collection (or a page of it): a GET whose template ends in a collection's name, not in an `{id}`.
 */
function isCollectionRead(route) {
  const [method, template = ""] = route.split(" ");
  return method === "GET" && COLLECTIONS.includes(template.slice(template.lastIndexOf("/") + 1));
}

/** The route of the full pipe list, as the emulator's stats name it. */
const PIPE_LIST_ROUTE = "GET /v1/organizations/{organizationId}/services/{serviceId}/pipes";

module.exports = { KINDS, DESTROY_BUDGET, OPERATIONS, FACES, isCollectionRead, PIPE_LIST_ROUTE };

/**
 * The stack routes once, shared by both ways in (`/api/v2` and the cloud `/stack` proxy),
 * which differ only in auth, envelope and error body. This file holds the contract's
 * generation (2.0.0); `operations-current.ts` the current one; `surfaces.ts` picks one.
 */
import { objectBody } from "../http/body";
import { param } from "../http/context";
import { alertSchema, dashboardCreateSchema, dashboardUpdateSchema, parseBody } from "./shapes";
import { alertView, createAlert, deleteAlert, getAlert, replaceAlert } from "./alerts";
import { createDashboard, dashboardView, deleteDashboard, getDashboard, updateDashboard } from "./dashboards";
import { stackBody } from "./answer";
import { stamp, type StackOperation } from "./operation";

/** Every stack route of the contract's generation (notes: "Routes of the open-source server"). */
export const STACK_OPERATIONS: readonly StackOperation[] = [
  { method: "GET", path: "/dashboards", run: (s) => [...s.dashboards.values()].map(dashboardView) },
  {
    method: "POST",
    path: "/dashboards",
    run: (s, ctx) => dashboardView(createDashboard(s, parseBody(dashboardCreateSchema, objectBody(stackBody(ctx))), stamp(ctx))),
  },
  { method: "GET", path: "/dashboards/{id}", run: (s, ctx) => dashboardView(getDashboard(s, param(ctx, "id"))) },
  {
    method: "PUT",
    path: "/dashboards/{id}",
    run: (s, ctx) => {
      stackBody(ctx); // the server parses the body before any route runs
      getDashboard(s, param(ctx, "id"));
      return dashboardView(updateDashboard(s, param(ctx, "id"), parseBody(dashboardUpdateSchema, objectBody(stackBody(ctx))), stamp(ctx)));
    },
  },
  { method: "DELETE", path: "/dashboards/{id}", run: (s, ctx) => void deleteDashboard(s, param(ctx, "id")) },
  { method: "GET", path: "/alerts", run: (s) => [...s.alerts.values()].map(alertView) },
  { method: "POST", path: "/alerts", run: (s, ctx) => alertView(createAlert(s, parseBody(alertSchema, objectBody(stackBody(ctx))), stamp(ctx))) },
  { method: "GET", path: "/alerts/{id}", run: (s, ctx) => alertView(getAlert(s, param(ctx, "id"))) },
  {
    method: "PUT",
    path: "/alerts/{id}",
    run: (s, ctx) => {
      stackBody(ctx);
      getAlert(s, param(ctx, "id"));
      return alertView(replaceAlert(s, param(ctx, "id"), parseBody(alertSchema, objectBody(stackBody(ctx))), stamp(ctx)));
    },
  },
  { method: "DELETE", path: "/alerts/{id}", run: (s, ctx) => void deleteAlert(s, param(ctx, "id")) },
  { method: "GET", path: "/sources", run: (s) => structuredClone([...s.sources.values()]) },
];

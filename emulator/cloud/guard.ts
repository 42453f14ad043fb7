/**
 * Checks in front of every cloud route under a service, in the order the live API applies
 * them: credentials (401), id shapes (400), organization (404), service state (424).
 */
import type { App } from "../app";
import { basicAuthProblem } from "../http/auth";
import { param, type Handler, type RequestContext } from "../http/context";
import { cloudHandler } from "../http/envelope";
import { ApiFailure, badRequest, notFound, refuseProblems } from "../http/errors";
import { isUuid } from "../options";
import { inactiveProblem, settleService, type ServiceRecord } from "./services";

/** Throws 401 unless the request carries the cloud API key. */
export function authorize(app: App, ctx: RequestContext): void {
  const problem = basicAuthProblem(ctx.headers, app.options.keyId, app.options.keySecret);
  if (problem) throw new ApiFailure(401, problem);
}

/** Throws 400 when a request body carries a top-level `id` (the gateway refuses it). */
export function rejectBodyId(ctx: RequestContext): void {
  if (ctx.body.kind === "json" && typeof ctx.body.value === "object" && ctx.body.value !== null && "id" in ctx.body.value) {
    throw badRequest("id: must not be sent in a request body");
  }
}

/** The service a request addresses, after auth and org checks; 424 unless running (or allowed). */
export function resolveService(app: App, ctx: RequestContext, allowInactive = false): ServiceRecord {
  authorize(app, ctx);
  const org = param(ctx, "organizationId");
  const svc = param(ctx, "serviceId");
  const bad = [...(isUuid(org) ? [] : [`organizationId: ${org} is not a UUID`]), ...(isUuid(svc) ? [] : [`serviceId: ${svc} is not a UUID`])];
  refuseProblems(bad);
  if (org.toLowerCase() !== app.options.organizationId) throw notFound(`organization ${org} not found`);
  const service = app.store.service(svc);
  settleService(service, ctx.now);
  const inactive = inactiveProblem(service);
  if (inactive && !allowInactive) throw new ApiFailure(424, inactive);
  return service;
}

/** A cloud handler under a service: guarded, enveloped. */
export function serviceRoute(app: App, fn: (ctx: RequestContext, service: ServiceRecord) => unknown, allowInactive = false): Handler {
  return cloudHandler((ctx) => fn(ctx, resolveService(app, ctx, allowInactive)));
}

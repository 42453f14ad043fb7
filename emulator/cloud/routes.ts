/**
 * Cloud routes other than pipes: the service itself (read, wake) and reverse private
 * endpoints. The service routes answer even while the service is idle, so clients can wake it.
 */
import { SERVICE_PREFIX, type App } from "../app";
import { objectBody, type JsonObject } from "../http/body";
import { param, type RequestContext } from "../http/context";
import { badRequest, notFound, refuseProblems } from "../http/errors";
import type { Router } from "../router";
import { dnsMappingProblems, endpointCreateProblems } from "./endpoint-rules";
import { schemaProperties, validateRequest, type RequestSchema } from "./openapi";
import { rejectBodyId, serviceRoute } from "./guard";
import { createEndpoint, endpointView, markEndpointDeleted, type StoredEndpoint } from "./reverse-private-endpoints";
import { awake, serviceView, type ServiceRecord } from "./services";

const ENDPOINTS = `${SERVICE_PREFIX}/pipesReversePrivateEndpoints`;
const ENDPOINT = `${ENDPOINTS}/{reversePrivateEndpointId}`;

function validBody(ctx: RequestContext, schema: RequestSchema): JsonObject {
  rejectBodyId(ctx);
  const body = objectBody(ctx.body);
  refuseProblems(validateRequest(schema, body));
  return body;
}

/** Registers the service and reverse-private-endpoint routes. */
export function registerServiceRoutes(router: Router, app: App): void {
  router.add(
    "GET",
    SERVICE_PREFIX,
    serviceRoute(app, (_ctx, service) => serviceView(service), true),
  );

  router.add(
    "PATCH",
    `${SERVICE_PREFIX}/state`,
    serviceRoute(
      app,
      (ctx, service) => {
        const body = objectBody(ctx.body);
        if (body.command !== "awake") throw badRequest(`command: must be awake, got ${JSON.stringify(body.command ?? null)}`);
        const refused = awake(service, ctx.now, app.options.stepMs);
        if (refused) throw badRequest(refused);
        return serviceView(service);
      },
      true,
    ),
  );

  const endpoint = (ctx: RequestContext, service: ServiceRecord): StoredEndpoint => {
    const found = app.store.endpoint(service, param(ctx, "reversePrivateEndpointId"), ctx.now);
    if (!found) throw notFound(`reverse private endpoint ${param(ctx, "reversePrivateEndpointId")} not found`);
    return found;
  };

  // Custom private DNS names must be unique across the service: those of every other endpoint.
  const takenBy = (service: ServiceRecord, ctx: RequestContext, except: string | undefined): Map<string, string> => {
    const taken = new Map<string, string>();
    for (const other of app.store.endpoints(service, ctx.now)) {
      if (other.id === except || !Array.isArray(other.fields.customPrivateDnsMappings)) continue;
      for (const m of other.fields.customPrivateDnsMappings) {
        const name = (m as { privateDnsName?: unknown } | null)?.privateDnsName;
        if (typeof name === "string") taken.set(name.toLowerCase(), other.id);
      }
    }
    return taken;
  };

  /** Problems of the DNS mappings `body` asks an endpoint of `type` (`except`, when it exists) to have. */
  const dnsProblems = (ctx: RequestContext, service: ServiceRecord, body: JsonObject, type: unknown, except?: string): string[] =>
    dnsMappingProblems(body.customPrivateDnsMappings, type, takenBy(service, ctx, except));

  router.add(
    "GET",
    ENDPOINTS,
    serviceRoute(app, (ctx, service) => app.store.endpoints(service, ctx.now).map((e) => endpointView(e, ctx.now))),
  );

  /** A route of one endpoint: 404 unless it exists. */
  const onEndpoint = (method: "GET" | "PATCH" | "DELETE", run: (found: StoredEndpoint, ctx: RequestContext, service: ServiceRecord) => unknown) =>
    router.add(
      method,
      ENDPOINT,
      serviceRoute(app, (ctx, service) => run(endpoint(ctx, service), ctx, service)),
    );

  onEndpoint("GET", (found, ctx) => endpointView(found, ctx.now));

  router.add(
    "POST",
    ENDPOINTS,
    serviceRoute(app, (ctx, service) => {
      const body = validBody(ctx, "CreateReversePrivateEndpoint");
      refuseProblems([...endpointCreateProblems(body), ...dnsProblems(ctx, service, body, body.type)]);
      const created = createEndpoint(service.id, body, ctx.now, app.options.stepMs);
      service.endpoints.set(created.id, created);
      return endpointView(created, ctx.now);
    }),
  );

  onEndpoint("PATCH", (found, ctx, service) => {
    const body = validBody(ctx, "UpdateReversePrivateEndpoint");
    const unknown = Object.keys(body).filter((k) => k !== "customPrivateDnsMappings");
    if (unknown.length > 0)
      throw badRequest(
        unknown.map((k) => (schemaProperties("CreateReversePrivateEndpoint").includes(k) ? `${k}: is fixed at creation` : `${k}: unknown field`)),
      );
    if (found.state === "Deleting") throw badRequest(`reverse private endpoint ${found.id} is being deleted`);
    refuseProblems(dnsProblems(ctx, service, body, found.fields.type, found.id));
    // A full replacement list; an empty array clears the mappings.
    if (Array.isArray(body.customPrivateDnsMappings)) found.fields.customPrivateDnsMappings = structuredClone(body.customPrivateDnsMappings);
    return endpointView(found, ctx.now);
  });

  onEndpoint("DELETE", (found, ctx) => {
    if (found.state !== "Deleting") markEndpointDeleted(found, ctx.now, app.options.stepMs);
    return undefined;
  });
}

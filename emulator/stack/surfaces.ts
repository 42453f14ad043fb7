/**
 * The two ways into a stack: the open-source server's `/api/v2` (bearer token, `{data}`,
 * its own store) and the cloud proxy under a service (Basic auth, cloud envelope, the
 * service's store, no top-level `id` in bodies). Both serve the generation chosen at start.
 */
import { SERVICE_PREFIX, type App } from "../app";
import { rejectBodyId, serviceRoute } from "../cloud/guard";
import type { Router } from "../router";
import { apiV2Handler, cloudResult } from "./answer";
import type { StackApiVersion } from "./generation";
import type { StackOperation } from "./operation";
import { STACK_OPERATIONS } from "./operations";
import { CURRENT_OPERATIONS } from "./operations-current";
import { serverOperations } from "./operations-server";

/** Base path of the open-source server's API. */
export const API_V2 = "/api/v2";

/** The routes of one generation. */
function operationsFor(version: StackApiVersion): readonly StackOperation[] {
  return version === "2.0.0" ? STACK_OPERATIONS : CURRENT_OPERATIONS;
}

/** Registers every stack route of the chosen generation on both surfaces, and the key's routes on `/api/v2`. */
export function registerStack(router: Router, app: App): void {
  const version = app.options.stackApiVersion;
  const token = () => app.options.stackToken;
  for (const op of [...serverOperations(version, token), ...operationsFor(version)]) {
    router.add(
      op.method,
      `${API_V2}${op.path}`,
      apiV2Handler(token, (ctx) => op.run(app.store.stack, ctx)),
    );
  }
  for (const op of operationsFor(version)) {
    router.add(
      op.method,
      `${SERVICE_PREFIX}/stack${op.path}`,
      serviceRoute(app, (ctx, service) => {
        rejectBodyId(ctx);
        return cloudResult(op.run(service.stack, ctx));
      }),
    );
  }
}

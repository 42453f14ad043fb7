/**
 * The two ways into a stack: the open-source server's `/api/v2` (bearer token, `{data}`,
 * its own store) and the cloud proxy under a service (Basic auth, cloud envelope, the
 * service's store, no top-level `id` in bodies).
 */
import { SERVICE_PREFIX, type App } from "../app";
import { rejectBodyId, serviceRoute } from "../cloud/guard";
import { stackHandler } from "../http/envelope";
import type { Router } from "../router";
import { STACK_OPERATIONS } from "./operations";

/** Base path of the open-source server's API. */
export const API_V2 = "/api/v2";

/** Registers every stack route on both surfaces. */
export function registerStack(router: Router, app: App): void {
  for (const op of STACK_OPERATIONS) {
    router.add(op.method, `${API_V2}${op.path}`, stackHandler(() => app.options.stackToken, (ctx) => op.run(app.store.stack, ctx)));
    router.add(op.method, `${SERVICE_PREFIX}/stack${op.path}`, serviceRoute(app, (ctx, service) => {
      rejectBodyId(ctx);
      return op.run(service.stack, ctx);
    }));
  }
}

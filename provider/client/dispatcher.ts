import { Agent, type Dispatcher } from "undici";

let shared: Dispatcher | undefined;

/**
 * One keep-alive connection pool per process: every resource of a `pulumi up` runs in the same
 * provider process, so they reuse connections instead of a TLS handshake per request.
 */
export function sharedDispatcher(): Dispatcher {
  shared ??= new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000, connections: 32, pipelining: 1 });
  return shared;
}

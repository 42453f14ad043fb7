/**
 * What a handler sees of a request. The server builds it once; handlers stay free of
 * `node:http` so they can be driven by tests and by the fault injector alike.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { ParsedBody } from "./body";
import type { Reply } from "./reply";

/** One API request after routing. */
export interface RequestContext {
  method: string;
  pathname: string;
  /** Path parameters by the names in the route template, URI-decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: ParsedBody;
  /** UUID v4, unique per request, echoed in `X-Request-Id`. */
  requestId: string;
  /** Arrival time in ms since the epoch; lifecycle states are computed against it. */
  now: number;
}

/** Answers one routed request. */
export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

/** The path parameter, which the router guarantees for the templates it matched. */
export function param(ctx: RequestContext, name: string): string {
  const value = ctx.params[name];
  if (value === undefined) throw new Error(`route has no parameter ${name}`);
  return value;
}

/**
 * What a stack operation may answer besides plain data, and how the open-source surface
 * writes it: a page of a list (`{data, meta}` plus `X-Total-Count`) and a plain-text
 * failure (the current server's `404 Not Found` for a missing dashboard, which looks
 * exactly like a missing route).
 */
import { bearerOk } from "../http/auth";
import type { ParsedBody } from "../http/body";
import type { Handler, RequestContext } from "../http/context";
import { stackError } from "../http/envelope";
import { ApiFailure, badRequest } from "../http/errors";
import { jsonReply, textReply } from "../http/reply";

/** One page of a paged list; `meta: undefined` for a list the server pages without it (webhooks). */
export class Page {
  constructor(
    readonly items: unknown[],
    readonly meta: { total: number; limit: number; offset: number },
    readonly withMeta = true,
  ) {}
}

/** The request body as the stack server's JSON parser leaves it: JSON it cannot parse is its 400 `Invalid JSON payload`. */
export function stackBody(ctx: RequestContext): ParsedBody {
  if (ctx.body.kind === "invalid" && ctx.body.status === 400) throw badRequest("Invalid JSON payload");
  return ctx.body;
}

/** A failure the open-source server answers as plain text, not `{message}`. */
export class PlainFailure extends ApiFailure {}

/** 404 `Not Found` in plain text. */
export function plainNotFound(): PlainFailure {
  return new PlainFailure(404, "Not Found");
}

/** The items of a page, the value itself otherwise: the cloud proxy answers lists as `result`. */
export function cloudResult(value: unknown): unknown {
  return value instanceof Page ? value.items : value;
}

/** Wraps a stack operation for `/api/v2`: bearer check, `{data}` / `{data, meta}` / `{}`, errors. */
export function apiV2Handler(token: () => string, fn: (ctx: RequestContext) => unknown): Handler {
  return async (ctx) => {
    if (!bearerOk(ctx.headers, token())) return stackError(401, "Unauthorized");
    try {
      const data = await fn(ctx);
      if (data instanceof Page) {
        const body = data.withMeta ? { data: data.items, meta: data.meta } : { data: data.items };
        return jsonReply(200, body, { "x-total-count": String(data.meta.total) });
      }
      return jsonReply(200, data === undefined ? {} : { data });
    } catch (error) {
      if (error instanceof PlainFailure) return textReply(error.status, error.message);
      if (error instanceof ApiFailure) return stackError(error.status, error.message);
      throw error;
    }
  };
}

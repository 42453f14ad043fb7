/**
 * What a stack operation may answer besides plain data, and how the open-source surface
 * writes it: a page of a list (`{data, meta}` plus `X-Total-Count`), a bare body (no `data`)
 * and a plain-text failure (the current server's `404 Not Found` for a missing dashboard,
 * which looks exactly like a missing route).
 */
import { bearerOk } from "../http/auth";
import type { ParsedBody } from "../http/body";
import type { Handler, RequestContext } from "../http/context";
import { stackError } from "../http/envelope";
import { ApiFailure, badRequest } from "../http/errors";
import { jsonReply, textReply } from "../http/reply";

/** One page of a paged list. */
export class Page {
  constructor(
    readonly items: unknown[],
    readonly meta: { total: number; limit: number; offset: number },
  ) {}
}

/** An answer the open-source server sends as it is, not under `data` (`GET /api/v2`, `POST /dashboards/validate`). */
export class Bare {
  constructor(readonly body: Record<string, unknown>) {}
}

/** The media type of the request's body, without parameters, lower case. */
const mediaType = (ctx: RequestContext): string => (ctx.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();

/**
 * The request body as the stack server's two body parsers leave it, by content type:
 * `application/json` is parsed strictly (JSON it cannot parse, or that is no object or array, is
 * its 400 `Invalid JSON payload`), `text/plain` stays a string (which its schemas refuse:
 * `Expected object, received string`), and a body of any other type is not read at all.
 */
export function stackBody(ctx: RequestContext): ParsedBody {
  const body = ctx.body;
  if (body.kind === "invalid" && body.status !== 400) return body; // too large: refused before any parser
  switch (mediaType(ctx)) {
    case "application/json":
      if (body.kind === "invalid" || (body.kind === "json" && (typeof body.value !== "object" || body.value === null))) {
        throw badRequest("Invalid JSON payload");
      }
      return body;
    case "text/plain":
      return { kind: "json", value: body.kind === "none" ? "" : (body.text ?? "") };
    default:
      return { kind: "none" };
  }
}

/** A failure the open-source server answers as plain text, not `{message}`. */
export class PlainFailure extends ApiFailure {}

/**
 * A failure the open-source server answers with a JSON body of its own (the team routes'
 * validation middleware sends the list of failed parts); `message` is what the cloud proxy shows.
 */
export class JsonFailure extends ApiFailure {
  constructor(
    status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(status, message);
  }
}

/** 404 `Not Found` in plain text. */
export function plainNotFound(): PlainFailure {
  return new PlainFailure(404, "Not Found");
}

/** The items of a page, a bare answer's body, the value itself otherwise: the cloud proxy answers each as `result`. */
export function cloudResult(value: unknown): unknown {
  if (value instanceof Page) return value.items;
  return value instanceof Bare ? value.body : value;
}

/** Wraps a stack operation for `/api/v2`: bearer check, `{data}` / `{data, meta}` / a bare body / `{}`, errors. */
export function apiV2Handler(token: () => string, fn: (ctx: RequestContext) => unknown): Handler {
  return async (ctx) => {
    if (!bearerOk(ctx.headers, token())) return stackError(401, "Unauthorized");
    try {
      const data = await fn(ctx);
      if (data instanceof Bare) return jsonReply(200, data.body);
      if (data instanceof Page) {
        return jsonReply(200, { data: data.items, meta: data.meta }, { "x-total-count": String(data.meta.total) });
      }
      return jsonReply(200, data === undefined ? {} : { data });
    } catch (error) {
      if (error instanceof PlainFailure) return textReply(error.status, error.message);
      if (error instanceof JsonFailure) return jsonReply(error.status, error.body);
      if (error instanceof ApiFailure) return stackError(error.status, error.message);
      throw error;
    }
  };
}

/**
 * Success and error bodies of the two surfaces (cloud notes "Envelope and errors"; stack
 * notes "Two ways in"), and handler wrappers that apply them so handlers just return data
 * or throw {@link ApiFailure}.
 */
import type { Handler, RequestContext } from "./context";
import { ApiFailure } from "./errors";
import { jsonReply, textReply, type Reply } from "./reply";

/** `{status, requestId, result}`; without `result` when there is none (DELETE). */
export function cloudSuccess(requestId: string, result: unknown): Reply {
  return jsonReply(200, result === undefined ? { status: 200, requestId } : { status: 200, requestId, result });
}

/** `{status, error: "CODE: message", requestId}`. */
export function cloudError(requestId: string, status: number, code: string, message: string, headers: Record<string, string> = {}): Reply {
  return jsonReply(status, { status, error: `${code}: ${message}`, requestId }, headers);
}

/** `{message}`; the stack server's 401 is plain text instead. */
export function stackError(status: number, message: string, headers: Record<string, string> = {}): Reply {
  if (status === 401) return textReply(401, "Unauthorized", headers);
  return jsonReply(status, { message }, headers);
}

/** Wraps a cloud handler: returned value → envelope, {@link ApiFailure} → error body. */
export function cloudHandler(fn: (ctx: RequestContext) => unknown): Handler {
  return async (ctx) => {
    try {
      return cloudSuccess(ctx.requestId, await fn(ctx));
    } catch (error) {
      if (error instanceof ApiFailure) return cloudError(ctx.requestId, error.status, error.code, error.message);
      throw error;
    }
  };
}

import { ApiError } from "./api-error";
import { TransportError } from "./transport";

/**
 * True when a request that failed may still have been applied (a 5xx, or a connection lost after
 * sending): a POST must not simply be sent again.
 */
export function mayHaveBeenApplied(err: unknown): boolean {
  if (TransportError.isInstance(err)) return !err.neverSent;
  return ApiError.isInstance(err) && err.status >= 500;
}

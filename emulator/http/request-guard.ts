/**
 * Checks made on the raw request before any routing: dot segments in the path (literal or
 * percent-encoded: `new URL` resolves `%2e%2e` as `..`, which let `/v1/x/%2e%2e/%2e%2e/__emulator`
 * reach the control API), and, for the control API, a loopback `Host` (no page of another site,
 * through DNS rebinding, can name it) and a JSON body type on every call that changes something
 * (a browser's form or `text/plain` POST, sent cross-site without a preflight, is refused).
 */
import type { IncomingHttpHeaders } from "node:http";

/** The path part of a request target, as sent. */
function rawPath(target: string): string {
  const q = target.search(/[?#]/);
  return q < 0 ? target : target.slice(0, q);
}

/** True when a segment of the raw path is `.` or `..`, in any spelling (`%2e`, `%2E`, `.%2e`). */
export function hasDotSegment(target: string): boolean {
  return rawPath(target)
    .split(/[/\\]/)
    .some((segment) => /^(\.|%2e){1,2}$/i.test(segment));
}

/** Host names that reach this machine only. */
const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\])(:\d+)?$/i;

/** Why a control call is refused, or undefined when it may run. */
export function controlRefusal(method: string, headers: IncomingHttpHeaders): { status: number; message: string } | undefined {
  const host = headers.host ?? "";
  if (!LOOPBACK.test(host))
    return { status: 403, message: `the control API answers only on a loopback host (127.0.0.1, localhost, [::1]), not ${JSON.stringify(host.slice(0, 100))}` };
  const origin = headers.origin;
  if (origin !== undefined && origin !== "null" && !/^https?:\/\/(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\])(:\d+)?$/i.test(origin)) {
    return { status: 403, message: "the control API refuses calls from web pages of other origins" };
  }
  if (method === "GET" || method === "HEAD") return undefined;
  const type = (headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json") return { status: 415, message: "control calls that change something need content-type: application/json" };
  return undefined;
}

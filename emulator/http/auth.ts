/**
 * Credential checks of both surfaces, compared in constant time so the emulator does not
 * teach anybody to rely on timing.
 */
import { timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Why a cloud request is not authenticated, or undefined when it is. */
export function basicAuthProblem(headers: IncomingHttpHeaders, keyId: string, keySecret: string): string | undefined {
  const header = headers.authorization;
  if (!header) return "missing Authorization header";
  const match = /^Basic\s+(\S+)$/i.exec(header);
  if (!match) return "Authorization must use the Basic scheme";
  const decoded = Buffer.from(match[1] ?? "", "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return "malformed Basic credentials";
  const ok = same(decoded.slice(0, colon), keyId) && same(decoded.slice(colon + 1), keySecret);
  return ok ? undefined : "invalid API key id or secret";
}

/**
 * True when the request carries the stack server's bearer token, read as that server reads it:
 * the text after the first `Bearer ` (that case, one space) up to any next one, so `bearer <key>`
 * or `Bearer  <key>` is refused.
 */
export function bearerOk(headers: IncomingHttpHeaders, token: string): boolean {
  const key = (headers.authorization ?? "").split("Bearer ")[1];
  return key !== undefined && key !== "" && same(key, token);
}

import { z } from "zod";

/**
 * A URL the provider will call or hand to the API to call: `http:` or `https:` only. `z.url()`
 * alone takes `javascript:`, `file:`, `data:` and any other scheme, which no server can be
 * reached by and which a UI may render as a link.
 */
export function httpUrl(example: string) {
  return z
    .string()
    .url(`must be a URL such as ${example}`)
    .refine((u) => /^https?:$/i.test(safeProtocol(u)), { message: `must be an http: or https: URL such as ${example}` });
}

function safeProtocol(u: string): string {
  try {
    return new URL(u).protocol;
  } catch {
    return "";
  }
}

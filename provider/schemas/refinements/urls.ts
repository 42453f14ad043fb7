import { z } from "zod";

/**
 * A URL the provider will call or hand to the API to call: `http:` or `https:` only. `z.url()`
 * alone takes `javascript:`, `file:`, `data:` and any other scheme, which no server can be
 * reached by and which a UI may render as a link. One issue per bad value.
 */
export function httpUrl(example: string) {
  return z.string().superRefine((value, ctx) => {
    let protocol: string;
    try {
      protocol = new URL(value).protocol;
    } catch {
      ctx.addIssue({ code: "custom", message: `must be a URL such as ${example}` });
      return;
    }
    if (!/^https?:$/i.test(protocol)) ctx.addIssue({ code: "custom", message: `must be an http: or https: URL such as ${example}` });
  });
}

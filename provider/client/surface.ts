import { basicAuthSecrets } from "./redact";

/**
 * One API surface: its base URL, how it authenticates, and the shape of its bodies. The cloud
 * API and the open-source stack server differ only here, so one client serves both.
 */
export interface Surface {
  /** Base URL every path is appended to, without a trailing slash. */
  readonly baseUrl: string;
  /** The `Authorization` header value. Never logged, never in an error. */
  readonly authorization: string;
  /** Secret values to blank out of any error text. */
  readonly secrets: readonly string[];
  /** The payload of a success body. */
  unwrap(body: unknown): unknown;
  /** The code, message and requestId of an error body (JSON, or undefined for a non-JSON body). */
  describeError(status: number, body: unknown, text: string): { code: string; detail: string; requestId?: string };
}

function record(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** First line of a text body, trimmed (an HTML gateway page, `Unauthorized`). */
function gist(text: string): string {
  const stripped = text
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return stripped.length > 200 ? `${stripped.slice(0, 200)}...` : stripped || "(empty body)";
}

/** `{status, requestId, result}`; errors `{status, error: "CODE: message", requestId}`. */
export function cloudSurface(baseUrl: string, keyId: string, keySecret: string): Surface {
  return {
    baseUrl: baseUrl.replace(/\/+$/, ""),
    authorization: `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`,
    secrets: basicAuthSecrets(keyId, keySecret),
    unwrap: (body) => record(body)?.result,
    describeError(status, body, text) {
      const b = record(body);
      const requestId = typeof b?.requestId === "string" ? b.requestId : undefined;
      const error = typeof b?.error === "string" ? b.error : undefined;
      if (error) {
        const m = /^([A-Z_]+):\s*([\s\S]*)$/.exec(error);
        return m ? { code: m[1], detail: m[2], requestId } : { code: `HTTP_${status}`, detail: error, requestId };
      }
      return { code: `HTTP_${status}`, detail: gist(text), requestId };
    },
  };
}

/** `{data}`; errors `{message}`, some plain text (`Unauthorized`, `Not Found`). */
export function stackServerSurface(stackUrl: string, token: string): Surface {
  return {
    baseUrl: `${stackUrl.replace(/\/+$/, "")}/api/v2`,
    authorization: `Bearer ${token}`,
    secrets: [token],
    unwrap: (body) => record(body)?.data,
    describeError(status, body, text) {
      const b = record(body);
      const message = typeof b?.message === "string" ? b.message : undefined;
      return { code: `HTTP_${status}`, detail: message ?? gist(text) };
    },
  };
}

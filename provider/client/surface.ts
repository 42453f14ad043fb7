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
  /** Whether a success body (parsed JSON, or undefined when it is not JSON) is in this API's envelope. */
  enveloped(body: unknown, method: string): boolean;
  /** The setting to check when something else answers at the base URL, and what it should be. */
  readonly wrongUrl: string;
  /** The settings to check when the API refuses the credentials (401, 403). */
  readonly wrongCredentials: string;
}

/**
 * What to check for an error status, or undefined when the status names no setting: a refused
 * credential (401, 403) names the credential settings, a 404 without the API's JSON (no such
 * route: something else answers there) the URL setting. Pure.
 */
export function settingToCheck(surface: Pick<Surface, "wrongUrl" | "wrongCredentials">, status: number, jsonBody: boolean): string | undefined {
  if (status === 401 || status === 403) return surface.wrongCredentials;
  if (status === 404 && !jsonBody) return surface.wrongUrl;
  return undefined;
}

function record(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** The URL as settings document it (no `/api/v2`), without user info or query. */
function shown(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`.replace(/\/+$/, "");
  } catch {
    return "(not a URL)";
  }
}

/** First line of a text body, trimmed (an HTML gateway page, `Unauthorized`). */
export function gist(text: string): string {
  const stripped = text
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return stripped.length > 200 ? `${stripped.slice(0, 200)}...` : stripped || "(empty body)";
}

/** `{status, requestId, result}`; errors `{status, error: "CODE: message", requestId}`. */
export function cloudSurface(baseUrl: string, keyId: string, keySecret: string): Surface {
  const base = baseUrl.replace(/\/+$/, "");
  return {
    baseUrl: base,
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
    // Every success carries `status` and `requestId`; only a DELETE may leave out `result`.
    enveloped: (body, method) => {
      const b = record(body);
      return b !== undefined && typeof b.status === "number" && typeof b.requestId === "string" && (method === "DELETE" || "result" in b);
    },
    wrongUrl: `pipestack:apiUrl (or the connection's apiUrl) is probably wrong: ${shown(base)} should be the cloud API's base URL, below which it serves /v1`,
    wrongCredentials:
      "check pipestack:keyId and pipestack:keySecret (or the connection's keyId / keySecret): the API refused them (a wrong, revoked or expired key, or one without access to this service)",
  };
}

/** `{data}`; errors `{message}`, some plain text (`Unauthorized`, `Not Found`). */
export function stackServerSurface(stackUrl: string, token: string): Surface {
  const base = stackUrl.replace(/\/+$/, "");
  return {
    baseUrl: `${base}/api/v2`,
    authorization: `Bearer ${token}`,
    secrets: [token],
    unwrap: (body) => record(body)?.data,
    describeError(status, body, text) {
      const b = record(body);
      const message = typeof b?.message === "string" ? b.message : undefined;
      return { code: `HTTP_${status}`, detail: message ?? gist(text) };
    },
    // Answers carry `data`; a DELETE answers `{}`.
    enveloped: (body, method) => {
      const b = record(body);
      return b !== undefined && ("data" in b || method === "DELETE");
    },
    wrongUrl: `pipestack:stackUrl (or the resource's stackUrl) is probably wrong: ${shown(base)} should be the server's base URL, below which it serves /api/v2`,
    wrongCredentials: "check pipestack:stackToken (or the connection's stackToken): the stack server refused it (a wrong, revoked or expired token)",
  };
}

import { printable } from "../errors/printable";
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
  /**
   * The settings to check when a path that names no object (a service, a collection of it)
   * answers the API's own 404: the organization or service is what is missing. Undefined where
   * paths name none (the stack server).
   */
  readonly wrongScope?: string;
}

/**
 * True when a path names an organization's service or one of its collections, and no object
 * (`/v1/organizations/{org}/services/{svc}`, `.../pipes`, `.../stack/dashboards`): its 404 cannot
 * be an object's. Query and any prefix of the base URL ignored. Pure.
 */
export function namesNoObject(path: string): boolean {
  return /\/v1\/organizations\/[^/]+\/services\/[^/]+(\/stack)?(\/[^/]+)?$/.test(path.split("?")[0]);
}

/**
 * What to check for an error status, or undefined when the status names no setting: a refused
 * credential (401, 403) names the credential settings, a 404 without the API's JSON (no such
 * route: something else answers there) the URL setting, the API's own 404 of a path that names
 * no object ({@link namesNoObject}) the organization and service settings. An object's own 404
 * names none: it may be the proof that it is gone. Pure.
 */
export function settingToCheck(
  surface: Pick<Surface, "wrongUrl" | "wrongCredentials" | "wrongScope">,
  status: number,
  jsonBody: boolean,
  path = "",
): string | undefined {
  if (status === 401 || status === 403) return surface.wrongCredentials;
  if (status === 404 && !jsonBody) return surface.wrongUrl;
  if (status === 404 && surface.wrongScope && namesNoObject(path)) return surface.wrongScope;
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

/** First line of a text body, trimmed (an HTML gateway page, `Unauthorized`), its control characters escaped. */
export function gist(text: string): string {
  const stripped = printable(
    text
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  );
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
    wrongScope:
      "check pipestack:organizationId and pipestack:serviceId (or the resource's organizationId / serviceId, or the connection's): the API knows no such organization or service (or pipestack:apiUrl is not the cloud API's)",
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

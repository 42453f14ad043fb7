/**
 * A response as a value. Handlers return replies instead of writing to the socket, so the
 * fault injector can run a request and still answer with something else ("after" faults).
 */

/** What the server writes back: status, headers and an already serialized body. */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A JSON reply. */
export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return { status, headers: { "content-type": "application/json; charset=utf-8", ...headers }, body: JSON.stringify(value) };
}

/** A plain-text reply (the stack server's 401, and its 404 for a missing dashboard, are plain text). */
export function textReply(status: number, text: string, headers: Record<string, string> = {}): Reply {
  return { status, headers: { "content-type": "text/plain; charset=utf-8", ...headers }, body: text };
}

const REASONS: Record<number, string> = {
  404: "Not Found",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** An HTML page as a gateway in front of the API writes it: never JSON. */
export function htmlReply(status: number, headers: Record<string, string> = {}): Reply {
  const reason = REASONS[status] ?? "Error";
  const body =
    `<html>\r\n<head><title>${status} ${reason}</title></head>\r\n` + `<body>\r\n<center><h1>${status} ${reason}</h1></center>\r\n</body>\r\n</html>\r\n`;
  return { status, headers: { "content-type": "text/html", ...headers }, body };
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * The open-source stack server's answer to a route it does not have: its web framework's default
 * 404 page (`<pre>Cannot GET /api/v2/nosuchthing</pre>`), byte for byte, with that framework's
 * headers. Measured against a real server (API 2.36.0).
 */
export function cannotRouteReply(method: string, pathname: string): Reply {
  const message = `Cannot ${method} ${pathname}`.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
  const body = `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>${message}</pre>\n</body>\n</html>\n`;
  return {
    status: 404,
    headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": "default-src 'none'", "x-content-type-options": "nosniff" },
    body,
  };
}

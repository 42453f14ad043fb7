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

/** A plain-text reply (the stack server's 401 and unknown-route answers are plain text). */
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

/**
 * A server that is not the API: it answers the same thing to every request, and counts them.
 * What a wrong `pipestack:apiUrl` or `pipestack:stackUrl` reaches (a proxy, another service, a
 * catch-all). Loopback, port 0; close it after the test.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** One fixed answer: status, content type, body. */
export interface BrokenAnswer {
  status: number;
  type: string;
  body: string;
}

/** The answers of the servers tests point a wrong URL at. */
export const BROKEN = {
  /** A JSON 404 to everything, in the cloud API's own error envelope. */
  "JSON 404": { status: 404, type: "application/json", body: JSON.stringify({ status: 404, error: "NOT_FOUND: not found", requestId: "r-1" }) },
  /** A JSON 404 to everything, in the stack server's `{message}`. */
  "JSON 404 {message}": { status: 404, type: "application/json", body: JSON.stringify({ message: "Not found" }) },
  /** A 200 HTML page to everything (a web site, a login page). */
  "200 HTML": { status: 200, type: "text/html", body: "<!DOCTYPE html><html><body><h1>Welcome</h1></body></html>" },
  /** A 200 `{}` to everything. */
  "200 {}": { status: 200, type: "application/json", body: "{}" },
} satisfies Record<string, BrokenAnswer>;

export type BrokenKind = keyof typeof BROKEN;

export interface BrokenServer {
  url: string;
  /** Requests received, as `METHOD /path`. */
  readonly requests: string[];
  close(): Promise<void>;
}

export async function startBrokenServer(answer: BrokenAnswer): Promise<BrokenServer> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    req.on("end", () => {
      res.writeHead(answer.status, { "content-type": answer.type });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What a server that streams its answers saw of each exchange. */
export interface StreamingServer {
  url: string;
  /** Requests received, as `METHOD /path`. */
  readonly requests: string[];
  /** Bytes of answer bodies written so far, over all requests. */
  readonly written: () => number;
  /** Exchanges the client closed before their answer was complete. */
  readonly cutShort: () => number;
  close(): Promise<void>;
}

/** How a streaming server answers: the body's first bytes, then `chunk` every `everyMs` until `totalBytes`. */
export interface StreamPlan {
  /** The start of the body, sent with the headers. */
  head: string;
  /** What follows, again and again. */
  chunk: string;
  /** Pause between chunks; 0 sends as fast as the client reads. */
  everyMs: number;
  /** Body length at which the answer ends. @default never */
  totalBytes?: number;
  /** Announce the length in `content-length`. @default false */
  announce?: boolean;
}

/**
 * A server that answers `200` to every request with a body it streams by `plan`: a trickle (a
 * byte every few seconds, never ending) or a flood (100 MB as fast as it is read). It writes
 * only as fast as the client reads, and counts the exchanges the client cut short.
 */
export async function startStreamingServer(plan: StreamPlan): Promise<StreamingServer> {
  const requests: string[] = [];
  let written = 0;
  let cutShort = 0;
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    const total = plan.totalBytes ?? Infinity;
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    res.on("close", () => {
      clearTimeout(timer);
      if (!done) cutShort += 1;
    });
    const headers: Record<string, string | number> = { "content-type": "application/json" };
    if (plan.announce && Number.isFinite(total)) headers["content-length"] = total;
    res.writeHead(200, headers);
    const write = (text: string): boolean => {
      const piece = text.slice(0, Math.max(0, total - sent));
      sent += piece.length;
      written += piece.length;
      return res.write(piece);
    };
    const next = (): void => {
      if (res.destroyed) return;
      while (sent < total) {
        const more = write(plan.chunk);
        if (plan.everyMs > 0) {
          timer = setTimeout(next, plan.everyMs);
          return;
        }
        if (!more) {
          res.once("drain", next);
          return;
        }
      }
      done = true;
      res.end();
    };
    write(plan.head);
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    written: () => written,
    cutShort: () => cutShort,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

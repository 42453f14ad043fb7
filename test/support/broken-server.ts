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

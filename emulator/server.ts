/**
 * The HTTP server: control requests go straight to the control API; API requests are
 * counted, may meet a rate limit (`rate-limit.ts`) or a fault (before or after being applied),
 * wait the configured latency, and are routed. Unknown routes answer a non-JSON 404, as the live gateways do.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import type { App } from "./app";
import type { Control } from "./control";
import type { FaultInjector, Surface } from "./faults";
import { readBody } from "./http/body";
import { controlRefusal, hasDotSegment } from "./http/request-guard";
import { cloudError, stackError } from "./http/envelope";
import { cannotRouteReply, htmlReply, jsonReply, textReply, type Reply } from "./http/reply";
import { FixedWindowLimiter, limitHeaders, limitKeyOf, limitedReply, limitedSurfaceOf, type LimitSettings, type LimitedSurface } from "./rate-limit";
import type { ResolvedOptions } from "./options";
import type { Router } from "./router";
import type { Stats } from "./stats";

/** What the server needs besides the request. */
export interface ServerParts {
  app: App;
  router: Router;
  faults: FaultInjector;
  stats: Stats;
  control: Control;
  /** Saves the store after a change (no-op without a state file). */
  persist: () => void;
  /** Where a 500's stack goes. @default standard error */
  logError?: (line: string) => void;
}

const CONTROL_PREFIX = "/__emulator";
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function surfaceOf(pathname: string): Surface {
  return pathname === "/api/v2" || pathname.startsWith("/api/v2/") ? "stack" : "cloud";
}

/** No such route: the stack server's `Cannot GET /path` page, or the cloud gateway's HTML page. Never JSON. */
function noRoute(surface: Surface, method: string, pathname: string): Reply {
  return surface === "stack" ? cannotRouteReply(method, pathname) : htmlReply(404);
}

/** The limit in force on one surface now (the options can change at run time). */
function limitOf(options: ResolvedOptions, surface: LimitedSurface): LimitSettings {
  return surface === "stack"
    ? { limit: options.stackRateLimit, windowMs: options.stackRateWindowMs }
    : { limit: options.cloudRateLimit, windowMs: options.cloudRateWindowMs };
}

function write(res: ServerResponse, reply: Reply, requestId?: string): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.headers)) headers[name.toLowerCase()] = value;
  if (requestId) headers["x-request-id"] = requestId;
  res.writeHead(reply.status, headers);
  res.end(reply.body);
}

/** Creates (does not start) the server; `abort` cancels pending delays on close. */
export function createEmulatorServer(parts: ServerParts, abort: AbortSignal): Server {
  const { app, router, faults, stats, control, persist } = parts;
  const logError = parts.logError ?? ((line: string) => void process.stderr.write(`${line}\n`));
  // Two servers in one: the stack server and the cloud API count apart, their windows from the start.
  const started = Date.now();
  const limiters: Record<LimitedSurface, FixedWindowLimiter> = { stack: new FixedWindowLimiter(started), cloud: new FixedWindowLimiter(started) };

  async function handleApi(req: IncomingMessage, res: ServerResponse, method: string, url: URL): Promise<void> {
    const requestId = randomUUID();
    const surface = surfaceOf(url.pathname);
    const match = router.match(method, url.pathname);
    // Clients say which attempt a request is, so a fault run can count the retries it caused.
    const attempt = Number(req.headers["x-retry-count"] ?? 0);
    stats.request(method, match?.route.template, attempt > 0);
    const answer = (reply: Reply, extra: Record<string, string> = {}) => {
      stats.answer(reply.status);
      write(res, { ...reply, headers: { ...reply.headers, ...extra } }, requestId);
    };
    // Counted on arrival, before anything else looks at the request, as the stack server's middleware does.
    const limited = limitedSurfaceOf(url.pathname);
    const limit = limited ? limitOf(app.options, limited) : undefined;
    const verdict = limited && limit && limit.limit > 0 ? limiters[limited].hit(limitKeyOf(req.headers), limit, Date.now()) : undefined;
    if (limited && limit && verdict?.over) {
      stats.rateLimited(limited);
      await readBody(req);
      if (app.options.latencyMs > 0) await sleep(app.options.latencyMs, undefined, { signal: abort });
      return answer(limitedReply(limited, verdict, limit, requestId));
    }
    const headers = limited && verdict ? limitHeaders(limited, verdict) : {};
    const fault = faults.decide(method, url.pathname);
    const body = await readBody(req);
    if (body.kind === "json") stats.body(method, match?.route.template, body.value);
    const delay = app.options.latencyMs + (fault?.delayMs ?? 0);
    if (delay > 0) await sleep(delay, undefined, { signal: abort });
    if (fault) stats.fault({ method, path: url.pathname, kind: fault.label, timing: fault.timing });
    if (fault && fault.timing === "before" && fault.action !== "slow") {
      if (fault.action === "drop") req.socket.destroy();
      else answer(faults.reply(fault, surface, requestId));
      return;
    }
    let reply: Reply;
    try {
      reply = match
        ? await match.route.handler({
            method,
            pathname: url.pathname,
            params: match.params,
            query: url.searchParams,
            headers: req.headers,
            body,
            requestId,
            now: Date.now(),
          })
        : noRoute(surface, method, url.pathname);
    } catch (error) {
      // A 500 is an emulator bug: its stack is what the person reading the log needs.
      logError(`pipestack-emulator: 500 for ${method} ${url.pathname} (requestId ${requestId}): ${(error as Error).stack ?? String(error)}`);
      const message = `unexpected error: ${(error as Error).message}`;
      reply = surface === "stack" ? stackError(500, message) : cloudError(requestId, 500, "INTERNAL_SERVER_ERROR", message);
    }
    if (match && MUTATING.has(method) && reply.status === 200) persist();
    if (fault && fault.timing === "after") {
      if (fault.action === "drop") req.socket.destroy();
      else answer(faults.reply(fault, surface, requestId));
      return;
    }
    answer(reply, headers);
  }

  const idle = app.options.idleTimeoutMs;
  const server = createServer(
    {
      // A client that trickles its headers or body (slowloris) is cut off, checked every quarter of that time.
      headersTimeout: idle,
      requestTimeout: idle * 3,
      keepAliveTimeout: Math.min(5_000, idle),
      connectionsCheckingInterval: Math.max(50, Math.floor(idle / 4)),
    },
    (req, res) => {
      const method = (req.method ?? "GET").toUpperCase();
      const target = req.url ?? "/";
      // Refused before `new URL` resolves them: a dot segment is never a route, and could climb to another.
      if (hasDotSegment(target)) return write(res, textReply(400, "Bad Request: dot segments (. or ..) are not allowed in paths"));
      const url = new URL(target, "http://127.0.0.1");
      const isControl = url.pathname === CONTROL_PREFIX || url.pathname.startsWith(`${CONTROL_PREFIX}/`);
      const refusal = isControl ? controlRefusal(method, req.headers) : undefined;
      if (refusal) {
        req.resume();
        return write(res, jsonReply(refusal.status, { error: refusal.message }));
      }
      const work = isControl ? readBody(req).then((body) => write(res, control.handle(method, url.pathname, body))) : handleApi(req, res, method, url);
      work.catch(() => {
        // Aborted by close() or a broken socket: nothing left to answer.
        req.socket.destroy();
      });
    },
  );
  return server;
}

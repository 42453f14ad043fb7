/**
 * The control API: inspect and steer a running emulator. Reachable over HTTP under
 * `/__emulator/` (no auth, JSON, never faulted, delayed or counted) and as methods of the
 * `control` object returned by `startEmulator`.
 */
import { z } from "zod";
import type { App } from "./app";
import { forceState } from "./cloud/pipe-lifecycle";
import { PIPE_STATES } from "./cloud/pipe-model";
import { pipeView, storedView } from "./cloud/pipe-view";
import { ENDPOINT_STATUSES, endpointView } from "./cloud/reverse-private-endpoints";
import { serviceView, setServiceState, settleService, type ServiceState } from "./cloud/services";
import type { ParsedBody } from "./http/body";
import { jsonReply, type Reply } from "./http/reply";
import type { FaultInjector, ScriptedFault } from "./faults";
import { FAULT_KINDS, isUuid, type FaultKind } from "./options";
import { compilePathPattern } from "./path-pattern";
import { alertStateSchema, applyAlertState, findAlert } from "./stack/alert-state";
import { dumpCollections } from "./stack/collections";
import { passwordIs } from "./stack/connections";
import { acceptInvitation } from "./stack/team";
import type { StackStore } from "./stack/store";
import { Router } from "./router";
import type { BodyShape } from "./body-shapes";
import type { Stats, StatsSnapshot } from "./stats";

/** Run-time changes of faults and timing (`POST /__emulator/faults`). */
export interface FaultSettings {
  rate?: number;
  seed?: number;
  kinds?: FaultKind[];
  latencyMs?: number;
  retryAfterSeconds?: number;
  stepMs?: number;
  slowMs?: number;
  /** Rate limits (`rate-limit.ts`); a change of window starts the count again. */
  stackRateLimit?: number;
  stackRateWindowMs?: number;
  cloudRateLimit?: number;
  cloudRateWindowMs?: number;
}

const nonNegative = z.number().finite().min(0);
const faultSettingsSchema = z
  .object({
    rate: z.number().min(0).max(1),
    seed: z.number().int(),
    kinds: z.array(z.enum(FAULT_KINDS)),
    latencyMs: nonNegative,
    retryAfterSeconds: nonNegative,
    stepMs: nonNegative,
    slowMs: nonNegative,
    stackRateLimit: z.number().int().min(0),
    stackRateWindowMs: z.number().finite().min(100),
    cloudRateLimit: z.number().int().min(0),
    cloudRateWindowMs: z.number().finite().min(100),
  })
  .partial()
  .strict();
const scriptSchema = z
  .object({
    method: z.string().optional(),
    path: z.string().min(1),
    status: z.number().int().min(100).max(599).optional(),
    body: z.unknown().optional(),
    headers: z.record(z.string()).optional(),
    count: z.number().int().min(1).optional(),
    kind: z.enum(["before", "after", "drop", "html", "slow"]).optional(),
    apply: z.boolean().optional(),
    delayMs: nonNegative.optional(),
  })
  .strict();
const serviceStateSchema = z.object({ state: z.enum(["idle", "stopped", "running"]) }).strict();
const pipeStateSchema = z.object({ state: z.enum(PIPE_STATES), stateReason: z.string().optional() }).strict();
const endpointStatusSchema = z.object({ status: z.enum(ENDPOINT_STATUSES) }).strict();
const passwordCheckSchema = z.object({ password: z.string() }).strict();

/** A refused control call (400 over HTTP). */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ControlError";
  }
}

function parse<T extends z.ZodTypeAny>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data as z.output<T>;
  throw new ControlError(400, result.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; "));
}

/** What a control route runs: decoded path parameters and the JSON body (`{}` when none). */
type ControlRoute = (params: Record<string, string>, body: unknown) => Reply;

const PREFIX = "/__emulator";

function field(value: unknown, name: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/** Every collection of the table, write-only values left out (the table's `dump`). */
function stackDump(stack: StackStore): Record<string, unknown> {
  return structuredClone(dumpCollections(stack));
}

/** Steering of one emulator; every change is saved to the state file when there is one. */
export class Control {
  /** The HTTP routes under `/__emulator`, each a method of this class. */
  private readonly routes = new Router<ControlRoute>()
    .add("GET", `${PREFIX}/state`, () => jsonReply(200, this.state()))
    .add("GET", `${PREFIX}/stats`, () => jsonReply(200, this.stats()))
    .add("GET", `${PREFIX}/bodies`, () => jsonReply(200, { bodies: this.bodies() }))
    .add("POST", `${PREFIX}/stats/reset`, () => this.done(() => this.resetStats()))
    .add("POST", `${PREFIX}/faults`, (_params, value) => jsonReply(200, this.setFaults(value as FaultSettings)))
    .add("POST", `${PREFIX}/script`, (_params, value) =>
      jsonReply(200, { queued: this.script(...((Array.isArray(value) ? value : [value]) as ScriptedFault[])) }),
    )
    .add("DELETE", `${PREFIX}/script`, () => this.done(() => this.clearScripts()))
    .add("POST", `${PREFIX}/reset`, () => this.done(() => this.reset()))
    .add("POST", `${PREFIX}/services/{serviceId}/state`, (params, value) =>
      jsonReply(200, this.setServiceState(params.serviceId ?? "", field(value, "state") as ServiceState)),
    )
    .add("POST", `${PREFIX}/pipes/{pipeId}/state`, (params, value) =>
      jsonReply(200, this.setPipeState(params.pipeId ?? "", String(field(value, "state")), field(value, "stateReason") as string | undefined)),
    )
    .add("POST", `${PREFIX}/reversePrivateEndpoints/{endpointId}/status`, (params, value) =>
      jsonReply(200, this.setEndpointStatus(params.endpointId ?? "", field(value, "status") as string)),
    )
    .add("POST", `${PREFIX}/alerts/{alertId}/state`, (params, value) =>
      jsonReply(200, this.setAlertState(params.alertId ?? "", typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {})),
    )
    .add("POST", `${PREFIX}/connections/{connectionId}/password`, (params, value) =>
      jsonReply(200, { matches: this.connectionPasswordIs(params.connectionId ?? "", parse(passwordCheckSchema, value).password) }),
    )
    .add("POST", `${PREFIX}/invitations/{invitationId}/accept`, (params) => jsonReply(200, this.acceptInvitation(params.invitationId ?? "")));

  constructor(
    private readonly app: App,
    private readonly faults: FaultInjector,
    private readonly counters: Stats,
    private readonly persist: () => void,
  ) {}

  /** Every stored object, as stored, without secrets. */
  state(): Record<string, unknown> {
    const now = Date.now();
    const services: Record<string, unknown> = {};
    for (const service of this.app.store.services.values()) {
      settleService(service, now);
      services[service.id] = {
        ...serviceView(service),
        pipes: this.app.store.pipes(service, now).map(storedView),
        reversePrivateEndpoints: this.app.store.endpoints(service, now).map((e) => endpointView(e, now)),
        stack: stackDump(service.stack),
      };
    }
    return {
      organizationId: this.app.options.organizationId,
      stackApiVersion: this.app.options.stackApiVersion,
      services,
      stack: stackDump(this.app.store.stack),
    };
  }

  /** Request and fault counters. */
  stats(): StatsSnapshot {
    return this.counters.snapshot();
  }

  /** The key paths (never the values) of the last JSON request bodies, oldest first; cleared with the stats. */
  bodies(): BodyShape[] {
    return this.counters.bodies();
  }

  /** Counters back to zero. */
  resetStats(): void {
    this.counters.reset();
  }

  /** Changes faults and timing now; a given seed restarts the random sequence. Returns the current values. */
  setFaults(settings: FaultSettings): Required<FaultSettings> {
    const s = parse(faultSettingsSchema, settings);
    const o = this.app.options;
    if (s.rate !== undefined) o.faultRate = s.rate;
    if (s.kinds !== undefined) o.faultKinds = s.kinds;
    if (s.latencyMs !== undefined) o.latencyMs = s.latencyMs;
    if (s.retryAfterSeconds !== undefined) o.retryAfterSeconds = s.retryAfterSeconds;
    if (s.stepMs !== undefined) o.stepMs = s.stepMs;
    if (s.slowMs !== undefined) o.slowMs = s.slowMs;
    for (const name of ["stackRateLimit", "stackRateWindowMs", "cloudRateLimit", "cloudRateWindowMs"] as const) {
      const value = s[name];
      if (value !== undefined) o[name] = value;
    }
    if (s.seed !== undefined) {
      o.faultSeed = s.seed;
      this.faults.reseed(s.seed);
    }
    return {
      rate: o.faultRate,
      seed: o.faultSeed,
      kinds: [...o.faultKinds],
      latencyMs: o.latencyMs,
      retryAfterSeconds: o.retryAfterSeconds,
      stepMs: o.stepMs,
      slowMs: o.slowMs,
      stackRateLimit: o.stackRateLimit,
      stackRateWindowMs: o.stackRateWindowMs,
      cloudRateLimit: o.cloudRateLimit,
      cloudRateWindowMs: o.cloudRateWindowMs,
    };
  }

  /** Queues scripted faults for the next matching requests; returns how many strikes are queued. */
  script(...faults: ScriptedFault[]): number {
    const parsed = faults.map((f) => parse<z.ZodType<ScriptedFault>>(scriptSchema, f));
    for (const fault of parsed) {
      try {
        compilePathPattern(fault.path);
      } catch (error) {
        throw new ControlError(400, `path: ${(error as Error).message}`);
      }
    }
    parsed.forEach((f) => this.faults.script(f));
    return this.faults.pendingScripts();
  }

  /** Drops the scripted faults not used yet. */
  clearScripts(): void {
    this.faults.clearScripts();
  }

  /** Forces a service's state (`idle` and `stopped` answer 424). */
  setServiceState(serviceId: string, state: ServiceState): Record<string, unknown> {
    if (!isUuid(serviceId)) throw new ControlError(400, `service id ${serviceId} is not a UUID`);
    const { state: next } = parse(serviceStateSchema, { state });
    const service = this.app.store.service(serviceId);
    setServiceState(service, next);
    this.persist();
    return serviceView(service);
  }

  /** Forces a pipe's state (and the reason shown while Failed). */
  setPipeState(pipeId: string, state: string, stateReason?: string): Record<string, unknown> {
    const body = parse(pipeStateSchema, stateReason === undefined ? { state } : { state, stateReason });
    const pipe = this.app.store.findPipe(pipeId, Date.now());
    if (!pipe) throw new ControlError(404, `pipe ${pipeId} not found`);
    forceState(pipe, body.state, body.stateReason);
    this.persist();
    return pipeView(pipe, this.app.options.quirks);
  }

  /** Forces a reverse private endpoint's status (`Failed`, `PendingAcceptance`, ...); no further steps follow. */
  setEndpointStatus(endpointId: string, status: string): Record<string, unknown> {
    const body = parse(endpointStatusSchema, { status });
    const now = Date.now();
    for (const service of this.app.store.services.values()) {
      const endpoint = this.app.store.endpoint(service, endpointId, now);
      if (!endpoint) continue;
      endpoint.state = body.status;
      endpoint.pending = [];
      this.persist();
      return endpointView(endpoint, now);
    }
    throw new ControlError(404, `reverse private endpoint ${endpointId} not found`);
  }

  /** Forces a stack alert's state and silence, in the served generation's form. */
  setAlertState(alertId: string, change: Record<string, unknown>): Record<string, unknown> {
    // The schema of either generation answers the one shape applyAlertState takes.
    const schema = alertStateSchema(this.app.options.stackApiVersion) as z.ZodType<Parameters<typeof applyAlertState>[1]>;
    const parsed = parse(schema, change);
    const stacks = [this.app.store.stack, ...[...this.app.store.services.values()].map((s) => s.stack)];
    const alert = findAlert(stacks, alertId);
    if (!alert) throw new ControlError(404, `alert ${alertId} not found`);
    applyAlertState(alert, parsed);
    this.persist();
    return structuredClone(alert) as unknown as Record<string, unknown>;
  }

  /** Every stack: the open-source server's, then each service's. */
  private stacks(): StackStore[] {
    return [this.app.store.stack, ...[...this.app.store.services.values()].map((s) => s.stack)];
  }

  /**
   * Whether a connection's stored password is `candidate`: how tests learn which password a
   * connection has, since no answer and no dump ever shows it.
   */
  connectionPasswordIs(connectionId: string, candidate: string): boolean {
    const connection = this.stacks()
      .map((stack) => stack.connections.get(connectionId))
      .find((c) => c !== undefined);
    if (!connection) throw new ControlError(404, `connection ${connectionId} not found`);
    return passwordIs(connection, candidate);
  }

  /** Turns a pending invitation into a member of its team, as the invitee's sign-up would; answers the member. */
  acceptInvitation(invitationId: string): Record<string, unknown> {
    const now = new Date().toISOString();
    for (const stack of this.stacks()) {
      const member = acceptInvitation(stack, invitationId, now);
      if (!member) continue;
      this.persist();
      return { ...member };
    }
    throw new ControlError(404, `invitation ${invitationId} not found`);
  }

  /** Empties every store and seeds again (faults, scripts and counters are kept). */
  reset(): void {
    this.app.store.reset();
    this.persist();
  }

  /** Answers one control request over HTTP. */
  handle(method: string, pathname: string, body: ParsedBody): Reply {
    const match = this.routes.match(method, pathname);
    if (!match) return jsonReply(404, { error: `no control route ${method} ${pathname.replace(/\/+$/, "")}` });
    try {
      if (body.kind === "invalid") throw new ControlError(body.status, body.message);
      return match.route.handler(match.params, body.kind === "json" ? body.value : {});
    } catch (error) {
      if (error instanceof ControlError) return jsonReply(error.status, { error: error.message });
      throw error;
    }
  }

  private done(action: () => void): Reply {
    action();
    return jsonReply(200, { ok: true });
  }
}

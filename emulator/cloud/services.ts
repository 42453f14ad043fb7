/**
 * Services of the organization. Any UUID service is created on first use (running), so a
 * test can spread over several. A service can be made idle (answers 424 until woken with
 * `{"command":"awake"}`) or stopped (424, cannot be woken), as the live API does.
 */
import type { StoredPipe } from "./pipe-model";
import type { StoredEndpoint } from "./reverse-private-endpoints";
import type { StackStore } from "../stack/store";
import { advance, schedule, type Timed } from "../timeline";

/** Service states the emulator models. */
export const SERVICE_STATES = ["running", "idle", "awaking", "stopped"] as const;
/** One service state. */
export type ServiceState = (typeof SERVICE_STATES)[number];

/** A service and everything it owns. */
export interface ServiceRecord extends Timed<ServiceState> {
  id: string;
  name: string;
  pipes: Map<string, StoredPipe>;
  endpoints: Map<string, StoredEndpoint>;
  /** The observability stack behind `.../stack`, one per service. */
  stack: StackStore;
}

/** The service as `GET /v1/organizations/{org}/services/{svc}` answers it. */
export function serviceView(service: ServiceRecord): { id: string; name: string; state: ServiceState } {
  return { id: service.id, name: service.name, state: service.state };
}

/** Applies due state changes (awaking → running). */
export function settleService(service: ServiceRecord, now: number): void {
  advance(service, now);
}

/** Why a request under the service is refused (424), or undefined when it runs. */
export function inactiveProblem(service: ServiceRecord): string | undefined {
  return service.state === "running" ? undefined : `service is not running. Current state: ${service.state}`;
}

/** Wakes an idle service: `awaking`, then `running` after `stepMs`; refused when stopped. */
export function awake(service: ServiceRecord, now: number, stepMs: number): string | undefined {
  if (service.state === "stopped") return "service is stopped and cannot be woken; start it first";
  if (service.state === "idle") service.pending = schedule(now, stepMs, ["awaking", "running"] as const);
  advance(service, now);
  return undefined;
}

/** Forces a state (control API). */
export function setServiceState(service: ServiceRecord, state: ServiceState): void {
  service.state = state;
  service.pending = [];
}

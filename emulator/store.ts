/**
 * Everything the emulator holds: the organization's services (each with pipes, reverse
 * private endpoints and its own stack) and the `/api/v2` stack.
 */
import { settle } from "./cloud/pipe-lifecycle";
import type { StoredPipe } from "./cloud/pipe-model";
import { endpointGone, seedEndpoints, type StoredEndpoint } from "./cloud/reverse-private-endpoints";
import type { ServiceRecord } from "./cloud/services";
import { StackStore } from "./stack/store";

/** The emulator's data; `reset` brings it back to the seeded start. */
export class Store {
  readonly services = new Map<string, ServiceRecord>();
  /** The open-source server's stack (`/api/v2`). */
  stack = new StackStore();

  constructor(private readonly defaultServiceId: string) {
    this.reset();
  }

  /** Empties every store and seeds the default service again. */
  reset(): void {
    this.services.clear();
    this.stack = new StackStore({ seed: "server" });
    this.service(this.defaultServiceId);
  }

  /** A service by id, created (running, seeded) on first use. */
  service(id: string): ServiceRecord {
    const key = id.toLowerCase();
    let found = this.services.get(key);
    if (!found) {
      found = {
        id: key,
        name: `service-${key.slice(0, 8)}`,
        state: "running",
        pending: [],
        pipes: new Map(),
        endpoints: seedEndpoints(key),
        stack: new StackStore({ seed: key }),
      };
      this.services.set(key, found);
    }
    return found;
  }

  /** A pipe by id, with due states applied; undefined once it is gone. */
  pipe(service: ServiceRecord, pipeId: string, now: number): StoredPipe | undefined {
    const pipe = service.pipes.get(pipeId);
    if (!pipe) return undefined;
    if (settle(pipe, now)) return pipe;
    service.pipes.delete(pipeId);
    return undefined;
  }

  /** A service's pipes that still exist, due states applied. */
  pipes(service: ServiceRecord, now: number): StoredPipe[] {
    return [...service.pipes.keys()].map((id) => this.pipe(service, id, now)).filter((p): p is StoredPipe => p !== undefined);
  }

  /** An endpoint by id; undefined once a deleted one is gone. */
  endpoint(service: ServiceRecord, endpointId: string, now: number): StoredEndpoint | undefined {
    const endpoint = service.endpoints.get(endpointId);
    if (!endpoint || !endpointGone(endpoint, now)) return endpoint;
    service.endpoints.delete(endpointId);
    return undefined;
  }

  /** A service's endpoints that still exist. */
  endpoints(service: ServiceRecord, now: number): StoredEndpoint[] {
    return [...service.endpoints.keys()].map((id) => this.endpoint(service, id, now)).filter((e): e is StoredEndpoint => e !== undefined);
  }

  /** A pipe in any service (control API). */
  findPipe(pipeId: string, now: number): StoredPipe | undefined {
    for (const service of this.services.values()) {
      const pipe = this.pipe(service, pipeId, now);
      if (pipe) return pipe;
    }
    return undefined;
  }
}

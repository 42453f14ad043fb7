/**
 * Request and fault counts of the API surfaces (control requests are not counted), keyed
 * by method and route template, so tests can assert what a client really sent.
 */

import { keyPaths, RECENT_BODIES, type BodyShape } from "./body-shapes";

/** One injected fault, for tests that check which requests were hit. */
export interface FaultRecord {
  method: string;
  path: string;
  kind: string;
  timing: "before" | "after";
}

/** What `GET /__emulator/stats` answers. */
export interface StatsSnapshot {
  requests: number;
  /** Requests a client marked as a retry (`X-Retry-Count` above 0). */
  retries: number;
  /** `"POST /v1/organizations/{organizationId}/services/{serviceId}/pipes": n`; no route: `"GET (no route)"`. */
  byRoute: Record<string, number>;
  /** Faults by kind (`429`, `500`, ..., `slow`, `scripted`). */
  faults: Record<string, number>;
  /** The last faults injected, oldest first (at most {@link RECENT_FAULTS}). */
  recentFaults: FaultRecord[];
  /** API answers by status (`"200": n`, `"429": n`), faults and rate limits included; dropped connections are none. */
  byStatus: Record<string, number>;
  /** Requests answered 429 by a rate limit (`stackRateLimit`, `cloudRateLimit`), by surface. */
  rateLimited: { stack: number; cloud: number };
}

/** How many fault records are kept. */
export const RECENT_FAULTS = 200;

/** Counters of one emulator. */
export class Stats {
  private requests = 0;
  private retries = 0;
  private byRoute: Record<string, number> = {};
  private faults: Record<string, number> = {};
  private recent: FaultRecord[] = [];
  private byStatus: Record<string, number> = {};
  private limited = { stack: 0, cloud: 0 };
  private shapes: BodyShape[] = [];

  /** Counts one API request. */
  request(method: string, template: string | undefined, retry = false): void {
    this.requests += 1;
    if (retry) this.retries += 1;
    const key = `${method} ${template ?? "(no route)"}`;
    this.byRoute[key] = (this.byRoute[key] ?? 0) + 1;
  }

  /** Counts one API answer by its status. */
  answer(status: number): void {
    this.byStatus[status] = (this.byStatus[status] ?? 0) + 1;
  }

  /** Counts one request a rate limit answered. */
  rateLimited(surface: "stack" | "cloud"): void {
    this.limited[surface] += 1;
  }

  /** Keeps the key paths of one JSON request body (never its values). */
  body(method: string, template: string | undefined, value: unknown): void {
    this.shapes.push({ method, route: `${method} ${template ?? "(no route)"}`, paths: keyPaths(value) });
    if (this.shapes.length > RECENT_BODIES) this.shapes.shift();
  }

  /** The key paths of the last JSON request bodies, oldest first. */
  bodies(): BodyShape[] {
    return structuredClone(this.shapes);
  }

  /** Counts one injected fault. */
  fault(record: FaultRecord): void {
    this.faults[record.kind] = (this.faults[record.kind] ?? 0) + 1;
    this.recent.push(record);
    if (this.recent.length > RECENT_FAULTS) this.recent.shift();
  }

  /** A copy of the counters. */
  snapshot(): StatsSnapshot {
    return structuredClone({
      requests: this.requests,
      retries: this.retries,
      byRoute: this.byRoute,
      faults: this.faults,
      recentFaults: this.recent,
      byStatus: this.byStatus,
      rateLimited: this.limited,
    });
  }

  /** Back to zero. */
  reset(): void {
    this.requests = 0;
    this.retries = 0;
    this.byRoute = {};
    this.faults = {};
    this.recent = [];
    this.shapes = [];
    this.byStatus = {};
    this.limited = { stack: 0, cloud: 0 };
  }
}

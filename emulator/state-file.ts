/**
 * Optional persistence: the whole store as one JSON file, loaded at start and rewritten
 * (atomically, through a temporary file) after every change. The file is the emulator's
 * own working data and keeps what the store keeps, secrets included: keep it local.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import type { StoredPipe } from "./cloud/pipe-model";
import type { StoredEndpoint } from "./cloud/reverse-private-endpoints";
import type { ServiceState } from "./cloud/services";
import {
  StackStore,
  type StoredAlert,
  type StoredDashboard,
  type StoredConnection,
  type StoredSavedSearch,
  type StoredSource,
  type StoredWebhook,
} from "./stack/store";
import type { Store } from "./store";
import { seededConnection } from "./stack/seed";
import type { Step } from "./timeline";

interface StackSnapshot {
  dashboards: StoredDashboard[];
  alerts: StoredAlert[];
  sources: StoredSource[];
  /** Absent in files written before connections were kept. */
  connections?: StoredConnection[];
  /** Absent in files written before saved searches and webhooks were kept. */
  savedSearches?: StoredSavedSearch[];
  webhooks?: StoredWebhook[];
}

interface ServiceSnapshot {
  id: string;
  name: string;
  state: ServiceState;
  pending: Step<ServiceState>[];
  pipes: StoredPipe[];
  endpoints: StoredEndpoint[];
  stack: StackSnapshot;
}

interface Snapshot {
  version: 1;
  services: ServiceSnapshot[];
  stack: StackSnapshot;
}

function dumpStack(stack: StackStore): StackSnapshot {
  return {
    dashboards: [...stack.dashboards.values()],
    alerts: [...stack.alerts.values()],
    sources: stack.sources,
    connections: stack.connections,
    savedSearches: [...stack.savedSearches.values()],
    webhooks: [...stack.webhooks.values()],
  };
}

function loadStack(snapshot: StackSnapshot): StackStore {
  // An older file has no connections: one per connection its sources name.
  const named = [...new Set(snapshot.sources.map((s) => s.connection))].map((id) => ({ ...seededConnection("server"), id }));
  const stack = new StackStore({ sources: snapshot.sources, connections: snapshot.connections ?? named, webhooks: snapshot.webhooks });
  for (const s of snapshot.savedSearches ?? []) stack.savedSearches.set(s.id, s);
  for (const d of snapshot.dashboards) stack.dashboards.set(d.id, d);
  for (const a of snapshot.alerts) stack.alerts.set(a.id, a);
  return stack;
}

/** Writes the store to `file`. */
export function saveState(store: Store, file: string): void {
  const snapshot: Snapshot = {
    version: 1,
    services: [...store.services.values()].map((s) => ({
      id: s.id,
      name: s.name,
      state: s.state,
      pending: s.pending,
      pipes: [...s.pipes.values()],
      endpoints: [...s.endpoints.values()],
      stack: dumpStack(s.stack),
    })),
    stack: dumpStack(store.stack),
  };
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(snapshot, null, 2)}\n`);
  renameSync(temporary, file);
}

/** Replaces the store's content with `file`'s; false when the file does not exist yet. */
export function loadState(store: Store, file: string): boolean {
  if (!existsSync(file)) return false;
  const snapshot = JSON.parse(readFileSync(file, "utf8")) as Snapshot;
  if (snapshot.version !== 1 || !Array.isArray(snapshot.services)) throw new Error(`${file} is not an emulator state file`);
  store.services.clear();
  for (const s of snapshot.services) {
    store.services.set(s.id, {
      id: s.id,
      name: s.name,
      state: s.state,
      pending: s.pending,
      pipes: new Map(s.pipes.map((p) => [p.id, p])),
      endpoints: new Map(s.endpoints.map((e) => [e.id, e])),
      stack: loadStack(s.stack),
    });
  }
  store.stack = loadStack(snapshot.stack);
  return true;
}

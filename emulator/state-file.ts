/**
 * Optional persistence: the whole store as one JSON file, loaded at start and rewritten
 * (atomically, through a temporary file) after every change. The file is the emulator's
 * own working data and keeps what the store keeps, secrets included: keep it local.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import type { StoredPipe } from "./cloud/pipe-model";
import type { StoredEndpoint } from "./cloud/reverse-private-endpoints";
import type { ServiceState } from "./cloud/services";
import { COLLECTION_KEYS, STACK_COLLECTIONS } from "./stack/collections";
import type { CollectionKey, StackLists, StackShapes } from "./stack/records";
import { StackStore, type StackSeed } from "./stack/store";
import type { Store } from "./store";
import type { Step } from "./timeline";

/** Every collection of the table; a file written before a collection was kept has no list for it. */
type StackSnapshot = Partial<StackLists>;

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

/** Every collection as kept, write-only values included (the file is the emulator's own working data). */
function dumpStack(stack: StackStore): StackLists {
  const list = <K extends CollectionKey>(key: K) => [...stack[key].values()];
  return Object.fromEntries(COLLECTION_KEYS.map((key) => [key, list(key)])) as unknown as StackLists;
}

/** A stack from a file: each collection as written, or what its row restores for a file that predates it. */
function loadStack(snapshot: StackSnapshot): StackStore {
  const kept = <K extends CollectionKey>(key: K): StackShapes[K][] | undefined => snapshot[key] ?? STACK_COLLECTIONS[key].fromOlderFile?.(snapshot);
  const lists = COLLECTION_KEYS.flatMap((key) => {
    const list = kept(key);
    return list ? [[key, list] as const] : [];
  });
  return new StackStore({ seed: "server", ...(Object.fromEntries(lists) as StackSeed) });
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

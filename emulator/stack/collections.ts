/**
 * The stack's collections in one table: a row per collection, keyed as the store, the control
 * dump and the state file key it. From it come the store's maps (`store.ts`), the control dump
 * (`control.ts`), the state file (`state-file.ts`), the rate-limited mounts (`rate-limit.ts`),
 * the current generation's generic routes (`operations-current.ts`, whose handlers are keyed
 * by the same keys) and the tests' reader of what a program made (`test/support/stored.ts`).
 * A collection added here is in all of them, or the build fails.
 */
import { seededConnection, seededMember, seededSources, seededWebhook } from "./seed";
import type { CollectionKey, StackLists, StackMaps, StackShapes, StoredConnection, StoredInvitation, StoredWebhook } from "./records";

/** One collection of a stack. */
export interface StackCollection<Stored> {
  /** Where the current server lists it, below the surface's base (`/api/v2`, or a service's `/stack`). */
  path: string;
  /** `paged`: the list takes `limit` and `offset` and answers `meta` (and `X-Total-Count`); `whole`: every object, no `meta`. */
  paging: "paged" | "whole";
  /**
   * What a fresh stack holds, made by the server (its default sources, the key's user, ...) and
   * not by any program; everything else in the collection a program (or a test) made.
   */
  seed(stackSeed: string): Stored[];
  /** The object in the control dump: its write-only values left out or redacted. */
  dump(stored: Stored): Record<string, unknown>;
  /** What a state file written before the collection was kept restores; without it, the seed. */
  fromOlderFile?(file: Partial<StackLists>): Stored[] | undefined;
}

/** As stored: nothing of it is write-only. */
const asStored = <T extends object>(stored: T): Record<string, unknown> => ({ ...stored }) as Record<string, unknown>;

/** Webhook headers and query parameters are write-only secrets: keys shown, values not. */
function redactValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.keys(values).map((k) => [k, "(redacted)"]));
}

function webhookDump({ headers, queryParams, ...rest }: StoredWebhook): Record<string, unknown> {
  return { ...rest, ...(headers ? { headers: redactValues(headers) } : {}), ...(queryParams ? { queryParams: redactValues(queryParams) } : {}) };
}

/** A connection without its password (the control API's password check says which one it has). */
function connectionDump({ password: _password, ...rest }: StoredConnection): Record<string, unknown> {
  return { ...rest };
}

/** An invitation without its token (the invite URL's secret). */
function invitationDump({ token: _token, ...rest }: StoredInvitation): Record<string, unknown> {
  return { ...rest };
}

/** Every collection of a stack, in the order the dump and the state file list them. */
export const STACK_COLLECTIONS: { readonly [K in CollectionKey]: StackCollection<StackShapes[K]> } = {
  dashboards: { path: "/dashboards", paging: "whole", seed: () => [], dump: asStored },
  alerts: { path: "/alerts", paging: "paged", seed: () => [], dump: asStored },
  savedSearches: { path: "/saved-searches", paging: "paged", seed: () => [], dump: asStored },
  webhooks: { path: "/webhooks", paging: "paged", seed: () => [seededWebhook()], dump: webhookDump },
  connections: {
    path: "/connections",
    paging: "whole",
    seed: (stackSeed) => [seededConnection(stackSeed)],
    dump: connectionDump,
    // Files of releases before connections were kept: one per connection their sources name.
    fromOlderFile: (file) => file.sources && [...new Set(file.sources.map((s) => s.connection))].map((id) => ({ ...seededConnection("server"), id })),
  },
  sources: { path: "/sources", paging: "whole", seed: seededSources, dump: asStored },
  members: { path: "/team/members", paging: "whole", seed: () => [seededMember()], dump: asStored },
  invitations: { path: "/team/invitations", paging: "whole", seed: () => [], dump: invitationDump },
};

/** The collections' keys, in the table's order. */
export const COLLECTION_KEYS = Object.keys(STACK_COLLECTIONS) as CollectionKey[];

/** The mount a path is served under: its first segment (`/team/members` is under `team`). */
export const mountOf = (path: string): string => path.split("/")[1] ?? "";

/** Every collection's objects as the control dump shows them, in the table's order. */
export function dumpCollections(maps: StackMaps): Record<CollectionKey, Record<string, unknown>[]> {
  const dumped = <K extends CollectionKey>(key: K) => [...maps[key].values()].map((o) => STACK_COLLECTIONS[key].dump(o));
  return Object.fromEntries(COLLECTION_KEYS.map((key) => [key, dumped(key)])) as Record<CollectionKey, Record<string, unknown>[]>;
}

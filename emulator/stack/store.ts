/**
 * One observability stack's data: one map per collection of the table (`collections.ts`).
 * The `/api/v2` surface has one store and every cloud service has its own. The records hold
 * what either generation needs; each generation's views pick their fields.
 */
import { randomBytes } from "node:crypto";
import { COLLECTION_KEYS, STACK_COLLECTIONS } from "./collections";

export { SEEDED_WEBHOOK_ID } from "./seed";

/** A series as stored by the contract's generation, defaults filled in. */
export interface StoredSeries {
  type: string;
  dataSource: string;
  aggFn?: string;
  field?: string;
  where: string;
  groupBy: string[];
}

/** A tile's `config` in the form the current generation reads it back (JSON object). */
export type TileConfig = Record<string, unknown>;

/** A tile as stored, with its server-assigned id: `series` (2.0.0) or `config` (2.36.0). */
export interface StoredTile {
  id: string;
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
  asRatio?: boolean;
  series?: StoredSeries[];
  config?: TileConfig;
  containerId?: string;
  tabId?: string;
}

/** A dashboard as stored; the fields after `tags` exist on the current generation only. */
export interface StoredDashboard {
  id: string;
  name: string;
  tiles: StoredTile[];
  tags: string[];
  filters?: Record<string, unknown>[];
  savedQuery?: string | null;
  savedQueryLanguage?: string | null;
  savedFilterValues?: Record<string, unknown>[];
  containers?: Record<string, unknown>[];
  createdAt: string;
  updatedAt: string;
}

/** A notification target of an alert. */
export interface StoredChannel {
  type: "webhook";
  webhookId: string;
}

/** An alert's silence (current generation). */
export interface StoredSilence {
  by?: string;
  at: string;
  until: string;
}

/** An alert as stored. */
export interface StoredAlert {
  id: string;
  threshold: number;
  thresholdMax?: number;
  interval: string;
  /** `search` on the contract's generation, `saved_search` on the current one. */
  source: "tile" | "search" | "saved_search";
  thresholdType: string;
  channel: StoredChannel;
  channels?: StoredChannel[];
  dashboardId: string | null;
  tileId: string | null;
  savedSearchId: string | null;
  groupBy: string | null;
  name: string | null;
  message: string | null;
  note?: string | null;
  numConsecutiveWindows?: number | null;
  scheduleOffsetMinutes?: number;
  scheduleStartAt?: string | null;
  state: string;
  team: string;
  /** `false` on the contract's generation; absent or a silence on the current one. */
  silenced: boolean | StoredSilence | null;
  createdAt: string;
  updatedAt: string;
}

/** The kinds of source the current server takes. */
export const SOURCE_KINDS = ["log", "trace", "session", "metric", "promql"] as const;

/** A data source in the server's answer shape: these four, then its kind's fields (`from`, expressions, ...). */
export interface StoredSource {
  id: string;
  name: string;
  kind: (typeof SOURCE_KINDS)[number];
  connection: string;
  [field: string]: unknown;
}

/** A database connection; `password` is write-only (never answered, never in the control dump). */
export interface StoredConnection {
  id: string;
  name: string;
  host: string;
  username: string;
  /** Absent in state files written before connections were writable: read as empty. */
  password?: string;
  hyperdxSettingPrefix?: string;
  isPrometheusEndpoint?: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A pending invitation to the team; `token` (the invite URL's secret) is never in the control dump. */
export interface StoredInvitation {
  id: string;
  email: string;
  name?: string;
  token: string;
  createdAt: string;
}

/** A member (user) of the team. */
export interface StoredMember {
  id: string;
  email: string;
  name: string;
  createdAt: string;
}

/** A saved search (current generation). */
export interface StoredSavedSearch {
  id: string;
  name: string;
  sourceId: string;
  select: string;
  where: string;
  whereLanguage: string;
  orderBy: string;
  tags: string[];
  filters: Record<string, unknown>[];
  createdAt: string;
  updatedAt: string;
}

/** A webhook (current generation); `headers` and `queryParams` are write-only secrets. */
export interface StoredWebhook {
  id: string;
  name: string;
  service: "slack" | "generic" | "incidentio";
  url: string;
  description?: string;
  body?: string;
  headers?: Record<string, string>;
  queryParams?: Record<string, string>;
  createdAt: string;
  updatedAt: string;
}

/** The team every object belongs to: the emulator has one. */
export const TEAM_ID = "65f0c0de0000000000000001";

/**
 * A 24-hex-digit ObjectId, the shape the stack server uses for its documents: four bytes of
 * creation time (Unix seconds), then eight random bytes.
 */
export function documentId(now: number = Date.now()): string {
  return (
    Math.floor(now / 1000)
      .toString(16)
      .padStart(8, "0")
      .slice(-8) + randomBytes(8).toString("hex")
  );
}

/** The stored shape of each collection, by its key in the store, the dump and the state file. */
export interface StackShapes {
  dashboards: StoredDashboard;
  alerts: StoredAlert;
  savedSearches: StoredSavedSearch;
  webhooks: StoredWebhook;
  connections: StoredConnection;
  sources: StoredSource;
  members: StoredMember;
  invitations: StoredInvitation;
}

/** A collection's key. */
export type CollectionKey = keyof StackShapes;

/** Every collection as a list (state file, seeds). */
export type StackLists = { [K in CollectionKey]: StackShapes[K][] };

/** Every collection as a map by id, in insertion order (the order lists answer). */
export type StackMaps = { readonly [K in CollectionKey]: Map<string, StackShapes[K]> };

/** What a stack starts with: `seed` derives the seeded ids; each list given replaces that collection's seed. */
export type StackSeed = Partial<StackLists> & {
  /** Seed of the derived ids: `server` for `/api/v2`, the service id for a service's stack. @default "server" */
  seed?: string;
};

/** One map per collection of the table, each filled from the start or the row's seed. */
function collectionMaps(start: StackSeed): StackMaps {
  const seed = start.seed ?? "server";
  const lists: Partial<StackLists> = start;
  const map = <K extends CollectionKey>(key: K): Map<string, StackShapes[K]> => {
    const given = lists[key];
    return new Map((given ?? STACK_COLLECTIONS[key].seed(seed)).map((o): [string, StackShapes[K]] => [o.id, o]));
  };
  return Object.fromEntries(COLLECTION_KEYS.map((key) => [key, map(key)])) as unknown as StackMaps;
}

/** A base class whose instances carry the collections' maps as their own fields (`store.dashboards`, ...). */
const WithCollections = class {
  constructor(maps: StackMaps) {
    Object.assign(this, maps);
  }
} as new (maps: StackMaps) => StackMaps;

/** Everything of one stack: a map per collection of the table. */
export class StackStore extends WithCollections {
  constructor(start: StackSeed = {}) {
    super(collectionMaps(start));
  }

  /** Ids of the stack's connections (raw SQL tiles name one). */
  connectionIds(): Set<string> {
    return new Set(this.connections.keys());
  }
}

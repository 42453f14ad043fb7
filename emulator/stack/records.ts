/**
 * What one stack holds, collection by collection, in the shape the emulator stores it: the
 * records the seed (`seed.ts`), the collections' table (`collections.ts`) and the store
 * (`store.ts`) all speak of: shapes, no store, so each of them stands on it and none on another.
 */

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

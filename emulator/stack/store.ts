/**
 * One observability stack's data: dashboards, alerts, sources, saved searches and
 * webhooks. The `/api/v2` surface has one store and every cloud service has its own. The
 * records hold what either generation needs; each generation's views pick their fields.
 */
import { randomBytes } from "node:crypto";
import { seededConnection, seededSources, seededWebhook } from "./seed";

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

/** A data source (list only), in the server's shape: these four, then its kind's fields (`from`, expressions, ...). */
export interface StoredSource {
  id: string;
  name: string;
  kind: "log" | "trace" | "metric" | "session";
  connection: string;
  [field: string]: unknown;
}

/** A connection (list only), as the server answers it: never its password. */
export interface StoredConnection {
  id: string;
  name: string;
  host: string;
  username: string;
  createdAt: string;
  updatedAt: string;
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

/** What a stack starts with; each part defaults to the seeded one (seed.ts). */
export interface StackSeed {
  /** Seed of the derived ids: `server` for `/api/v2`, the service id for a service's stack. @default "server" */
  seed?: string;
  sources?: StoredSource[];
  connections?: StoredConnection[];
  webhooks?: StoredWebhook[];
}

/** Everything of one stack. */
export class StackStore {
  readonly dashboards = new Map<string, StoredDashboard>();
  readonly alerts = new Map<string, StoredAlert>();
  readonly savedSearches = new Map<string, StoredSavedSearch>();
  readonly webhooks = new Map<string, StoredWebhook>();
  readonly sources: StoredSource[];
  readonly connections: StoredConnection[];

  constructor(start: StackSeed = {}) {
    const seed = start.seed ?? "server";
    this.sources = start.sources ?? seededSources(seed);
    this.connections = start.connections ?? [seededConnection(seed)];
    for (const webhook of start.webhooks ?? [seededWebhook()]) this.webhooks.set(webhook.id, webhook);
  }

  /** Ids of the connections the sources live on (raw SQL tiles name one). */
  connectionIds(): Set<string> {
    return new Set(this.sources.map((s) => s.connection));
  }
}

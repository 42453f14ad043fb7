/**
 * One observability stack's data: dashboards, alerts and sources. The `/api/v2` surface has
 * one store and every cloud service has its own.
 */
import { randomBytes } from "node:crypto";

/** A series as stored, defaults filled in. */
export interface StoredSeries {
  type: string;
  dataSource: string;
  aggFn?: string;
  field?: string;
  where: string;
  groupBy: string[];
}

/** A tile as stored, with its server-assigned id. */
export interface StoredTile {
  id: string;
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
  asRatio: boolean;
  series: StoredSeries[];
}

/** A dashboard as stored. */
export interface StoredDashboard {
  id: string;
  name: string;
  tiles: StoredTile[];
  tags: string[];
  createdAt: string;
  updatedAt: string;
}

/** An alert as stored. */
export interface StoredAlert {
  id: string;
  threshold: number;
  interval: string;
  source: "tile" | "search";
  thresholdType: "above" | "below";
  channel: { type: "webhook"; webhookId: string };
  dashboardId: string | null;
  tileId: string | null;
  savedSearchId: string | null;
  groupBy: string | null;
  name: string | null;
  message: string | null;
  state: string;
  team: string;
  silenced: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A data source (list only). */
export interface StoredSource {
  id: string;
  name: string;
  kind: "log" | "trace" | "metric";
  connection: string;
}

/** The team every object belongs to: the emulator has one. */
export const TEAM_ID = "65f0c0de0000000000000001";

/**
 * A 24-hex-digit ObjectId, the shape the stack server uses for its documents: four bytes of
 * creation time (Unix seconds), then eight random bytes.
 */
export function documentId(now: number = Date.now()): string {
  return Math.floor(now / 1000).toString(16).padStart(8, "0").slice(-8) + randomBytes(8).toString("hex");
}

/** Dashboards, alerts and sources of one stack. */
export class StackStore {
  readonly dashboards = new Map<string, StoredDashboard>();
  readonly alerts = new Map<string, StoredAlert>();
  readonly sources: StoredSource[];

  constructor(sources?: StoredSource[]) {
    const connection = documentId();
    this.sources = sources ?? [
      { id: documentId(), name: "Logs", kind: "log", connection },
      { id: documentId(), name: "Traces", kind: "trace", connection },
      { id: documentId(), name: "Metrics", kind: "metric", connection },
    ];
  }
}

/**
 * How the emulator keeps a pipe: close to the create request (secrets included, as the live
 * service must keep them to connect), plus lifecycle bookkeeping. What clients see is built
 * from it in `pipe-view.ts`.
 */
import type { JsonObject } from "../http/body";
import type { Step } from "../timeline";

/** Pipe states of the live API. */
export const PIPE_STATES = [
  "Unknown",
  "Provisioning",
  "Running",
  "Degraded",
  "Stopping",
  "Stopped",
  "Failed",
  "Completed",
  "InternalError",
  "Setup",
  "Snapshot",
  "Paused",
  "Pausing",
  "Modifying",
  "Resync",
] as const;
/** One pipe state. */
export type PipeState = (typeof PIPE_STATES)[number];

/** Source kinds the emulator runs. */
export const SOURCE_KINDS = ["kafka", "objectStorage", "kinesis", "postgres", "pubsub", "mysql", "mongodb", "bigquery"] as const;
/** One source kind. */
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Kinds that replicate database tables through table mappings. */
export const DATABASE_KINDS: readonly SourceKind[] = ["postgres", "mysql", "mongodb", "bigquery"];
/** Kinds that take scaling (the database kinds do not). */
export const SCALABLE_KINDS: readonly SourceKind[] = ["kafka", "kinesis", "objectStorage", "pubsub"];
/** Kinds that read back with default scaling when created without it. */
export const STREAMING_KINDS: readonly SourceKind[] = ["kafka", "kinesis", "pubsub"];

/** A create body that passed every rule, split the way the store keeps it. */
export interface PipeDraft {
  name: string;
  kind: SourceKind;
  /** The kind's source object as sent, secrets included. */
  source: JsonObject;
  validateSamples: boolean | null;
  /** As sent, `roles` included. */
  destination: JsonObject;
  fieldMappings: JsonObject[];
  scaling: JsonObject | null;
  settings: JsonObject | null;
}

/** A pipe as stored: the validated create body (source secrets included) and its life. */
export interface StoredPipe extends PipeDraft {
  id: string;
  serviceId: string;
  state: PipeState;
  /** Why the pipe failed; shown as `stateReason` while it is Failed. */
  stateReason: string | null;
  pending: Step<PipeState>[];
  /** When a deleted pipe disappears (ms since the epoch); null while not deleted. */
  deleteAt: number | null;
  createdAt: string;
  updatedAt: string;
  /** Set by PATCH /scaling: the next GET of this pipe lacks cpu and memory (a live quirk). */
  scalingGap: boolean;
}

/** A pipe as it is first stored, from its validated create body: no step pending, nothing failed. Pure. */
export function newStoredPipe(id: string, serviceId: string, draft: PipeDraft, state: PipeState, stamp: string): StoredPipe {
  return { id, serviceId, ...draft, state, stateReason: null, pending: [], deleteAt: null, createdAt: stamp, updatedAt: stamp, scalingGap: false };
}

/** Secret or write-only members of each kind's source object: never in a response. */
export const SOURCE_SECRETS: Record<SourceKind, readonly string[]> = {
  kafka: ["credentials"],
  objectStorage: ["accessKey", "serviceAccountKey"],
  kinesis: ["accessKey"],
  postgres: ["credentials"],
  pubsub: ["serviceAccountKey"],
  mysql: ["credentials"],
  mongodb: ["credentials"],
  bigquery: ["credentials"],
};

/** The consumer group a kafka pipe uses, sent or defaulted. */
export function consumerGroupOf(pipe: StoredPipe): string | undefined {
  if (pipe.kind !== "kafka") return undefined;
  const sent = pipe.source.consumerGroup;
  return typeof sent === "string" && sent !== "" ? sent : `pipes-${pipe.id}`;
}

/** `database.table` names a pipe writes to (one per mapping for the database kind). */
export function tablesOf(kind: SourceKind, source: JsonObject, destination: JsonObject): string[] {
  const database = typeof destination.database === "string" ? destination.database : "";
  if (DATABASE_KINDS.includes(kind)) {
    const mappings = Array.isArray(source.tableMappings) ? source.tableMappings : [];
    return mappings
      .map((m) => (typeof m === "object" && m !== null ? (m as JsonObject).targetTable : undefined))
      .filter((t): t is string => typeof t === "string")
      .map((t) => `${database}.${t}`);
  }
  return typeof destination.table === "string" ? [`${database}.${destination.table}`] : [];
}

/** True once a DELETE was accepted (the pipe still reads, as Stopping, until `deleteAt`). */
export function isDeleting(pipe: StoredPipe): boolean {
  return pipe.deleteAt !== null;
}

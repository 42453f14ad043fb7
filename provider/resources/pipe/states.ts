import { databaseKinds, sourceKinds, type SourceKind } from "./source";
import { isObj } from "../../engine/canonical";
import type { PipeInputs } from "./policy";

/** The source kind a pipe's inputs or outputs set. */
export function kindOf(props: PipeInputs): SourceKind | undefined {
  const source = props.source;
  return isObj(source) ? sourceKinds.find((k) => source[k] != null) : undefined;
}

/**
 * The run state `stopped` reads back: stopped or paused (or on the way there), and `Failed`, so
 * that `stopped: false` starts a failed pipe again.
 */
export function isStoppedState(state: string | null | undefined): boolean {
  return ["Stopped", "Stopping", "Paused", "Pausing", "Failed"].includes(state ?? "");
}

/** The state a new or changed pipe settles in; one asked to be stopped settles `Stopped`/`Paused`. */
export function isSettled(kind: SourceKind | undefined, props: PipeInputs, state: string | null | undefined): boolean {
  if (props.stopped === true) return state === "Stopped" || state === "Paused";
  // A snapshot-only database pipe loads once and ends `Completed`: that is done, not stuck.
  if (isDatabaseKind(kind)) return state === "Running" || state === "Snapshot" || (state === "Completed" && isSnapshotOnly(kind, props));
  if (kind === "objectStorage" && !props.source.objectStorage?.isContinuous) return state === "Completed";
  return state === "Running";
}

/**
 * A pipe that loads once and ends `Completed` (a one-off object-storage pipe, a snapshot-only
 * database pipe). It may end before a rename right after its POST could reach it, and a
 * completed pipe takes no update: such a pipe is created under its own name, with no marker.
 */
export function loadsOnce(props: PipeInputs): boolean {
  const kind = kindOf(props);
  if (kind === "objectStorage") return !props.source.objectStorage?.isContinuous;
  return isDatabaseKind(kind) && isSnapshotOnly(kind, props);
}

/** A kind that replicates database tables (pauses to edit its mappings, takes resync). */
function isDatabaseKind(kind: SourceKind | undefined): kind is (typeof databaseKinds)[number] {
  return (databaseKinds as readonly (SourceKind | undefined)[]).includes(kind);
}

/** A database pipe that loads once and ends `Completed` (bigquery always does). */
function isSnapshotOnly(kind: SourceKind, props: PipeInputs): boolean {
  if (kind === "bigquery") return true;
  const source = props.source[kind] as { settings?: { replicationMode?: string } } | null | undefined;
  return source?.settings?.replicationMode === "snapshot";
}

/** Stopped or paused, or on the way there: a pipe in one of these never runs again by itself. */
export function isHalted(state: string | null | undefined): boolean {
  return ["Stopped", "Stopping", "Paused", "Pausing"].includes(state ?? "");
}

export function isFailed(state: string | null | undefined): boolean {
  return state === "Failed" || state === "InternalError";
}

/**
 * A one-off pipe that ended `Completed` refuses every update, so each change it would take in
 * place needs a new pipe instead (the preview shows a replacement). The provider's own fields
 * (`waitTimeoutSeconds`), never sent, still change in place.
 */
export function completedReplaces<C extends { path: string; kind: string }>(state: unknown, changes: C[]): C[] {
  if (state !== "Completed") return changes;
  return changes.map((c) => (c.kind === "update" && c.path !== "waitTimeoutSeconds" ? { ...c, kind: "replace" } : c));
}

/**
 * Pipe states over time. Each change schedules the states to come, `stepMs` apart; reads
 * apply the ones that are due (see `timeline.ts`). The sequences follow the behaviour notes:
 * streaming and object storage `Provisioning → Running` (a one-off object storage pipe then
 * `Completed`; a snapshot-only database pipe ends `Completed` too), database `Provisioning → Setup → Snapshot → Running`.
 */
import { isObject } from "../http/body";
import { advance, schedule } from "../timeline";
import { DATABASE_KINDS, type PipeState, type StoredPipe } from "./pipe-model";

/** Reason shown for pipes that fail on purpose (names starting `fail-`). */
export const FAIL_REASON = "source unreachable: connection refused";

/** Tests get a failing pipe by name, so no extra request field is needed. */
export function failsByName(name: string): boolean {
  return name.startsWith("fail-");
}

/** The commands of PATCH `/pipes/{id}/state`. */
export type PipeCommand = "start" | "stop" | "resync";

function isDatabase(pipe: StoredPipe): boolean {
  return DATABASE_KINDS.includes(pipe.kind);
}

/** A database pipe whose `settings.replicationMode` is `snapshot` (a bigquery pipe always is): one load, then `Completed`. */
function isSnapshotOnly(pipe: StoredPipe): boolean {
  const settings = pipe.source.settings;
  return pipe.kind === "bigquery" || (isDatabase(pipe) && isObject(settings) && settings.replicationMode === "snapshot");
}

function isOneOff(pipe: StoredPipe): boolean {
  return (pipe.kind === "objectStorage" && pipe.source.isContinuous !== true) || isSnapshotOnly(pipe);
}

/** Why a change to a pipe is refused: a one-off pipe that ended `Completed` takes no updates. */
export function completedRefusal(pipe: StoredPipe): string | undefined {
  return pipe.state === "Completed" ? `pipe ${pipe.id} is Completed: a completed one-off pipe cannot be updated (create a new pipe)` : undefined;
}

/** From `Provisioning` to where a healthy (or a `fail-`) pipe settles. */
function provisioningRun(pipe: StoredPipe): PipeState[] {
  if (failsByName(pipe.name)) return ["Provisioning", "Failed"];
  if (isSnapshotOnly(pipe)) return ["Provisioning", "Setup", "Snapshot", "Completed"];
  if (isDatabase(pipe)) return ["Provisioning", "Setup", "Snapshot", "Running"];
  if (isOneOff(pipe)) return ["Provisioning", "Running", "Completed"];
  return ["Provisioning", "Running"];
}

/** Replaces whatever was still to come with `states`, the first one current at once. */
function begin(pipe: StoredPipe, states: readonly PipeState[], now: number, stepMs: number): void {
  pipe.pending = schedule(now, stepMs, states).map((step) => (step.state === "Failed" ? { ...step, reason: FAIL_REASON } : step));
  settle(pipe, now);
}

/** Applies due states; false once a deleted pipe is gone (the caller drops it). */
export function settle(pipe: StoredPipe, now: number): boolean {
  if (pipe.deleteAt !== null && now >= pipe.deleteAt) return false;
  for (const step of advance(pipe, now)) {
    pipe.stateReason = step.state === "Failed" ? (step.reason ?? FAIL_REASON) : null;
  }
  return true;
}

/** Starts a new pipe's lifecycle. */
export function startLifecycle(pipe: StoredPipe, now: number, stepMs: number): void {
  begin(pipe, provisioningRun(pipe), now, stepMs);
}

/** Applies a state command, or returns why it is refused (a 400). */
export function applyCommand(pipe: StoredPipe, command: PipeCommand, now: number, stepMs: number): string | undefined {
  switch (command) {
    case "stop": {
      // Allowed from any state; a stopped (or paused) pipe stays as it is.
      if (pipe.state === "Stopped" || pipe.state === "Paused") return undefined;
      begin(pipe, isDatabase(pipe) ? ["Pausing", "Paused"] : ["Stopping", "Stopped"], now, stepMs);
      return undefined;
    }
    case "start": {
      if (!["Stopped", "Paused", "Failed"].includes(pipe.state)) {
        return `pipe cannot be started from state ${pipe.state}`;
      }
      // A paused database pipe resumes replication; other kinds provision again.
      begin(pipe, isDatabase(pipe) && !failsByName(pipe.name) ? ["Running"] : provisioningRun(pipe), now, stepMs);
      return undefined;
    }
    case "resync": {
      if (!isDatabase(pipe)) return `resync is only supported for database (${DATABASE_KINDS.join(", ")}) pipes`;
      begin(pipe, ["Resync", "Running"], now, stepMs);
      return undefined;
    }
    default:
      throw new Error(`unknown pipe command ${String(command satisfies never)}`);
  }
}

/** Marks a pipe deleted: it reads `Stopping` for `stepMs`, then is gone. */
export function markDeleted(pipe: StoredPipe, now: number, stepMs: number): void {
  pipe.state = "Stopping";
  pipe.stateReason = null;
  pipe.pending = [];
  pipe.deleteAt = now + stepMs;
}

/** Forces a state (control API); no further states are scheduled. */
export function forceState(pipe: StoredPipe, state: PipeState, reason?: string): void {
  pipe.state = state;
  pipe.pending = [];
  pipe.stateReason = state === "Failed" || state === "InternalError" ? (reason ?? FAIL_REASON) : (reason ?? null);
}

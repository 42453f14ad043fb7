import type { CloudService } from "../../client/cloud";
import type { PipeInputs } from "./policy";
import { settle, type Settling } from "../../engine/cloud-object";
import { pipeWhereabouts } from "./api";
import { pipeOutputs, type ApiPipe } from "./body";
import { isFailed, isHalted, isSettled, kindOf } from "./states";

/**
 * What a wait expects of the pipe's run state:
 * - `stopped`: the program says `stopped: true`; it settles `Stopped`/`Paused`.
 * - `running`: a new pipe, or `stopped: false` with no start sent. A pipe that reads stopped or
 *   paused never starts by itself, so that ends the wait at once, with the remedy.
 * - `started`: a start was just sent; a stopped state may lag a moment behind it.
 * - `as-is`: the program leaves the run state out; a pipe stopped outside Pulumi takes the change
 *   and stays stopped (the API updates a stopped pipe: mapping edits even require it).
 */
export type RunTarget = "stopped" | "running" | "started" | "as-is";

/** The run state the program asks for: `stopped: true`, `false`, or left out (not managed). Pure. */
export function runTargetOf(props: PipeInputs): RunTarget {
  if (props.stopped === true) return "stopped";
  return props.stopped === false ? "running" : "as-is";
}

const STAYS_STOPPED =
  "a stopped pipe does not start by itself: set `stopped: false` to start it (after `pulumi refresh`, so the preview shows the start), or `stopped: true` to keep it stopped";

/** Why waiting longer is no use for `target`, or undefined. Pure. */
export function hopeless(target: RunTarget, p: Pick<ApiPipe, "state" | "stateReason">): string | undefined {
  if (isFailed(p.state)) return `${p.state}${p.stateReason ? `: ${p.stateReason}` : ""}`;
  if (target === "running" && isHalted(p.state)) return `${p.state}, and ${STAYS_STOPPED}`;
  return undefined;
}

/** Whether the pipe is where a wait for `target` ends. Pure. */
export function reachedFor(target: RunTarget, props: PipeInputs, state: string | null | undefined): boolean {
  const stopped = state === "Stopped" || state === "Paused";
  if (target === "stopped") return stopped;
  const running = isSettled(kindOf(props), { ...props, stopped: undefined }, state);
  return running || (target === "as-is" && stopped);
}

/** What a wait for a pipe waits for: the state it settles in for `props` and `target`. */
function settling(svc: CloudService, props: PipeInputs, target: RunTarget): Settling<ApiPipe> {
  return {
    whereabouts: (id) => pipeWhereabouts(svc, id),
    status: (p) => p.state,
    reached: (p) => reachedFor(target, props, p.state),
    failed: (p) => hopeless(target, p),
    notReached: "did not settle",
    label: (p) => `${p.id} ("${p.name}")`,
    outputs: (p) => pipeOutputs(p, props),
  };
}

/**
 * Waits until a new or changed pipe settles; `Failed`, or a stopped pipe the wait needs running,
 * is an error at once, carrying the API's reason or the remedy (see `settle`).
 */
export function settlePipe(svc: CloudService, pipe: ApiPipe, props: PipeInputs, what: string, target: RunTarget = runTargetOf(props)): Promise<ApiPipe> {
  return settle(settling(svc, props, target), pipe, props, what);
}

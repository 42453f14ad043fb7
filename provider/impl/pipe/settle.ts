import type { CloudService } from "../../client/cloud";
import type { PipeInputs } from "../../schemas/pipe-props";
import { settle, type Settling } from "../cloud-object";
import { pipeWhereabouts } from "./api";
import { pipeOutputs, type ApiPipe } from "./outputs";
import { isFailed, isSettled, kindOf } from "./states";

/** What a wait for a pipe waits for: the state it settles in for `props`; `Failed` ends the wait. */
function settling(svc: CloudService, props: PipeInputs): Settling<ApiPipe> {
  const kind = kindOf(props);
  return {
    whereabouts: (id) => pipeWhereabouts(svc, id),
    status: (p) => p.state,
    reached: (p) => isSettled(kind, props, p.state),
    failed: (p) => (isFailed(p.state) ? `${p.state}${p.stateReason ? `: ${p.stateReason}` : ""}` : undefined),
    notReached: "did not settle",
    outputs: (p) => pipeOutputs(p, props),
  };
}

/** Waits until a new or changed pipe settles; `Failed` is an error carrying the API's reason (see `settle`). */
export function settlePipe(svc: CloudService, pipe: ApiPipe, props: PipeInputs, what: string): Promise<ApiPipe> {
  return settle(settling(svc, props), pipe, props, what);
}

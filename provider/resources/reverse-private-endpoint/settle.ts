import type { CloudService } from "../../client/cloud";
import type { ReversePrivateEndpoint } from "./record";
import type { EndpointInputs } from "./policy";
import { settle, type Settling } from "../../engine/cloud-object";
import { endpointWhereabouts } from "./api";
import { endpointOutputs } from "./body";

/** Statuses an endpoint does not leave by waiting: the API (or the other side) refused it. */
const FAILED = new Set(["Failed", "Rejected", "Expired"]);

/** What the user can do about a status that is not `Ready`, for error messages. Pure. */
export function statusHint(status: string | null | undefined): string {
  if (status === "PendingAcceptance") return "; accept the connection request on the endpoint service's side";
  if (status === "Rejected")
    return "; the endpoint service's side refused the connection: allow it there, then make a new endpoint (`pulumi up --replace <urn>`)";
  if (FAILED.has(status ?? "")) return "; it does not recover by waiting: make a new one (`pulumi up --replace <urn>`)";
  return "";
}

/** What a wait for an endpoint waits for: `Ready`; a failed status ends the wait. */
function settling(svc: CloudService, props: EndpointInputs): Settling<ReversePrivateEndpoint> {
  return {
    whereabouts: (id) => endpointWhereabouts(svc, id),
    status: (e) => e.status,
    reached: (e) => e.status === "Ready",
    failed: (e) => (FAILED.has(e.status ?? "") ? `${e.status}${statusHint(e.status)}` : undefined),
    notReached: "is not Ready",
    hint: (e) => statusHint(e.status),
    outputs: (e) => endpointOutputs(e, props),
  };
}

/** Waits until the endpoint is `Ready` (see `settle`). */
export function settleEndpoint(svc: CloudService, endpoint: ReversePrivateEndpoint, props: EndpointInputs, what: string): Promise<ReversePrivateEndpoint> {
  return settle(settling(svc, props), endpoint, props, what);
}

import { path } from "../client/paths";
import { gateCreate, type CreateProbe } from "./create-gate";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { serviceRef, type CloudService } from "../client/cloud";
import { PollTimeout } from "../client/poll";
import type { ReversePrivateEndpoint } from "../schemas/reverse-private-endpoint";
import type { EndpointInputs, EndpointOutputs } from "../schemas/reverse-private-endpoint-props";
import { endpointSpec } from "../schemas/reverse-private-endpoint-spec";
import { adoptable, fixedFieldsError } from "./adopt";
import { checkInputs } from "./check-inputs";
import { configure } from "./engine-settings";
import { connected, settingsFor } from "./connection";
import { diffResult, fieldChanges, type Diff } from "./field-diff";
import { orGone, readOrGone, readResult, updateUnlessGone } from "./gone";
import { ResourceInitError } from "./init-error";
import { pinServiceIds } from "./pin-service";
import { createEndpoint, deleteEndpoint, endpointWhereabouts, getEndpoint, patchEndpoint, pollEndpoint } from "./reverse-private-endpoint/api";
import { endpointDiff, wouldCollide } from "./reverse-private-endpoint/diff-rules";
import { createBody, endpointOutputs } from "./reverse-private-endpoint/outputs";
import { cachedCloudService } from "./service-cache";

const DEFAULT_WAIT_SECONDS = 600;

/** Statuses an endpoint does not leave by waiting: the API (or the other side) refused it. */
const FAILED = new Set(["Failed", "Rejected", "Expired"]);

function service(props: EndpointInputs): CloudService {
  const settings = settingsFor(props);
  return cachedCloudService(settings, serviceRef(settings, { organizationId: props.organizationId, serviceId: props.serviceId }));
}

function waitMs(props: EndpointInputs): number {
  return (typeof props.waitTimeoutSeconds === "number" ? props.waitTimeoutSeconds : DEFAULT_WAIT_SECONDS) * 1000;
}

function timing(props: EndpointInputs) {
  return { timeoutMs: waitMs(props), intervalMs: settingsFor(props).pollIntervalMs };
}

/** What the user can do about a status that is not `Ready`, for error messages. */
export function statusHint(status: string | null | undefined): string {
  if (status === "PendingAcceptance") return "; accept the connection request on the endpoint service's side";
  if (status === "Rejected")
    return "; the endpoint service's side refused the connection: allow it there, then make a new endpoint (`pulumi up --replace <urn>`)";
  if (FAILED.has(status ?? "")) return "; it does not recover by waiting: make a new one (`pulumi up --replace <urn>`)";
  return "";
}

/**
 * Waits until the endpoint is `Ready`. A failed status, running out of time, or the endpoint
 * disappearing is an error; the first two keep it in state (a {@link ResourceInitError}), so the
 * next `up` waits again and `destroy` deletes it.
 */
async function settle(svc: CloudService, endpoint: ReversePrivateEndpoint, props: EndpointInputs, what: string): Promise<ReversePrivateEndpoint> {
  const done = (e: ReversePrivateEndpoint) => e.status === "Ready" || FAILED.has(e.status ?? "");
  let current: ReversePrivateEndpoint | "gone" = endpoint;
  if (!done(endpoint)) {
    try {
      current = await pollEndpoint(svc, endpoint.id, done, timing(props));
    } catch (err) {
      if (!(err instanceof PollTimeout)) throw err;
      const last = err.last as ReversePrivateEndpoint;
      throw initError(
        `reverse private endpoint ${endpoint.id} ${what} but is not Ready within ${waitMs(props) / 1000} s (${err.message})${statusHint(last.status)}; raise waitTimeoutSeconds or run \`pulumi up\` again`,
        last,
        props,
      );
    }
  }
  if (current === "gone") throw new Error(`reverse private endpoint ${endpoint.id} ${what} but then disappeared`);
  if (FAILED.has(current.status ?? ""))
    throw initError(`reverse private endpoint ${endpoint.id} ${what} but is ${current.status}${statusHint(current.status)}`, current, props);
  return current;
}

function initError(message: string, live: ReversePrivateEndpoint, props: EndpointInputs): ResourceInitError {
  return new ResourceInitError(message, live.id, { ...endpointOutputs(live, props), __provider: props.__provider });
}

/** Validates an endpoint before any network call (failures carry property paths) and pins its service. */
export async function check(olds: EndpointInputs, news: EndpointInputs): Promise<dynamic.CheckResult<EndpointInputs>> {
  return gateCreate(olds, checkInputs(news, { pin: pinServiceIds, dropNull: true, schema: endpointSpec }), endpointsListed);
}

/** A create's one read in `check`: the endpoint list (credentials, route), as the create reads it. */
const endpointsListed: CreateProbe<EndpointInputs> = {
  needs: ["organizationId", "serviceId"],
  adopts: (inputs) => typeof inputs.adoptId === "string" && inputs.adoptId !== "",
  async probe(inputs) {
    const svc = service(inputs);
    await svc.client.get<unknown>(`${svc.basePath}${path("pipesReversePrivateEndpoints")}`);
    return [];
  },
};

/**
 * Compares the old outputs with the new inputs: only the custom private DNS mappings change in
 * place. A replacement that keeps a DNS name deletes the old endpoint first (names are unique
 * across the service).
 */
export async function diff(_id: string, olds: EndpointOutputs, news: EndpointInputs): Promise<Diff> {
  return diffResult(fieldChanges(olds, news, endpointDiff), wouldCollide(olds, news));
}

export async function create(inputs: EndpointInputs): Promise<dynamic.CreateResult<EndpointOutputs>> {
  const svc = service(inputs);
  if (typeof inputs.adoptId === "string" && inputs.adoptId) return adopt(svc, inputs.adoptId, inputs);
  // After an ambiguous failure, a listed endpoint matches only if it reads back as this program's.
  const sameAsSent = (e: ReversePrivateEndpoint) => fieldChanges(endpointOutputs(e, inputs), inputs, endpointDiff).length === 0;
  const created = await createEndpoint(svc, createBody(inputs), sameAsSent);
  const ready = await settle(svc, created, inputs, "was created");
  return { id: created.id, outs: endpointOutputs(ready, inputs) };
}

/**
 * Brings an existing endpoint under management: it must exist, and may differ from the program
 * only in its DNS mappings (those are then applied). It is never replaced on adoption.
 */
async function adopt(svc: CloudService, id: string, inputs: EndpointInputs): Promise<dynamic.CreateResult<EndpointOutputs>> {
  const live = await adoptable("reverse private endpoint", id, `in service ${svc.ref.serviceId}`, () => orGone(endpointWhereabouts(svc, id)));
  const current = endpointOutputs(live, inputs);
  const fixed = fieldChanges(current, inputs, endpointDiff)
    .filter((c) => c.kind === "replace")
    .map((c) => c.path);
  if (fixed.length) throw fixedFieldsError("reverse private endpoint", id, fixed, current, inputs);
  return { id, outs: await applyUpdate(svc, id, current, inputs) };
}

/** One PATCH with the whole DNS mapping list when it changed; then waits for `Ready`. */
async function applyUpdate(svc: CloudService, id: string, olds: EndpointOutputs, news: EndpointInputs): Promise<EndpointOutputs> {
  const changed = fieldChanges(olds, news, endpointDiff).some((c) => c.path === "customPrivateDnsMappings");
  const endpoint = { ...endpointWhereabouts(svc, id), where: `in service ${svc.ref.serviceId}` };
  const live = await updateUnlessGone(endpoint, () =>
    changed ? patchEndpoint(svc, id, { customPrivateDnsMappings: news.customPrivateDnsMappings ?? [] }) : getEndpoint(svc, id),
  );
  return endpointOutputs(await settle(svc, live, news, "was updated"), news);
}

export async function update(id: string, olds: EndpointOutputs, news: EndpointInputs): Promise<dynamic.UpdateResult<EndpointOutputs>> {
  return { outs: await applyUpdate(service(news), id, olds, news) };
}

/**
 * The live endpoint; an empty id when it is gone. With no prior state (`props` empty) the
 * outputs are still whole: the service comes from configuration, the rest from the API.
 */
export async function read(id: string, props: EndpointOutputs = {} as EndpointOutputs): Promise<dynamic.ReadResult<EndpointOutputs>> {
  const svc = service(props);
  const live = await readOrGone(endpointWhereabouts(svc, id));
  return readResult(id, live && endpointOutputs(live, { ...svc.ref, ...props }));
}

/** Deletes the endpoint and waits until the service no longer lists it (it reads `Deleting` first). */
export async function remove(id: string, props: EndpointOutputs): Promise<void> {
  await deleteEndpoint(service(props), id, timing(props));
}

/** The provider the serialized shim delegates to (`pulumi-pipestack/engine/reverse-private-endpoint`). */
export const provider = connected<EndpointInputs, EndpointOutputs>({
  configure,
  check,
  diff,
  create,
  read,
  update,
  delete: remove,
}) satisfies dynamic.ResourceProvider<EndpointInputs, EndpointOutputs>;

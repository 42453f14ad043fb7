import type { CloudService } from "../../client/cloud";
import type { ReversePrivateEndpoint } from "./record";
import type { EndpointInputs, EndpointOutputs } from "./policy";
import { endpointSpec } from "./schema";
import { refuseFixedFields } from "../../engine/adopt";
import { checkInputs } from "../../engine/check-inputs";
import { serviceOf, timing } from "../../engine/cloud-object";
import { defineEngine } from "../../engine/define-engine";
import { NO_UNIQUE_NAME } from "../../engine/name-holder";
import { fieldChanges } from "../../engine/field-diff";
import { pinServiceIds } from "../../engine/pin-service";
import { createEndpoint, deleteEndpoint, endpointList, endpointWhereabouts, getEndpoint, patchEndpoint } from "./api";
import { snapshot } from "../../engine/shared-list";
import { endpointDiff, wouldCollide } from "./diff";
import { createBody, endpointOutputs } from "./body";
import { settleEndpoint } from "./settle";

/** Creates an endpoint and waits until it is `Ready`. */
async function create(svc: CloudService, inputs: EndpointInputs): Promise<{ id: string; outs: EndpointOutputs }> {
  // After an ambiguous failure, a listed endpoint matches only if it reads back as this program's.
  const sameAsSent = (e: ReversePrivateEndpoint) => fieldChanges(endpointOutputs(e, inputs), inputs, endpointDiff).length === 0;
  const created = await createEndpoint(svc, createBody(inputs), sameAsSent);
  const ready = await settleEndpoint(svc, created, inputs, "was created");
  return { id: created.id, outs: endpointOutputs(ready, inputs) };
}

/** One PATCH with the whole DNS mapping list when it changed; then waits for `Ready`. */
async function update(svc: CloudService, id: string, olds: EndpointOutputs, news: EndpointInputs): Promise<EndpointOutputs> {
  const changed = fieldChanges(olds, news, endpointDiff).some((c) => c.path === "customPrivateDnsMappings");
  const live = await (changed ? patchEndpoint(svc, id, { customPrivateDnsMappings: news.customPrivateDnsMappings ?? [] }) : getEndpoint(svc, id));
  return endpointOutputs(await settleEndpoint(svc, live, news, "was updated"), news);
}

/**
 * Brings an existing endpoint under management: it may differ from the program only in its DNS
 * mappings (those are then applied).
 */
async function adopt(svc: CloudService, id: string, inputs: EndpointInputs, live: ReversePrivateEndpoint): Promise<EndpointOutputs> {
  const current = endpointOutputs(live, inputs);
  refuseFixedFields("reverse private endpoint", id, fieldChanges(current, inputs, endpointDiff), current, inputs);
  return update(svc, id, current, inputs);
}

/** The provider the serialized shim delegates to (`pulumi-pipestack/engine/reverse-private-endpoint`). */
export const provider = defineEngine<EndpointInputs, EndpointOutputs, CloudService, ReversePrivateEndpoint>({
  // Failures carry property paths; the service is pinned into the inputs.
  validate: (news) => checkInputs(news, { pin: pinServiceIds, dropNull: true, schema: endpointSpec }),
  // A create's one read in `check`: the endpoint list (credentials, route), as the create reads it.
  // No name: an endpoint's custom private DNS names are unique across the service, but they
  // name no endpoint (the server's own refusal names the endpoint that uses one).
  names: NO_UNIQUE_NAME,
  probe: {
    needs: ["organizationId", "serviceId"],
    async probe(inputs) {
      // The run's one read of the list, which the create takes as what existed before it.
      await snapshot(endpointList(serviceOf(inputs)));
      return [];
    },
  },
  at: serviceOf,
  whereabouts: endpointWhereabouts,
  // Only the custom private DNS mappings change in place; a replacement keeping a DNS name
  // deletes the old endpoint first (names are unique across the service).
  rules: endpointDiff,
  collides: wouldCollide,
  create,
  adopt,
  update,
  // With no prior state the outputs are still whole: the service comes from configuration.
  refreshed: (live, props, svc) => endpointOutputs(live, { ...svc.ref, ...props }),
  // Waits until the service no longer lists it (it reads `Deleting` first).
  remove: (svc, id, props) => deleteEndpoint(svc, id, timing(props)),
});

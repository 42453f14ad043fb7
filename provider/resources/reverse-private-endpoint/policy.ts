import { z } from "zod";
import { computed, computedKeys, type ComputedFields, type FieldPolicy, type ComputedOutputs } from "../../schemas/field-policy";
import type { EndpointSpecInput } from "./schema";
import { cloudObjectPolicy } from "../../schemas/cloud-object";
import { fixed, inPlace, instruction, replaced, writeOnly } from "../../schemas/field-rules";

/** How an in-place change of an endpoint is sent: in the body of PATCH `/pipesReversePrivateEndpoints/{id}`. */
type EndpointPatch = "endpoint";

/**
 * Every field of a reverse private endpoint and its life cycle. The reference's PATCH takes only
 * `customPrivateDnsMappings` (a full replacement list); everything else is fixed at creation.
 */
export const endpointPolicy = {
  // The API leaves an unset text field as "" or null (`fixed`): leaving it out is no change.
  description: fixed,
  type: replaced,
  vpcEndpointServiceName: fixed,
  vpcResourceConfigurationId: fixed,
  vpcResourceShareArn: fixed,
  mskClusterArn: fixed,
  mskAuthentication: fixed,
  gcpServiceAttachment: fixed,
  customPrivateDnsMappings: { ...inPlace("endpoint"), empty: [] },
  ...cloudObjectPolicy,
  // adoptId only says where the endpoint came from: changing or dropping it changes nothing.
  adoptId: writeOnly(instruction("none")),
} as const satisfies FieldPolicy<EndpointSpecInput, EndpointPatch>;

/** Outputs of the server's own: never a change. */
export const endpointComputed = {
  /** `Ready` once created; `Provisioning`, `PendingAcceptance`, `Failed`, ... as the API reports it. */
  status: computed(z.string()),
  /** The endpoint's own id on the network side (`vpce-...`). */
  endpointId: computed(z.string().optional()),
  /** Internal DNS names of the endpoint. */
  dnsNames: computed(z.array(z.string()).optional()),
  /** Private DNS names of the endpoint. */
  privateDnsNames: computed(z.array(z.string()).optional()),
} satisfies ComputedFields;

export const endpointServerOutputs = computedKeys(endpointComputed);

/** An endpoint's properties as the engine holds them: the program's spec and the serialized provider. */
export type EndpointInputs = EndpointSpecInput & { __provider?: string };

/** An endpoint's outputs: its inputs as the API reads them back, and the server's own fields. */
export type EndpointOutputs = EndpointInputs & ComputedOutputs<typeof endpointComputed>;

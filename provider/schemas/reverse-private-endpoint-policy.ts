import type { FieldPolicy } from "./field-policy";
import type { EndpointSpecInput } from "./reverse-private-endpoint-spec";

/** How an in-place change of an endpoint is sent: in the body of PATCH `/pipesReversePrivateEndpoints/{id}`. */
export type EndpointPatch = "endpoint";

// The API leaves an unset text field as "" or null: leaving it out is no change.
const fixed = { change: "replace", serverDefault: true } as const;

/**
 * Every field of a reverse private endpoint and its life cycle. The reference's PATCH takes only
 * `customPrivateDnsMappings` (a full replacement list); everything else is fixed at creation.
 */
export const endpointPolicy = {
  description: fixed,
  type: { change: "replace" },
  vpcEndpointServiceName: fixed,
  vpcResourceConfigurationId: fixed,
  vpcResourceShareArn: fixed,
  mskClusterArn: fixed,
  mskAuthentication: fixed,
  gcpServiceAttachment: fixed,
  customPrivateDnsMappings: { change: "update", patch: "endpoint", empty: [] },
  organizationId: { change: "replace", sent: "url", writeOnly: true },
  serviceId: { change: "replace", sent: "url", mayBeMissing: true },
  waitTimeoutSeconds: { change: "update", sent: "never", writeOnly: true, inputOnly: true },
  // adoptId only says where the endpoint came from: changing or dropping it changes nothing.
  adoptId: { change: "none", sent: "never", writeOnly: true, inputOnly: true },
} as const satisfies FieldPolicy<EndpointSpecInput, EndpointPatch>;

/** Outputs of the server's own: never a change. */
export const endpointServerOutputs = ["status", "endpointId", "dnsNames", "privateDnsNames"] as const;

/** Inputs of reverse private endpoints, one per type, that tests vary. No assertions live here. */
import { ORG, SVC } from "./stack-fixtures";

type Obj = Record<string, any>;

/** The fields each endpoint type is made from. */
export const endpointTypeFields: Record<string, Obj> = {
  VPC_ENDPOINT_SERVICE: { vpcEndpointServiceName: "com.example.vpce.region-1.vpce-svc-0123456789abcdef0" },
  VPC_RESOURCE: { vpcResourceConfigurationId: "rcfg-0123456789abcdef0", vpcResourceShareArn: "arn:example:ram:region-1:123456789012:resource-share/share-1" },
  MSK_MULTI_VPC: { mskClusterArn: "arn:example:kafka:region-1:123456789012:cluster/events/1", mskAuthentication: "SASL_IAM" },
  GCP_PSC_SERVICE_ATTACHMENT: { gcpServiceAttachment: "projects/p/regions/r/serviceAttachments/brokers" },
};

/** Inputs of an endpoint of `type` (an endpoint service by default) in the test service. */
export function endpointInputs(over: Obj = {}, type = "VPC_ENDPOINT_SERVICE"): Obj {
  return { description: "kafka brokers", type, ...endpointTypeFields[type], organizationId: ORG, serviceId: SVC, ...over };
}

/** `customPrivateDnsMappings` from names. */
export const dns = (...names: string[]) => names.map((privateDnsName) => ({ privateDnsName }));

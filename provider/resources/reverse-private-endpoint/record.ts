import { z } from "zod";
import type { SchemaInput } from "../../schemas/schema-input";
import { computedRecord } from "../../schemas/field-policy";
import { endpointComputed } from "./policy";

/** A reverse private endpoint as the API returns it. */
export const reversePrivateEndpoint = z
  .object({
    id: z.string(),
    serviceId: z.string().optional(),
    description: z.string().nullish(),
    type: z.string().nullish(),
    vpcEndpointServiceName: z.string().nullish(),
    vpcResourceConfigurationId: z.string().nullish(),
    vpcResourceShareArn: z.string().nullish(),
    mskClusterArn: z.string().nullish(),
    mskAuthentication: z.string().nullish(),
    gcpServiceAttachment: z.string().nullish(),
    customPrivateDnsMappings: z.array(z.object({ privateDnsName: z.string() }).passthrough()).nullish(),
    ...computedRecord(endpointComputed),
  })
  .passthrough();

export type ReversePrivateEndpoint = z.output<typeof reversePrivateEndpoint>;

/** Filters of `getReversePrivateEndpoints`; every one given must match. */
export const reversePrivateEndpointFilter = z
  .object({
    /** Organization whose endpoints are listed. @default stack config `pipestack:organizationId`, then `PIPESTACK_ORGANIZATION_ID` */
    organizationId: z.string().min(1).optional(),
    /** Service whose endpoints are listed. @default stack config `pipestack:serviceId`, then `PIPESTACK_SERVICE_ID` */
    serviceId: z.string().min(1).optional(),
    /** Only endpoints of this type, e.g. `VPC_ENDPOINT_SERVICE`. */
    type: z.enum(["VPC_ENDPOINT_SERVICE", "VPC_RESOURCE", "MSK_MULTI_VPC", "GCP_PSC_SERVICE_ATTACHMENT"]).optional(),
    /** Only endpoints in this status, e.g. `Ready`. */
    status: z.enum(["Unknown", "Provisioning", "Deleting", "Ready", "Failed", "PendingAcceptance", "Rejected", "Expired"]).optional(),
    /** Only endpoints whose description contains this text. */
    descriptionContains: z.string().optional(),
  })
  .strict();

// Built from the shape so each filter keeps its doc comment on hover (see SchemaInput).
export type ReversePrivateEndpointFilter = SchemaInput<typeof reversePrivateEndpointFilter>;

/** Applies the filters. Pure. */
export function filterEndpoints(list: readonly ReversePrivateEndpoint[], f: ReversePrivateEndpointFilter): ReversePrivateEndpoint[] {
  return list.filter(
    (e) =>
      (f.type === undefined || e.type === f.type) &&
      (f.status === undefined || e.status === f.status) &&
      (f.descriptionContains === undefined || (e.description ?? "").includes(f.descriptionContains)),
  );
}

import { z } from "zod";
import { pathId, uuid } from "../../schemas/refinements/ids";
import { issueOn } from "../../schemas/check-failures";
import { waitSeconds } from "../../schemas/cloud-object";
import { isUnknown } from "../../schemas/unknown";
import { knownRepeats } from "../../schemas/known-repeats";
import { isObj } from "../../schemas/plain-object";

/** Service names, ARNs and ids: a cloud writes none longer than a few hundred characters. */
const text = z.string().min(1, "must not be empty").max(1024, "must be at most 1024 characters");

/** The kinds of endpoint the API makes, and the fields each one is made from. */
const endpointType = z.enum(["VPC_ENDPOINT_SERVICE", "VPC_RESOURCE", "MSK_MULTI_VPC", "GCP_PSC_SERVICE_ATTACHMENT"]);
export type EndpointType = z.output<typeof endpointType>;

/** Fields tied to one endpoint type: required by it, refused with any other. */
export const TYPE_FIELDS = {
  VPC_ENDPOINT_SERVICE: ["vpcEndpointServiceName"],
  VPC_RESOURCE: ["vpcResourceConfigurationId", "vpcResourceShareArn"],
  MSK_MULTI_VPC: ["mskClusterArn", "mskAuthentication"],
  GCP_PSC_SERVICE_ATTACHMENT: ["gcpServiceAttachment"],
} as const satisfies Record<EndpointType, readonly string[]>;

/** An exact DNS name, or one with a leading wildcard label (`*.example.com`). */
const DNS_NAME = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;

const customPrivateDnsMapping = z
  .object({
    /** A private DNS name a pipe's source can use as its address: `db.example.com` or `*.example.com`. */
    privateDnsName: z
      .string()
      .max(253, "must be at most 253 characters")
      .regex(DNS_NAME, "must be a DNS name such as db.example.com, or one with a leading wildcard such as *.example.com"),
  })
  .strict();

/** A reverse private endpoint as the program describes it (what `check` validates). */
export const endpointSpecShape = z
  .object({
    /** What the endpoint is for, up to 255 characters. */
    description: z.string().max(255, "must be at most 255 characters").optional(),
    /** Which kind of private connection; decides the fields below. */
    type: endpointType,
    /** The endpoint service to connect to; for `VPC_ENDPOINT_SERVICE`. */
    vpcEndpointServiceName: text.optional(),
    /** Resource configuration id; for `VPC_RESOURCE`. */
    vpcResourceConfigurationId: text.optional(),
    /** Resource share ARN; for `VPC_RESOURCE`. */
    vpcResourceShareArn: text.optional(),
    /** Managed Kafka-style cluster ARN; for `MSK_MULTI_VPC`. */
    mskClusterArn: text.optional(),
    /** How pipes authenticate to that cluster; for `MSK_MULTI_VPC`. */
    mskAuthentication: z.enum(["SASL_IAM", "SASL_SCRAM"]).optional(),
    /** Service attachment URI, `projects/{project}/regions/{region}/serviceAttachments/{name}`; for `GCP_PSC_SERVICE_ATTACHMENT`. */
    gcpServiceAttachment: text.optional(),
    /**
     * Private DNS names for the endpoint, unique across the service; changes in place (the whole
     * list is sent). Not for `MSK_MULTI_VPC`. @default []
     */
    customPrivateDnsMappings: z.array(customPrivateDnsMapping).optional(),
    /** Organization of the service the endpoint belongs to. @default stack config `pipestack:organizationId`, then `PIPESTACK_ORGANIZATION_ID` */
    organizationId: pathId.optional(),
    /** The service the endpoint connects. @default stack config `pipestack:serviceId`, then `PIPESTACK_SERVICE_ID` */
    serviceId: pathId.optional(),
    /** Adopt the existing endpoint with this id instead of creating one. */
    adoptId: uuid.optional(),
    /** How long `create`, `update` and `delete` wait for the endpoint to be `Ready` (or gone). @default 600 */
    waitTimeoutSeconds: waitSeconds.optional(),
  })
  .strict();

export const endpointSpec = endpointSpecShape.superRefine((spec, ctx) => {
  const issue = issueOn(ctx);
  if (isUnknown(spec.type)) return;
  const own: readonly string[] = TYPE_FIELDS[spec.type];
  for (const [type, fields] of Object.entries(TYPE_FIELDS)) {
    for (const field of fields) {
      const value = spec[field as keyof typeof spec];
      if (own.includes(field) && value === undefined) issue([field], `is required for type ${spec.type}`);
      if (!own.includes(field) && value !== undefined) issue([field], `is only for type ${type}, not ${spec.type}`);
    }
  }
  const mappings = spec.customPrivateDnsMappings;
  if (mappings === undefined || isUnknown(mappings) || mappings.length === 0) return;
  if (spec.type === "MSK_MULTI_VPC") {
    issue(["customPrivateDnsMappings"], "is not supported for type MSK_MULTI_VPC");
    return;
  }
  // DNS names compare without case; one not known yet is compared with nothing.
  const dnsName = (m: unknown) =>
    isObj(m) && typeof m.privateDnsName === "string" && !isUnknown(m.privateDnsName) ? m.privateDnsName.toLowerCase() : undefined;
  for (const { at } of knownRepeats(mappings, dnsName)) {
    issue(["customPrivateDnsMappings", at, "privateDnsName"], `${mappings[at].privateDnsName} is listed twice`);
  }
});

export type EndpointSpecInput = z.input<typeof endpointSpecShape>;
export type CustomPrivateDnsMapping = z.output<typeof customPrivateDnsMapping>;

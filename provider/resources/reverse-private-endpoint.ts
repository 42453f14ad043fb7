import * as pulumi from "@pulumi/pulumi";
import type { CustomPrivateDnsMapping, EndpointType, endpointSpecShape } from "../schemas/reverse-private-endpoint-spec";
import type { ArgsOf } from "./inputs";
import type { SchemaInput } from "./schema-input";
import type { ConnectionInput } from "./connection";
import { registeredOptions, registeredProps, type ClassSpec } from "./register";
import { endpointPolicy, endpointServerOutputs } from "../schemas/reverse-private-endpoint-policy";
import { shim } from "./shim";
import { hasTypeToken, RESOURCE_MODULE, typeTokens } from "./type-tokens";

/**
 * Arguments of a {@link ReversePrivateEndpoint}: the create body of the API (`type` and the
 * fields that type needs, `description`, `customPrivateDnsMappings`), plus where it lives and
 * how long to wait for it.
 */
export interface ReversePrivateEndpointArgs extends ArgsOf<Omit<SchemaInput<typeof endpointSpecShape>, "adoptId">>, ConnectionInput {
  /**
   * Adopt the existing endpoint with this id instead of creating one. It must exist and may
   * differ from the program only in `customPrivateDnsMappings` (those are applied).
   */
  adoptId?: pulumi.Input<string>;
}

/** The endpoint's registration, from the endpoint policy. */
const spec = { policy: endpointPolicy, serverOutputs: endpointServerOutputs } satisfies ClassSpec;

/**
 * A reverse private endpoint: a private connection from the service to a network of yours
 * (an endpoint service, a shared resource, a managed Kafka-style cluster or a service
 * attachment), through which a Kafka pipe reaches its brokers. `create` waits until it is
 * `Ready`; its `id` goes into a kafka source's `reversePrivateEndpointIds`. Only
 * `customPrivateDnsMappings` changes in place; any other change makes a new endpoint.
 *
 * @example
 * const endpoint = new ReversePrivateEndpoint("brokers", {
 *   type: "VPC_ENDPOINT_SERVICE",
 *   vpcEndpointServiceName: "com.example.vpce.region-1.vpce-svc-0123456789abcdef0",
 *   customPrivateDnsMappings: [{ privateDnsName: "*.kafka.internal.example.com" }],
 * });
 * new Pipe("orders", { source: { kafka: { ..., reversePrivateEndpointIds: [endpoint.id] } }, ... });
 */
export class ReversePrivateEndpoint extends pulumi.dynamic.Resource {
  /**
   * The type token, `pulumi-nodejs:dynamic/pipestack:ReversePrivateEndpoint`: what policy packs
   * match on (`validateResourceOfType(ReversePrivateEndpoint, ...)` of the policy SDK reads it).
   */
  static readonly __pulumiType = typeTokens.ReversePrivateEndpoint;

  /** True when `obj` is a ReversePrivateEndpoint, also one made by another copy of this package. */
  static override isInstance(obj: unknown): obj is ReversePrivateEndpoint {
    return hasTypeToken(obj, ReversePrivateEndpoint.__pulumiType);
  }

  declare readonly description: pulumi.Output<string | undefined>;
  declare readonly type: pulumi.Output<EndpointType>;
  declare readonly vpcEndpointServiceName: pulumi.Output<string | undefined>;
  declare readonly vpcResourceConfigurationId: pulumi.Output<string | undefined>;
  declare readonly vpcResourceShareArn: pulumi.Output<string | undefined>;
  declare readonly mskClusterArn: pulumi.Output<string | undefined>;
  declare readonly mskAuthentication: pulumi.Output<"SASL_IAM" | "SASL_SCRAM" | undefined>;
  declare readonly gcpServiceAttachment: pulumi.Output<string | undefined>;
  /** The custom private DNS names, as the API keeps them. */
  declare readonly customPrivateDnsMappings: pulumi.Output<CustomPrivateDnsMapping[]>;
  declare readonly organizationId: pulumi.Output<string>;
  declare readonly serviceId: pulumi.Output<string>;
  /** `Ready` once created; `Provisioning`, `PendingAcceptance`, `Failed`, ... as the API reports it. */
  declare readonly status: pulumi.Output<string>;
  /** The endpoint's own id on the network side (`vpce-...`). */
  declare readonly endpointId: pulumi.Output<string | undefined>;
  /** Internal DNS names of the endpoint. */
  declare readonly dnsNames: pulumi.Output<string[] | undefined>;
  /** Private DNS names of the endpoint. */
  declare readonly privateDnsNames: pulumi.Output<string[] | undefined>;

  constructor(name: string, args: ReversePrivateEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(shim("reverse-private-endpoint"), name, registeredProps(spec, args), registeredOptions(spec, args, opts), RESOURCE_MODULE, "ReversePrivateEndpoint");
  }
}

import type * as pulumi from "@pulumi/pulumi";
import { DeclaredResource } from "../../resource-class/declared-resource";
import type { ReversePrivateEndpointArgs, ReversePrivateEndpointOutputs } from "../../public-types/generated";
import { declaration } from "./declaration";
import { dynamicTypeToken } from "../../resource-class/type-tokens";

export type { ReversePrivateEndpointArgs };

// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the outputs, generated from the declaration
export interface ReversePrivateEndpoint extends ReversePrivateEndpointOutputs {}

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
 * new Pipe("orders", { source: { kafka: { ...kafka, reversePrivateEndpointIds: [endpoint.id] } }, destination, fieldMappings });
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- its outputs are the interface above
export class ReversePrivateEndpoint extends DeclaredResource {
  /**
   * The type token, `pulumi-nodejs:dynamic/pipestack:ReversePrivateEndpoint`: what policy packs
   * match on (`validateResourceOfType(ReversePrivateEndpoint, ...)` of the policy SDK reads it).
   */
  static readonly __pulumiType = dynamicTypeToken(declaration.type);

  constructor(name: string, args: ReversePrivateEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(declaration, name, args, opts);
  }
}

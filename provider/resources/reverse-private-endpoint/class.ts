import type * as pulumi from "@pulumi/pulumi";
import type { endpointSpecShape } from "./schema";
import type { ArgsOf } from "../../resource-class/inputs";
import type { SchemaInput } from "../../schemas/schema-input";
import type { ConnectionInput } from "../../resource-class/connection";
import { endpointComputed, endpointPolicy } from "./policy";
import type { ClassOutputs } from "../../resource-class/class-outputs";
import { DeclaredResource } from "../../resource-class/register";
import { declaration } from "./declaration";
import { dynamicTypeToken, hasTypeToken } from "../../resource-class/type-tokens";

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

// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- the outputs, from the declaration
export interface ReversePrivateEndpoint extends ClassOutputs<typeof endpointSpecShape, typeof endpointPolicy, typeof endpointComputed> {}

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

  /** True when `obj` is a ReversePrivateEndpoint, also one made by another copy of this package. */
  static override isInstance(obj: unknown): obj is ReversePrivateEndpoint {
    return hasTypeToken(obj, ReversePrivateEndpoint.__pulumiType);
  }

  constructor(name: string, args: ReversePrivateEndpointArgs, opts?: pulumi.CustomResourceOptions) {
    super(declaration, name, args, opts);
  }
}

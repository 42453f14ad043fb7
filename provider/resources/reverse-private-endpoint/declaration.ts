import type { SpecFor } from "../../resource-class/register";
import type { SchemaInput } from "../../schemas/schema-input";
import type { endpointSpecShape } from "./schema";
import { endpointComputed, endpointPolicy } from "./policy";

// The endpoint's declaration, from its policy. Apart from the class, so the native plugin loads it
// without the Pulumi SDK.
// Its doc comment is the class's: scripts/classes.js writes the class (provider/classes.ts) from it.
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
export const declaration = {
  type: "ReversePrivateEndpoint",
  engine: "reverse-private-endpoint",
  policy: endpointPolicy,
  computed: endpointComputed,
} as const satisfies SpecFor<SchemaInput<typeof endpointSpecShape>>;

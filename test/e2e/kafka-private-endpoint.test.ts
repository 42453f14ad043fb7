import { expect } from "vitest";
import type { E2EStack } from "./harness";
import { describeExample } from "./example-flow";
import { pipeParts, storedPipe } from "./pipe-cases";
import { storedEndpoints } from "../support/stored";

/**
 * The program makes one endpoint (`brokers`) and feeds its id to the pipe, with the seeded Ready
 * endpoint whose description says `kafka`. The emulator seeds three endpoints per service.
 */
const made = (stack: E2EStack) => storedEndpoints(stack.emulator).filter((e) => e.description === "orders brokers");
const parts = pipeParts("orders");

describeExample("kafka-private-endpoint", {
  program: "examples/kafka-private-endpoint",
  secretConfig: { kafkaPassword: "e2e-kafka-password-private" },
  resources: [
    { name: "brokers", type: "pipestack:ReversePrivateEndpoint" },
    { name: "orders", type: "pipestack:Pipe" },
  ],
  ...parts,
  count: (stack) => parts.count(stack) + made(stack).length,
  inPlace: {
    // The endpoint's private DNS names change in place (one PATCH); the pipe stays as it is.
    set: { privateDnsName: "*.brokers.internal" },
    resource: "brokers",
    applied(stack, ids) {
      const endpoint = storedEndpoints(stack.emulator).find((e) => e.id === ids.brokers);
      expect(endpoint?.status).toBe("Ready");
      expect(endpoint?.customPrivateDnsMappings).toEqual([{ privateDnsName: "*.brokers.internal" }]);
      const shared = storedEndpoints(stack.emulator)
        .filter((e) => e.status === "Ready" && e.description.includes("kafka"))
        .map((e) => e.id);
      expect(shared).toHaveLength(1);
      expect(storedPipe(stack, ids, "orders").source.reversePrivateEndpointIds).toEqual([ids.brokers, ...shared]);
    },
  },
  replace: {
    // Another endpoint service: a new endpoint (the old one deleted first, as it holds the same
    // DNS name), whose new id changes the pipe in place in the same `up`.
    set: { endpointService: "com.example.vpce.region-1.vpce-svc-0fedcba9876543210" },
    resource: "brokers",
    reasons: ["vpcEndpointServiceName"],
    applied(stack, ids) {
      expect(made(stack).map((e) => [e.id, e.vpcEndpointServiceName])).toEqual([[ids.brokers, "com.example.vpce.region-1.vpce-svc-0fedcba9876543210"]]);
      expect(storedPipe(stack, ids, "orders").source.reversePrivateEndpointIds[0]).toBe(ids.brokers);
    },
  },
});

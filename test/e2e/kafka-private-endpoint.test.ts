import { expect } from "vitest";
import { describeExample } from "./example-flow";
import { pipeParts, storedPipe } from "./pipe-cases";
import { storedEndpoints } from "../support/stored";

/** The emulator seeds three endpoints per service: two Ready (one VPC_ENDPOINT_SERVICE), one Provisioning. */
describeExample("kafka-private-endpoint", {
  program: "examples/kafka-private-endpoint",
  secretConfig: { kafkaPassword: "e2e-kafka-password-private" },
  resources: [{ name: "orders", type: "pipestack:Pipe" }],
  ...pipeParts("orders"),
  inPlace: {
    // Fewer endpoints: reversePrivateEndpointIds changes in place.
    set: { endpointType: "VPC_ENDPOINT_SERVICE" },
    resource: "orders",
    applied(stack, ids) {
      const endpoints = storedEndpoints(stack.emulator);
      const wanted = endpoints.filter((e) => e.status === "Ready" && e.type === "VPC_ENDPOINT_SERVICE").map((e) => e.id);
      expect(wanted).toHaveLength(1);
      expect(storedPipe(stack, ids, "orders").source.reversePrivateEndpointIds).toEqual(wanted);
    },
  },
  replace: {
    set: { brokers: "broker-3.kafka.internal:9096" },
    resource: "orders",
    reasons: ["source.kafka.brokers"],
    applied(stack, ids) {
      expect(storedPipe(stack, ids, "orders").source.brokers).toBe("broker-3.kafka.internal:9096");
    },
  },
});

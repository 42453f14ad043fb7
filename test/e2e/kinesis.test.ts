import { expect } from "vitest";
import { describeExample } from "./example-flow";
import { pipeParts, storedPipe } from "./pipe-cases";

describeExample("kinesis", {
  program: "examples/kinesis",
  secretConfig: { secretKey: "e2e-kinesis-secret-key" },
  resources: [{ name: "clicks", type: "pipestack:Pipe" }],
  ...pipeParts("clicks"),
  inPlace: {
    set: { replicas: "4" },
    resource: "clicks",
    applied(stack, ids) {
      expect(storedPipe(stack, ids, "clicks").scaling.replicas).toBe(4);
    },
  },
  replace: {
    set: { streamName: "clicks-v2" },
    resource: "clicks",
    reasons: ["source.kinesis.streamName"],
    applied(stack, ids) {
      expect(storedPipe(stack, ids, "clicks").source.streamName).toBe("clicks-v2");
    },
  },
});

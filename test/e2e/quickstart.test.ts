import { expect } from "vitest";
import { describeExample } from "./example-flow";
import { pipeParts, storedPipe } from "./pipe-cases";

describeExample("quickstart", {
  program: "examples/quickstart",
  secretConfig: { kafkaPassword: "e2e-kafka-password-quickstart" },
  resources: [{ name: "events", type: "pipestack:Pipe" }],
  ...pipeParts("events"),
  inPlace: {
    set: { replicas: "3", name: "quickstart-events-renamed" },
    resource: "events",
    applied(stack, ids) {
      const pipe = storedPipe(stack, ids, "events");
      expect(pipe.name).toBe("quickstart-events-renamed");
      expect(pipe.scaling.replicas).toBe(3);
    },
  },
  replace: {
    set: { topics: "events-v2" },
    resource: "events",
    reasons: ["source.kafka.topics"],
    applied(stack, ids) {
      expect(storedPipe(stack, ids, "events").source.topics).toBe("events-v2");
    },
  },
});

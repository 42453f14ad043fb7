import { expect } from "vitest";
import { describeExample } from "./example-flow";
import { pipeParts, storedPipe } from "./pipe-cases";

describeExample("object-storage", {
  program: "examples/object-storage",
  secretConfig: { secretKey: "e2e-object-storage-secret-key" },
  resources: [{ name: "files", type: "pipestack:Pipe" }],
  ...pipeParts("files"),
  inPlace: {
    set: { concurrency: "8", replicas: "2" },
    resource: "files",
    applied(stack, ids) {
      const pipe = storedPipe(stack, ids, "files");
      expect(pipe.settings.object_storage_concurrency).toBe(8);
      expect(pipe.scaling.replicas).toBe(2);
    },
  },
  replace: {
    set: { url: "https://logs-bucket.s3.example.test/events-v2/**.json" },
    resource: "files",
    reasons: ["source.objectStorage.url"],
    applied(stack, ids) {
      expect(storedPipe(stack, ids, "files").source.url).toBe("https://logs-bucket.s3.example.test/events-v2/**.json");
    },
  },
});

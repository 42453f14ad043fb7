/**
 * Pulumi's own resource options on pipes, plain-string credentials, a pipe whose inputs are
 * unknown during preview, and adoption of an existing pipe: test/e2e/programs/options.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSerializedProviders, E2EStack, expectCiphertext, resourcesOf, UNKNOWN } from "./harness";
import { idsOf, STEP_TIMEOUT } from "./example-flow";

const PLAIN_PASSWORD = "plain-password-in-program-7781"; // written in the program as a plain string
const MARKED_SECRET = "e2e-ca-certificate-marked-secret-4410"; // pulumi.secret() inside `source`
const KAFKA_PASSWORD = "e2e-kafka-password-options";

describe("resource options, plain credentials, unknown inputs, adoption", () => {
  let stack: E2EStack;
  let ids: Record<string, string> = {};
  let existingId = "";

  beforeAll(async () => {
    stack = await E2EStack.open({
      program: "test/e2e/programs/options",
      secretConfig: { kafkaPassword: KAFKA_PASSWORD },
      secrets: [PLAIN_PASSWORD, MARKED_SECRET],
    });
    // A pipe made outside Pulumi, to adopt.
    const existing = await stack.cloudApi("POST", "/pipes", {
      name: "e2e-existing",
      source: {
        kafka: {
          format: "JSONEachRow",
          brokers: "broker-1.example.test:9092",
          topics: "existing",
          authentication: "PLAIN",
          credentials: { username: "e2e", password: KAFKA_PASSWORD },
        },
      },
      destination: {
        database: "default",
        table: "e2e_existing",
        managedTable: true,
        columns: [
          { name: "id", type: "String" },
          { name: "body", type: "String" },
        ],
      },
      fieldMappings: [
        { sourceField: "id", destinationField: "id" },
        { sourceField: "body", destinationField: "body" },
      ],
    });
    existingId = existing.id;
  }, STEP_TIMEOUT);
  afterAll(async () => {
    await stack?.close();
  });

  async function checkSecrets(): Promise<void> {
    const exported = await stack.assertNoPlaintextSecrets();
    for (const r of resourcesOf(exported.resources, "pipestack:Pipe")) {
      expectCiphertext(r.inputs?.sourceSecrets, `${r.urn} inputs.sourceSecrets`);
      expectCiphertext(r.outputs?.sourceSecrets, `${r.urn} outputs.sourceSecrets`);
    }
    ids = idsOf(exported.resources);
  }

  it(
    "previews a pipe whose topics come from a resource not created yet",
    async () => {
      await stack.setConfig("adoptId", existingId);
      const steps = await stack.previewJson();
      expect(steps.topic.op).toBe("create");
      expect(steps.fed.op).toBe("create");
      // Only the topics are unknown: the rest of the source stays readable in the preview.
      const source = steps.fed.newState?.inputs?.source as any;
      expect(source?.kafka?.topics).toBe(UNKNOWN);
      expect(source?.kafka?.brokers).toBe("broker-1.example.test:9092");
      expect(steps.adopted.op).toBe("create");
      expect(stack.pipes().map((p) => p.id)).toEqual([existingId]);
      await checkSecrets();
    },
    STEP_TIMEOUT,
  );

  it(
    "up creates the pipes and adopts the existing one; nothing changes on a second preview",
    async () => {
      await stack.up();
      await checkSecrets();
      expect(ids.adopted, "the adopted pipe keeps its id").toBe(existingId);
      expect(
        stack
          .pipes()
          .map((p) => p.name)
          .sort(),
      ).toEqual(["e2e-existing", "e2e-fed", "e2e-guarded", "e2e-ignored", "e2e-retained"]);
      const fed = stack.pipes().find((p) => p.name === "e2e-fed")!;
      expect(fed.source.topics).toMatch(/^events-[a-z0-9]+$/);

      const exported = await stack.exportState();
      const byName = (n: string) => exported.resources.find((r) => r.urn.endsWith(`::${n}`))!;
      expect(byName("guarded").protect).toBe(true);
      expect(byName("retained").retainOnDelete).toBe(true);
      // The program marked a field of its source secret: that field is a secret in state (the
      // engine keeps it secret where it is), the rest of the source stays readable.
      expectCiphertext(byName("guarded").inputs?.source?.kafka?.caCertificate, "guarded inputs.source.kafka.caCertificate");
      expect(byName("guarded").inputs?.source?.kafka?.topics).toBe("guarded");
      expectCiphertext(byName("guarded").outputs?.source?.kafka?.caCertificate, "guarded outputs.source.kafka.caCertificate");
      console.log(`[e2e] options: __provider bytes ${JSON.stringify(checkSerializedProviders(exported.resources, stack.secretValues))}`);

      await stack.expectNoChanges();
      await checkSecrets();
    },
    STEP_TIMEOUT,
  );

  it(
    "ignores a change under ignoreChanges; replaces a pipe whose topics become unknown again",
    async () => {
      await stack.setConfig("ignoredReplicas", "5");
      await stack.setConfig("topicPrefix", "orders");
      const steps = await stack.previewJson();
      // `preview --json` lists no step for a resource that stays the same.
      expect(steps.ignored?.op ?? "same", "scaling is in ignoreChanges").toBe("same");
      expect(steps.topic.op).toBe("replace");
      expect(steps.fed.op).toBe("replace");
      expect(steps.fed.replaceReasons).toEqual(["source.kafka.topics"]);
      for (const n of ["guarded", "retained", "adopted"]) expect(steps[n]?.op ?? "same", n).toBe("same");
      console.log(`[e2e] options unknown topics: ${JSON.stringify({ op: steps.fed.op, replaceReasons: steps.fed.replaceReasons })}`);

      const fedBefore = ids.fed;
      await stack.up();
      await checkSecrets();
      expect(ids.fed).not.toBe(fedBefore);
      const pipes = stack.pipes();
      expect(pipes.find((p) => p.name === "e2e-fed")!.source.topics).toMatch(/^orders-[a-z0-9]+$/);
      expect(pipes.find((p) => p.name === "e2e-ignored")!.scaling.replicas).toBe(1);
      expect(pipes).toHaveLength(5);
    },
    STEP_TIMEOUT,
  );

  it(
    "destroy refuses while a pipe is protected; once unprotected it deletes all but the retained pipe",
    async () => {
      const refused = await stack.pulumi(["destroy", "--yes"]);
      expect(refused.code).not.toBe(0);
      expect(refused.stdout + refused.stderr).toMatch(/protected/);
      expect(stack.pipes(), "destroy stopped in its preview: every pipe is still there").toHaveLength(5);

      await stack.must(["state", "unprotect", "--all", "--yes", "--stack", stack.stack, "--cwd", stack.programDir], false);
      await stack.destroy();
      const left = stack.pipes();
      expect(left.map((p) => p.name)).toEqual(["e2e-retained"]);
      const exported = await stack.assertNoPlaintextSecrets();
      expect(exported.resources.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/"))).toEqual([]);

      await stack.cloudApi("DELETE", `/pipes/${left[0].id}`);
      const commands = stack.runs.map((r) => `${r.args[0]} ${(r.ms / 1000).toFixed(1)}s`).join(", ");
      console.log(`[e2e] options: ${stack.runs.length} CLI commands: ${commands}`);
    },
    STEP_TIMEOUT,
  );
});

/**
 * The example policy pack's webhook policy (`webhooks-https-and-secret`) run by the real CLI on a
 * program with one StackWebhook (test/e2e/programs/guarded-webhook), against a current stack
 * server: compliant by default; an http URL, and a transform that takes the headers out of the
 * secret outputs, each a mandatory violation that fails the preview.
 */
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, repoRoot } from "./harness";

const STEP_TIMEOUT = 240_000;
const PACK = path.join(repoRoot, "examples", "policy-pack");

describe("example policy pack on a webhook", () => {
  let stack: E2EStack;
  beforeAll(async () => {
    stack = await E2EStack.open({
      program: "test/e2e/programs/guarded-webhook",
      stackServer: true,
      emulator: { stackApiVersion: "2.36.0" },
      secretConfig: { webhookToken: "policy-hook-token-52d1" },
    });
  }, STEP_TIMEOUT);
  afterAll(async () => {
    await stack?.close();
  });

  const preview = () => stack.pulumi(["preview", "--policy-pack", PACK]);

  it(
    "passes a webhook over https with its headers secret",
    async () => {
      const run = await preview();
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain("pipestack-guardrails");
      expect(run.stdout).not.toContain("webhooks-https-and-secret");
    },
    STEP_TIMEOUT,
  );

  it(
    "reports an http URL and headers out of the secret outputs, and fails the preview",
    async () => {
      await stack.setConfig("webhookUrl", "http://hooks.example.com/pager");
      await stack.setConfig("unsecret", "true");
      const run = await preview();
      const out = run.stdout + run.stderr;
      expect(run.code, out).not.toBe(0);
      expect(out).toContain("webhooks-https-and-secret");
      expect(out).toContain(`url "http://hooks.example.com/pager" is not https`);
      expect(out).toContain("headers is not in additionalSecretOutputs");
      await stack.assertNoPlaintextSecrets();
    },
    STEP_TIMEOUT,
  );
});

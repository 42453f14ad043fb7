/**
 * The example policy pack (examples/policy-pack) run by the real CLI: `pulumi preview
 * --policy-pack` starts the pack through the Node.js language host (RunPlugin), the pack's
 * policies find the package's resources by type token, and a mandatory violation fails the
 * preview. The program is compliant until config breaks one policy each.
 */
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, repoRoot } from "./harness";

const STEP_TIMEOUT = 240_000;
const PACK = path.join(repoRoot, "examples", "policy-pack");

describe("example policy pack with pulumi preview --policy-pack", () => {
  let stack: E2EStack;

  beforeAll(async () => {
    stack = await E2EStack.open({ program: "test/e2e/programs/guarded", secretConfig: { kafkaPassword: "policy-pack-password-6180" } });
    await stack.up();
  }, STEP_TIMEOUT);
  afterAll(async () => {
    await stack?.close();
  });

  const preview = () => stack.pulumi(["preview", "--policy-pack", PACK]);

  it(
    "runs the pack on a compliant program: no violation, the preview passes",
    async () => {
      const run = await preview();
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain("pipestack-guardrails");
      expect(run.stdout).not.toContain("mandatory");
    },
    STEP_TIMEOUT,
  );

  it(
    "reports each broken policy as a mandatory violation and fails the preview",
    async () => {
      await stack.setConfig("replicas", "10");
      await stack.setConfig("alertTile", "Top pages");
      await stack.setConfig("unsecret", "true");
      const run = await preview();
      const out = run.stdout + run.stderr;
      expect(run.code, out).not.toBe(0);
      expect(out).toContain("pipe-scaling-budget");
      expect(out).toContain("scaling.replicas is 10, over the budget of 4");
      expect(out).toContain("alerts-on-alertable-tiles");
      expect(out).toContain(`watches tile "Top pages" of dashboard board, a table tile`);
      expect(out).toContain("pipe-credentials-secret");
      expect(out).toContain("sourceSecrets (the pipe's credentials) is not in additionalSecretOutputs");
      for (const key of ["replicas", "alertTile", "unsecret"]) await stack.removeConfig(key);
    },
    STEP_TIMEOUT,
  );
});

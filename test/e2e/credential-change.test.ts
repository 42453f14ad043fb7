import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";

/**
 * A credential-only change previews as an update that names the secret property as changed,
 * with the value shown as `[secret]` and never in plaintext; `up` applies it in place.
 */
const OLD = "credential-change-old-password-31";
const NEW = "credential-change-new-password-47";

let s: E2EStack;
beforeAll(async () => {
  s = await E2EStack.open({ program: "test/e2e/programs/many-pipes", config: { count: "1" }, secretConfig: { kafkaPassword: OLD }, secrets: [NEW] });
  await s.up();
}, 120_000);
afterAll(() => s?.close());

describe("a credential-only change", () => {
  it("marks sourceSecrets as changed in the preview, and is applied in place", async () => {
    await s.setConfig("kafkaPassword", NEW, true);
    const step = (await s.previewJson())["crash-00"];
    console.log(`[e2e] credential-only preview: ${JSON.stringify({ op: step.op, diffReasons: step.diffReasons, detailedDiff: step.detailedDiff })}`);
    expect(step.op).toBe("update");
    expect(step.diffReasons).toEqual(["sourceSecrets"]);
    // The whole property is one secret value to the engine, so the path it marks is the property.
    expect(step.detailedDiff).toEqual({ sourceSecrets: { kind: "update", inputDiff: true } });
    const shown = await s.must(["preview", "--diff"]);
    expect(shown.stdout).toMatch(/~ sourceSecrets\s*:/);
    s.emulator.control.resetStats();
    await s.up();
    const patches = Object.entries(s.emulator.control.stats().byRoute).filter(([route]) => route.startsWith("PATCH") && route.endsWith("{pipeId}"));
    expect(patches.map(([, n]) => n)).toEqual([1]);
    await s.expectNoChanges();
    await s.assertNoPlaintextSecrets();
  }, 180_000);

  it("docs/security.md's warning holds: the engine's debug logging prints it in plaintext", async () => {
    const verbose = await s.must(["preview", "-v=9", "--logtostderr", "--logflow"]);
    const debug = await s.must(["preview", "--debug"]);
    console.log(
      `[e2e] secret in -v=9 --logtostderr: ${verbose.stderr.includes(NEW) || verbose.stdout.includes(NEW)}; in --debug: ${debug.stderr.includes(NEW) || debug.stdout.includes(NEW)}`,
    );
    expect(verbose.stderr + verbose.stdout).toContain(NEW);
  }, 180_000);
});

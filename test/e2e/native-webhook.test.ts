/**
 * StackWebhook on the native face: a YAML program run by the real CLI and the YAML language host
 * through the plugin, against a current stack server (the emulator). The header token is written
 * plainly in the program: neither state nor output holds it (the package schema marks it secret,
 * from the field policy); an alert is sent to the webhook by its id; a rename is an update in place.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, expectCiphertext } from "./harness";
import { yamlHost } from "./yaml-host";
import { storedStack } from "../support/stored";
import { SEEDED_WEBHOOK_ID } from "../../emulator/stack/store";

const TOKEN = "native-hook-token-41b7e2";

describe("native provider: a YAML program with a StackWebhook", () => {
  let s: E2EStack;
  beforeAll(async () => {
    s = await E2EStack.open({
      program: "test/e2e/programs/native-webhook",
      stackServer: true,
      emulator: { stackApiVersion: "2.36.0" },
      secrets: [TOKEN],
      path: [await yamlHost()],
    });
  }, 600_000);
  afterAll(async () => {
    await s?.close();
  });

  const stack = () => storedStack(s.emulator, "server");

  it("creates the webhook and the alert on it, its headers a secret in state", async () => {
    s.emulator.control.resetStats();
    // With its preview, as a first `up` in a pipeline runs.
    await s.must(["up", "--yes", "--diff"]);
    // One read of the webhook list per provider process (the preview's and the update's): it
    // tells every stack kind the server's generation and the webhook's gate the names taken.
    expect(s.emulator.control.stats().byRoute["GET /api/v2/webhooks"]).toBe(2);
    const { hookId, hookService } = await s.outputs();
    expect(hookService).toBe("generic");
    const hook = stack().webhooks.find((w) => w.id === hookId);
    expect(hook).toMatchObject({ name: "native-pager", url: "https://hooks.example.com/native", headers: { Authorization: "(redacted)" } });
    expect(stack().alerts.map((a) => a.channel?.webhookId)).toEqual([hookId]);
    const exported = await s.assertNoPlaintextSecrets();
    const pager = exported.resources.find((r) => r.type === "pipestack:index:StackWebhook")!;
    expectCiphertext(pager.inputs?.headers, "inputs.headers");
    expectCiphertext(pager.outputs?.headers, "outputs.headers");
    await s.expectNoChanges();
    // A refresh reads the webhook from the list and keeps the headers it cannot read.
    await s.refresh();
    await s.expectNoChanges();
    await s.assertNoPlaintextSecrets();
  });

  it("renames the webhook in place and destroys it after its alert", async () => {
    const { hookId } = await s.outputs();
    await s.setConfig("hookName", "native-pager-2");
    const steps = await s.previewJson();
    expect(steps.pager.op).toBe("update");
    expect(steps.pager.detailedDiff).toEqual({ name: { kind: "update", inputDiff: false } });
    await s.up();
    expect(stack().webhooks.find((w) => w.id === hookId)?.name).toBe("native-pager-2");
    await s.assertNoPlaintextSecrets();
    await s.destroy();
    expect(stack().webhooks.map((w) => w.id)).toEqual([SEEDED_WEBHOOK_ID]);
    expect(stack().alerts).toEqual([]);
  });
});

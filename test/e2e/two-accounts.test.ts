import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../emulator";
import { startTestEmulator } from "../support/emulator";
import { storedPipes, storedStack } from "../support/stored";
import { checkSerializedProviders, E2EStack, expectCiphertext, resourcesOf } from "./harness";

/**
 * One program, two accounts (two emulators with their own keys, organization and service), every
 * resource with its own `connection` and no `pipestack:*` stack config at all: up, no diff after,
 * refresh and destroy from state alone; no key secret in plaintext anywhere.
 */
const B = {
  keyId: "e2e-account-b-key-id",
  keySecret: "e2e-account-b-key-secret-4f7a21",
  stackToken: "e2e-account-b-stack-token-9b3c",
  organizationId: "0b000000-0000-4000-8000-00000000000b",
  serviceId: "0b000000-0000-4000-8000-0000000000b2",
};

let b: Emulator;
let s: E2EStack;
beforeAll(async () => {
  b = await startTestEmulator({ ...B, stepMs: 20 });
  const accountB = { apiUrl: b.url, keyId: B.keyId, keySecret: B.keySecret, organizationId: B.organizationId, serviceId: B.serviceId };
  s = await E2EStack.open({
    program: "test/e2e/programs/two-accounts",
    // Account A's connection names the harness's emulator, whose settings it then removes below.
    secretConfig: { accountB: JSON.stringify(accountB) },
    secrets: [B.keySecret, B.stackToken],
  });
  const a = s.emulator.options;
  await s.setConfig(
    "accountA",
    JSON.stringify({ apiUrl: s.emulator.url, keyId: a.keyId, keySecret: a.keySecret, organizationId: a.organizationId, serviceId: a.serviceId }),
    true,
  );
  const config = JSON.parse((await s.must(["config", "--json"])).stdout) as Record<string, unknown>;
  for (const key of Object.keys(config).filter((k) => k.startsWith("pipestack:"))) await s.removeConfig(key);
}, 120_000);
afterAll(async () => {
  await s?.close();
  await b?.close();
});

describe("one program, two accounts", () => {
  it("creates each resource in its connection's account, with the connections secret in state", async () => {
    const listed = JSON.parse((await s.must(["config", "--json"])).stdout) as Record<string, unknown>;
    expect(
      Object.keys(listed).filter((k) => k.startsWith("pipestack:")),
      "no global settings",
    ).toEqual([]);
    await s.up();
    expect(storedPipes(s.emulator).map((p) => p.name)).toEqual(["events-a"]);
    expect(storedPipes(b).map((p) => p.name)).toEqual(["events-b"]);
    expect(storedStack(b, "cloud").dashboards).toHaveLength(1);
    expect(storedStack(s.emulator, "cloud").dashboards).toHaveLength(0);
    await s.expectNoChanges();
    const exported = await s.assertNoPlaintextSecrets();
    const dynamic = [...resourcesOf(exported.resources, "pipestack:Pipe"), ...resourcesOf(exported.resources, "pipestack:StackDashboard")];
    expect(dynamic).toHaveLength(3);
    for (const r of dynamic) {
      const name = r.urn.split("::").pop()!;
      expectCiphertext(r.inputs?.connection, `${name} inputs.connection`);
      expectCiphertext(r.outputs?.connection, `${name} outputs.connection`);
    }
    // The serialized provider captures no connection: the same small shim as without one.
    const sizes = checkSerializedProviders(exported.resources, [...s.secretValues, b.url, B.keyId]);
    const ciphertext = (dynamic[0].outputs!.connection as { ciphertext: string }).ciphertext.length;
    console.log(`[e2e] two accounts: __provider bytes ${JSON.stringify(sizes)}; connection ciphertext ${ciphertext} chars per copy (inputs and outputs)`);
  }, 240_000);

  it("a changed connection (a rotated credential) updates in place, never replaces", async () => {
    const accountB = {
      apiUrl: b.url,
      keyId: B.keyId,
      keySecret: B.keySecret,
      organizationId: B.organizationId,
      serviceId: B.serviceId,
      stackToken: B.stackToken,
    };
    await s.setConfig("accountB", JSON.stringify(accountB), true);
    const steps = await s.previewJson();
    expect(steps["events-b"]?.op).toBe("update");
    expect(steps["board-b"]?.op).toBe("update");
    expect(steps["events-a"]?.op ?? "same").toBe("same");
    const pipe = storedPipes(b)[0];
    await s.up();
    expect(storedPipes(b).map((p) => p.id)).toEqual([pipe.id]);
    await s.expectNoChanges();
  }, 240_000);

  it("refreshes and destroys in both accounts from state alone", async () => {
    const refresh = await s.refresh();
    expect(refresh.stdout).not.toMatch(/deleted/i);
    await s.expectNoChanges();
    await s.destroy();
    expect(storedPipes(s.emulator)).toEqual([]);
    expect(storedPipes(b)).toEqual([]);
    expect(storedStack(b, "cloud").dashboards).toEqual([]);
    await s.assertNoPlaintextSecrets();
  }, 240_000);
});

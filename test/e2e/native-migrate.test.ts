/**
 * Moving a pipe from the dynamic face to the native provider without replacing it (docs/native-provider.md's
 * procedure): forget the dynamic resource (`pulumi state delete`), then take the pipe over with
 * the `import` option on the native resource. The service sees no create and no delete.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";

const PASSWORD = "migrate-kafka-pw-2b7d11";

describe("native provider: moving a stack from the dynamic face", () => {
  let s: E2EStack;
  beforeAll(async () => {
    s = await E2EStack.open({ program: "test/e2e/programs/native-migrate", secretConfig: { kafkaPassword: PASSWORD } });
  }, 300_000);
  afterAll(async () => {
    await s?.close();
  });

  const count = (method: string, suffix: string) =>
    Object.entries(s.emulator.control.stats().byRoute)
      .filter(([route]) => route.startsWith(method) && route.endsWith(suffix))
      .reduce((n, [, c]) => n + c, 0);

  it("takes over the dynamic face's pipe, keeping its id", async () => {
    await s.up();
    const id = (await s.outputs()).pipeId as string;
    const posts = count("POST", "/pipes");
    const urn = (await s.exportState()).resources.find((r) => r.type === "pulumi-nodejs:dynamic/pipestack:Pipe")!.urn;
    await s.must(["state", "delete", urn, "--yes", "--stack", s.stack, "--cwd", s.programDir], false);
    await s.setConfig("face", "native");
    await s.setConfig("importId", id);
    const run = await s.up();
    expect(run.stdout).toMatch(/1 imported/);
    expect(count("POST", "/pipes")).toBe(posts);
    expect(count("DELETE", "{pipeId}")).toBe(0);
    expect(s.pipes().map((p) => p.id)).toEqual([id]);
    const resources = (await s.exportState()).resources;
    expect(resources.filter((r) => r.type === "pipestack:index:Pipe").map((r) => r.id)).toEqual([id]);
    expect(resources.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic"))).toEqual([]);
    await s.expectNoChanges();
    await s.assertNoPlaintextSecrets();
    await s.destroy();
    expect(s.pipes()).toEqual([]);
  });
});

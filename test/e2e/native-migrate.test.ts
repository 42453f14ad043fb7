/**
 * Moving a pipe from the dynamic face to the native provider without replacing it (docs/native-provider.md's
 * procedure): forget the dynamic resource (`pulumi state delete`), then take the pipe over with
 * the `import` option on the native resource. The service sees no create and no delete. And a
 * whole stack (a pipe, a reverse private endpoint, a dashboard) moved by the page's commands:
 * an import file made from `pulumi stack export`, every dynamic resource forgotten, one
 * `pulumi import --file`, `pulumi up`.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProcess } from "../support/run-process";
import { E2EStack, repoRoot } from "./harness";

/** The `jq` filters of docs/native-provider.md over `pulumi stack export` (test below: the page holds them verbatim). */
const DYNAMIC = `select(.type | startswith("pulumi-nodejs:dynamic/pipestack:"))`;
const IMPORT_FILE = `{resources: [.deployment.resources[] | ${DYNAMIC} | {type: ("pipestack:index:" + (.type | split(":") | last)), name: (.urn | split("::") | last), id}]}`;
const URNS = `.deployment.resources[] | ${DYNAMIC} | .urn`;

async function jq(filter: string, input: string, raw = false): Promise<string> {
  const r = await runProcess("jq", [...(raw ? ["-r"] : []), filter], { input });
  if (r.status !== 0) throw new Error(`jq failed: ${r.stderr}`);
  return r.stdout;
}

const PASSWORD = "migrate-kafka-pw-2b7d11";

describe("native provider: moving a stack from the dynamic face", () => {
  let s: E2EStack;
  beforeAll(async () => {
    s = await E2EStack.open({ program: "test/e2e/programs/native-migrate", secretConfig: { kafkaPassword: PASSWORD }, stackServer: true });
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

  it("moves a whole stack (a pipe, an endpoint, a dashboard) with the commands of docs/native-provider.md", async () => {
    await s.removeConfig("face");
    await s.removeConfig("importId");
    await s.setConfig("wholeStack", "true");
    await s.up();
    const before = await s.exportState();
    const dynamic = before.resources.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/pipestack:"));
    expect(dynamic.map((r) => r.type.split(":").pop()).sort()).toEqual(["Pipe", "ReversePrivateEndpoint", "StackDashboard"]);
    const objects = s.storedObjects();
    const posts = count("POST", "");
    const deletes = count("DELETE", "");

    // 1. The import file, from the state.
    const file = path.join(s.tmp, "native.json");
    fs.writeFileSync(file, await jq(IMPORT_FILE, before.text));
    // 2. Forget every dynamic resource (dependents first): nothing is deleted in the service.
    const urns = (await jq(URNS, before.text, true)).trim().split("\n").reverse();
    for (const urn of urns) await s.must(["state", "delete", urn, "--yes", "--stack", s.stack, "--cwd", s.programDir], false);
    // 3. The program on the native face; every resource imported at once.
    await s.setConfig("face", "native");
    const imported = await s.must(["import", "--file", file, "--yes", "--protect=false", "--generate-code=false"]);
    expect(imported.stdout).toMatch(/3 imported/);
    // 4. Up: the program's values (the pipe's credentials among them) go with updates in place.
    await s.up();
    await s.expectNoChanges();

    const after = (await s.exportState()).resources;
    const ids = (rs: typeof after, prefix: string) =>
      rs
        .filter((r) => r.type.startsWith(prefix))
        .map((r) => `${r.type.split(":").pop()} ${r.id}`)
        .sort();
    expect(ids(after, "pipestack:index:")).toEqual(ids(dynamic, "pulumi-nodejs:dynamic/pipestack:"));
    expect(after.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic"))).toEqual([]);
    expect(count("POST", "")).toBe(posts);
    expect(count("DELETE", "")).toBe(deletes);
    expect(s.storedObjects()).toBe(objects);
    await s.assertNoPlaintextSecrets();
    await s.destroy();
    expect(s.storedObjects()).toBe(0);
  }, 300_000);

  it("docs/native-provider.md gives these commands verbatim", () => {
    const readme = fs.readFileSync(path.join(repoRoot, "docs", "native-provider.md"), "utf8");
    expect(readme).toContain(`jq '${IMPORT_FILE}' > native.json`);
    expect(readme).toContain(`jq -r '${URNS}'`);
    expect(readme).toContain("pulumi import --file native.json --yes --protect=false --generate-code=false");
  });
});

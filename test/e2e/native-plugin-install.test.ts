/**
 * The native provider installed the way any language uses it without a plugin download server:
 * `npm run pack-plugin`'s tarball, `pulumi plugin install resource pipestack <version> -f ...`,
 * then a YAML program with no plugin path at all. It also has an explicit provider resource
 * configured for the open-source stack server, beside the default provider (stack config) that
 * reaches the cloud service's stack: each dashboard lands where its provider says.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProcess } from "../support/run-process";
import { E2EStack, repoRoot } from "./harness";
import { yamlHost } from "./yaml-host";
import { storedStack } from "../support/stored";
import { KEY_SECRET, STACK_TOKEN } from "../support/emulator";

const ADOPT_PASSWORD = "adopt-password-51d0c3";

/** A pipe as the API takes it, and as the program writes it (YAML flow style). */
const adoptedSpec = {
  name: "adopted",
  source: { kafka: { brokers: "b:9092", topics: "adopted", authentication: "PLAIN", credentials: { username: "u", password: "old-password-1" } } },
  destination: { database: "default", table: "adopted", managedTable: true, columns: [{ name: "id", type: "String" }] },
  fieldMappings: [{ sourceField: "id", destinationField: "id" }],
};

const version = (JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string }).version;

/** A YAML program (no `plugins` section) in a folder of its own. */
function program(dir: string, emulatorUrl: string, keyId: string, organizationId: string, serviceId: string, extra = ""): string {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    `name: pipestack-native-installed
runtime: yaml
configuration:
  serverToken:
    type: String
    secret: true
  adoptPassword:
    type: String
    secret: true
resources:
  server:
    type: pulumi:providers:pipestack
    properties:
      apiUrl: ${emulatorUrl}
      keyId: ${keyId}
      organizationId: ${organizationId}
      serviceId: ${serviceId}
      stackUrl: ${emulatorUrl}
      stackToken: \${serverToken}
  onServer:
    type: pipestack:index:StackDashboard
    properties:
      tiles:
        - { name: Errors, x: 0, y: 0, w: 12, h: 4, series: [{ type: time, dataSource: events, aggFn: count }] }
    options:
      provider: \${server}
  onCloud:
    type: pipestack:index:StackDashboard
    properties:
      tiles:
        - { name: Errors, x: 0, y: 0, w: 12, h: 4, series: [{ type: time, dataSource: events, aggFn: count }] }
${extra}`,
  );
  return dir;
}

describe("native provider: installed from the plugin tarball", () => {
  let s: E2EStack;
  let tarball: string;
  let packMs = 0;
  let out: string;

  beforeAll(async () => {
    const started = Date.now();
    out = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-pack-"));
    const packed = await runProcess("node", [path.join(repoRoot, "scripts", "pack-plugin.js"), "--out", out]);
    if (packed.status !== 0) throw new Error(`pack-plugin failed\n${packed.stderr}`);
    tarball = packed.stdout.trim();
    packMs = Date.now() - started;
    const dir = path.join(out, "program");
    s = await E2EStack.open({
      program: program(dir, "http://placeholder", "x", "x", "x"),
      secretConfig: { serverToken: STACK_TOKEN, adoptPassword: ADOPT_PASSWORD },
      path: [await yamlHost()],
    });
    // Now that the emulator runs, the program names its URL and ids.
    const o = s.emulator.options;
    program(dir, s.emulator.url, o.keyId, o.organizationId, o.serviceId);
  }, 600_000);
  afterAll(async () => {
    await s?.close();
    if (out) fs.rmSync(out, { recursive: true, force: true });
  });

  it("packs the plugin into one tarball", () => {
    expect(fs.statSync(tarball).size).toBeGreaterThan(100_000);
    console.log(`pack-plugin: ${Math.round(fs.statSync(tarball).size / 1024)} KB in ${packMs} ms`);
  });

  it("installs it with `pulumi plugin install -f` and serves the schema by name", async () => {
    await s.must(["plugin", "install", "resource", "pipestack", version, "-f", tarball], false);
    const schema = await s.must(["package", "get-schema", "pipestack"], false);
    expect((JSON.parse(schema.stdout) as { version: string }).version).toBe(version);
    // The same schema from the plugin in the package's own bin/ folder, by path.
    const byPath = await s.must(["package", "get-schema", path.join(repoRoot, "bin", "pulumi-resource-pipestack")], false);
    expect(JSON.parse(byPath.stdout)).toEqual(JSON.parse(schema.stdout));
  });

  it("runs a YAML program with an explicit provider beside the default one", async () => {
    await s.up();
    expect(storedStack(s.emulator, "server").dashboards.map((d) => d.name)).toEqual(["onServer"]);
    expect(storedStack(s.emulator, "cloud").dashboards.map((d) => d.name)).toEqual(["onCloud"]);
    const exported = await s.assertNoPlaintextSecrets();
    const provider = exported.resources.find((r) => r.type === "pulumi:providers:pipestack" && r.urn.endsWith("::server"))!;
    expect(provider.inputs?.stackToken).toMatchObject({ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" });
    expect(exported.text).not.toContain(KEY_SECRET);
    await s.expectNoChanges();
  });

  it("adopts a pipe with the `import` option; the program's credentials go with the first update", async () => {
    const created = await s.cloudApi("POST", "/pipes", adoptedSpec);
    const id = (created.result ?? created).id as string;
    const kafka = { ...adoptedSpec.source.kafka, credentials: { username: "u", password: "${adoptPassword}" } };
    const pipe = { ...adoptedSpec, source: { kafka } };
    const o = s.emulator.options;
    const resource = `  adopted:
    type: pipestack:index:Pipe
    properties: ${JSON.stringify(pipe)}
    options:
      import: ${id}
`;
    program(path.join(out, "program"), s.emulator.url, o.keyId, o.organizationId, o.serviceId, resource);
    const patches = () =>
      Object.entries(s.emulator.control.stats().byRoute)
        .filter(([route]) => route.startsWith("PATCH") && route.endsWith("{pipeId}"))
        .reduce((n, [, c]) => n + c, 0);
    const before = patches();
    const run = await s.up();
    expect(run.stdout).toMatch(/imported/);
    // The import compares no credentials (the API never returns them): it succeeds, and the engine
    // then updates the pipe with the program's credentials, in the same run: one PATCH.
    expect(run.stdout).toMatch(/1 imported/);
    expect(run.stdout).toMatch(/1 updated/);
    expect(run.stdout).toMatch(/\+ credentials: \[secret\]/);
    expect(patches()).toBe(before + 1);
    await s.expectNoChanges();
    expect(s.pipes().map((p) => p.id)).toEqual([id]);
  });

  it("keeps the secrets secret, and destroys", async () => {
    await s.assertNoPlaintextSecrets();
    await s.destroy();
    expect(s.storedObjects()).toBe(0);
  });
});

/**
 * `pulumi import` writes a program that works (issue 29): one object of every kind made outside
 * Pulumi (straight on the emulator), imported by one `pulumi import --file` through the native
 * plugin and the YAML language host. The code written holds no value the provider's check
 * refuses (no empty `settings`, no tile ids), the import gives no "bug in the provider" warning
 * and names the credentials the API never returns; the program made from that code (with the
 * credentials added, as the warning says: the pipe's, the connection's password) previews with no
 * change but those credentials, and its first `up` keeps the dashboard's tile ids and the unnamed
 * alert unnamed and sets the password the program added (issue 41: connection and log source).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { load } from "js-yaml";
import { runProcess } from "../support/run-process";
import { E2EStack, pulumiBin, repoRoot, type PreviewStep } from "./harness";
import { yamlConverter, yamlHost } from "./yaml-host";
import { packageSchema, run, schemaTool } from "./package-schema";
import { storedStack } from "../support/stored";
import { nativeResources, tokenOf } from "../../provider/native/resources";
import { docsUrl } from "../../provider/native/docs-url";

const PASSWORD = "import-kafka-pw-5d20c3";
/** The connection's password as made in the UI, and the one the program adds (a rotation, so the `up` shows it arrives). */
const UI_DB_PASSWORD = "import-ui-db-pw-3c07f2";
const DB_PASSWORD = "import-db-pw-7a41e9";
type Obj = Record<string, any>;

/** A YAML project of the native plugin from this checkout, with these resources. */
const project = (resources: Obj = {}) => ({
  name: "imported",
  runtime: "yaml",
  plugins: { providers: [{ name: "pipestack", path: path.join(repoRoot, "bin") }] },
  // `configuration`: the YAML host 1.19.1 does not find values declared under `config`.
  configuration: { kafkaPassword: { type: "string", secret: true }, dbPassword: { type: "string", secret: true } },
  resources,
});

describe("native provider: `pulumi import` of every kind writes a program that previews clean", () => {
  let s: E2EStack;
  let dir: string;
  /** Resource name -> the id of the object made outside. */
  const ids: Record<string, string> = {};
  let tileId: string;
  let imported: { stdout: string; stderr: string };
  let code: Record<string, { type: string; properties: Obj }>;
  let steps: Record<string, PreviewStep & { ops: string[] }>;
  let previewed: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-import-program-"));
    // YAML is JSON's superset: the project is written as JSON.
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), JSON.stringify(project()));
    s = await E2EStack.open({
      program: dir,
      stackServer: true,
      secretConfig: { kafkaPassword: PASSWORD, dbPassword: DB_PASSWORD },
      path: [await yamlHost(), await yamlConverter()],
      emulator: { stackApiVersion: "2.36.0" },
    });

    const pipe = await s.cloudApi("POST", "/pipes", {
      name: "made-outside",
      source: { kafka: { brokers: "b:9092", topics: "outside", authentication: "PLAIN", credentials: { username: "u", password: PASSWORD } } },
      destination: { database: "default", table: "outside", managedTable: true, columns: [{ name: "id", type: "String" }] },
      fieldMappings: [{ sourceField: "id", destinationField: "id" }],
    });
    const endpoint = await s.cloudApi("POST", "/pipesReversePrivateEndpoints", {
      description: "brokers",
      type: "VPC_ENDPOINT_SERVICE",
      vpcEndpointServiceName: "com.example.vpce.svc-1",
    });
    const stack = storedStack(s.emulator, "server");
    const sourceId = stack.sources[0].id;
    const board = await s.stackApi("POST", "/dashboards", {
      name: "made-outside",
      tiles: [{ name: "Errors", x: 0, y: 0, w: 6, h: 3, series: [{ type: "time", sourceId, aggFn: "count", where: "", groupBy: [] }] }],
      tags: ["outside"],
    });
    tileId = board.tiles[0].id as string;
    // No name: the server's alerts may have none.
    const alert = await s.stackApi("POST", "/alerts", {
      threshold: 5,
      interval: "5m",
      thresholdType: "above",
      source: "tile",
      channel: { type: "webhook", webhookId: stack.webhooks[0].id },
      dashboardId: board.id,
      tileId,
    });
    const search = await s.stackApi("POST", "/saved-searches", { name: "made-outside", sourceId, where: "level:error" });
    // Its header is never returned by the server: the import names it as a credential to add.
    const hook = await s.stackApi("POST", "/webhooks", {
      name: "made-outside",
      service: "generic",
      url: "https://hooks.example.test/outside",
      headers: { Authorization: PASSWORD },
    });
    // Its password is never returned by the server: the import names it as a credential to add.
    const conn = await s.stackApi("POST", "/connections", {
      name: "made-outside",
      host: "https://db.example.test:8443",
      username: "reader",
      password: UI_DB_PASSWORD,
    });
    // A log source on it, as the stack's UI makes one (the server adds the empty lists of its kind).
    const logs = await s.stackApi("POST", "/sources", {
      name: "made-outside",
      kind: "log",
      connection: conn.id,
      from: { databaseName: "otel", tableName: "outside_logs" },
      timestampValueExpression: "TimestampTime",
      defaultTableSelectExpression: "Timestamp, ServiceName, Body",
      bodyExpression: "Body",
    });
    Object.assign(ids, {
      pipe: pipe.id,
      endpoint: endpoint.id,
      board: board.id,
      alert: alert.id,
      search: search.id,
      hook: hook.id,
      conn: conn.id,
      logs: logs.id,
    });

    const types: Record<string, string> = {
      pipe: "Pipe",
      endpoint: "ReversePrivateEndpoint",
      board: "StackDashboard",
      alert: "StackAlert",
      search: "StackSavedSearch",
      hook: "StackWebhook",
      conn: "StackConnection",
      logs: "StackSource",
    };
    const file = path.join(s.tmp, "import.json");
    fs.writeFileSync(file, JSON.stringify({ resources: Object.entries(types).map(([name, t]) => ({ type: `pipestack:index:${t}`, name, id: ids[name] })) }));
    const out = path.join(s.tmp, "imported.yaml");
    imported = await s.must(["import", "--file", file, "--yes", "--protect=false", "--out", out]);
    code = (load(fs.readFileSync(out, "utf8")) as { resources: typeof code }).resources;

    // The program made from that code, with the credentials added as the warning says.
    const withCredentials = structuredClone(code);
    withCredentials.pipe.properties.source.kafka.credentials = { username: "u", password: "${kafkaPassword}" };
    withCredentials.conn.properties.password = "${dbPassword}";
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), JSON.stringify(project(withCredentials)));
    steps = await s.previewJson();
    previewed = s.runs[s.runs.length - 1].stdout;
  }, 600_000);
  afterAll(async () => {
    await s?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("imports every kind with no warning but the credentials to add", () => {
    const printed = imported.stdout + imported.stderr;
    expect(printed).toMatch(/8 imported/);
    expect(printed).not.toContain("almost certainly a bug");
    expect(printed).not.toContain("failed to validate");
    expect(printed).not.toContain("has a problem");
    const warned = printed.match(/pipestack:index:\w+ "\w+" was imported without [^\n]*/g) ?? [];
    // The pipe's, the webhook's and the connection's, once in the preview and once in the import; no other kind has credentials.
    expect(new Set(warned)).toEqual(
      new Set([
        `pipestack:index:Pipe "pipe" was imported without source.kafka.credentials, which the API never returns: the server keeps it until the program sets it (as secrets; \`{}\` clears a map); a create or a replacement has only what the program sets (see ${docsUrl("adopting.md")}) (said once: other pipestack:index:Pipe objects of this import that lack the same are not named)`,
        `pipestack:index:StackWebhook "hook" was imported without headers, queryParams, which the API never returns: the server keeps them until the program sets them (as secrets; \`{}\` clears a map); a create or a replacement has only what the program sets (see ${docsUrl("adopting.md")}) (said once: other pipestack:index:StackWebhook objects of this import that lack the same are not named)`,
        `pipestack:index:StackConnection "conn" was imported without password, which the API never returns: the server keeps it until the program sets it (as secrets; \`{}\` clears a map); a create or a replacement has only what the program sets (see ${docsUrl("adopting.md")}) (said once: other pipestack:index:StackConnection objects of this import that lack the same are not named)`,
      ]),
    );
    expect(printed).not.toContain(PASSWORD);
    expect(printed).not.toContain(UI_DB_PASSWORD);
  });

  it("covers every kind the plugin serves", () => {
    expect(
      Object.values(code)
        .map((r) => r.type.replace("pipestack:", "pipestack:index:"))
        .sort(),
    ).toEqual(nativeResources.map(tokenOf).sort());
  });

  it("writes a pipe without an empty `settings` and without credentials", () => {
    const pipe = code.pipe.properties;
    expect(pipe).not.toHaveProperty("settings");
    expect(pipe.source.kafka).toMatchObject({ brokers: "b:9092", topics: "outside", authentication: "PLAIN" });
    expect(pipe.source.kafka).not.toHaveProperty("credentials");
    expect(pipe).not.toHaveProperty("sourceSecrets");
  });

  it("writes a connection without its password, and a log source that points at the imported connection", () => {
    expect(code.conn.properties).toMatchObject({ name: "made-outside", host: "https://db.example.test:8443", username: "reader" });
    expect(code.conn.properties).not.toHaveProperty("password");
    expect(code.logs.properties).toMatchObject({
      name: "made-outside",
      kind: "log",
      connectionId: "${conn.id}",
      from: { databaseName: "otel", tableName: "outside_logs" },
      timestampValueExpression: "TimestampTime",
      defaultTableSelectExpression: "Timestamp, ServiceName, Body",
      bodyExpression: "Body",
    });
  });

  it("writes a dashboard's tiles without their server ids, and keeps the ids in state", async () => {
    expect(code.board.properties.tiles).toHaveLength(1);
    expect(code.board.properties.tiles[0]).not.toHaveProperty("id");
    expect(code.board.properties.tiles[0]).toMatchObject({ key: "Errors", name: "Errors" });
    expect(code.board.properties).not.toHaveProperty("tileIds");
    const board = (await s.exportState()).resources.find((r) => r.urn.endsWith("::board"))!;
    expect(board.outputs?.tileIds).toEqual({ Errors: tileId });
  });

  it('writes an alert without a name as `name: ""`, and points it at the imported dashboard', () => {
    expect(code.alert.properties.name).toBe("");
    expect(code.alert.properties.dashboardId).toBe("${board.id}");
    expect(code.alert.properties.tileId).toBe(tileId);
  });

  it("writes an endpoint and a saved search as the server holds them", () => {
    expect(code.endpoint.properties).toMatchObject({ type: "VPC_ENDPOINT_SERVICE", vpcEndpointServiceName: "com.example.vpce.svc-1", description: "brokers" });
    expect(code.search.properties).toMatchObject({ name: "made-outside", where: "level:error" });
  });

  it("writes the same program in TypeScript, which typechecks against the SDK generated from the schema", async () => {
    // The Node.js language host here is a stand-in without code generation, so the TypeScript is
    // made as the official host makes it: the YAML as PCL (`pulumi convert`), rendered by Pulumi's
    // own Node.js program generator (scripts/schema-tool `program nodejs`).
    const yamlDir = path.join(s.tmp, "yaml-code");
    fs.mkdirSync(yamlDir);
    fs.writeFileSync(path.join(yamlDir, "Pulumi.yaml"), JSON.stringify({ ...project(code), configuration: undefined }));
    const pcl = path.join(s.tmp, "pcl");
    const converted = await runProcess("pulumi", ["convert", "--from", "yaml", "--language", "pcl", "--out", pcl, "--non-interactive"], {
      cwd: yamlDir,
      env: {
        ...process.env,
        PATH: [await yamlConverter(), path.join(await pulumiBin()), process.env.PATH].join(path.delimiter),
        PULUMI_HOME: path.join(s.tmp, "home"),
      },
    });
    expect(converted.status, converted.stdout + converted.stderr).toBe(0);
    const tool = await schemaTool();
    const schema = await packageSchema(path.join(s.tmp, "home"));
    const tsDir = path.join(s.tmp, "ts-code");
    const rendered = await run(tool, ["program", "nodejs", pcl, tsDir], { home: path.join(s.tmp, "home"), input: schema });
    expect(rendered.code, rendered.stderr).toBe(0);
    const ts = fs.readFileSync(path.join(tsDir, "index.ts"), "utf8");
    expect(ts).toContain('new pipestack.Pipe("pipe", {');
    expect(ts).not.toMatch(/settings:/);
    expect(ts).not.toContain("credentials");
    expect(ts).not.toMatch(/password:/);
    expect(ts).toContain("connectionId: conn.id,");
    expect(ts).toContain('name: "",');
    expect(ts).toContain("dashboardId: board.id,");
    expect(ts).not.toContain(`id: "${tileId}"`);
    for (const kind of ["Pipe", "ReversePrivateEndpoint", "StackDashboard", "StackAlert", "StackSavedSearch", "StackWebhook", "StackConnection", "StackSource"])
      expect(ts).toContain(`new pipestack.${kind}(`);

    // The program typechecks against the TypeScript SDK of the same schema.
    // Inside the program's folder, so that both find @pulumi/pulumi in its node_modules.
    const sdk = path.join(tsDir, "sdk");
    expect((await run(tool, ["gen", "nodejs", sdk], { home: path.join(s.tmp, "home"), input: schema })).code).toBe(0);
    const module = /from "([^"]+)";\n/.exec(ts.split("\n").find((l) => l.includes("as pipestack"))! + "\n")![1];
    fs.symlinkSync(path.join(repoRoot, "node_modules"), path.join(tsDir, "node_modules"));
    fs.writeFileSync(
      path.join(tsDir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: "es2020",
          module: "commonjs",
          moduleResolution: "node",
          skipLibCheck: true,
          baseUrl: ".",
          paths: { [module]: ["./sdk"] },
        },
        files: ["index.ts"],
      }),
    );
    const checked = await run(process.execPath, [path.join(repoRoot, "node_modules", "typescript", "bin", "tsc"), "-p", tsDir], {
      home: path.join(s.tmp, "home"),
    });
    expect(checked.stdout + checked.stderr).toBe("");
    expect(checked.code).toBe(0);
  });

  it("previews the program made from that code with no change but the credentials, and no warning", () => {
    const changed = Object.entries(steps).filter(([, st]) => st.op !== "same");
    expect(changed.map(([name, st]) => [name, st.op]).sort()).toEqual([
      ["conn", "update"],
      ["pipe", "update"],
    ]);
    expect(Object.keys(steps.pipe.detailedDiff ?? {})).toEqual(["sourceSecrets.credentials"]);
    expect(Object.keys(steps.conn.detailedDiff ?? {})).toEqual(["password"]);
    // An unchanged resource has no step in `preview --json`.
    for (const name of ["endpoint", "board", "alert", "search", "hook", "logs"]) expect(steps[name]?.op ?? "same", name).toBe("same");
    const diagnostics = (JSON.parse(previewed) as { diagnostics?: { message: string; severity: string }[] }).diagnostics ?? [];
    expect(diagnostics.filter((d) => d.severity === "warning" && !d.message.includes("pulumi-language-yaml"))).toEqual([]);
  });

  it("runs the first `up` as previewed: the tile ids kept, the alert left unnamed, then nothing to change", async () => {
    await s.up();
    const stack = storedStack(s.emulator, "server");
    const board = stack.dashboards.find((d) => d.id === ids.board)!;
    expect(board.tiles.map((t: Obj) => t.id)).toEqual([tileId]);
    const alert = stack.alerts.find((a) => a.id === ids.alert)!;
    expect(alert.name ?? null).toBeNull();
    expect(alert.tileId).toBe(tileId);
    expect(s.pipes().find((p) => p.id === ids.pipe)?.name).toBe("made-outside");
    // The password the program added is the one the server keeps; the source still on its connection.
    expect(s.emulator.control.connectionPasswordIs(ids.conn, DB_PASSWORD)).toBe(true);
    expect(stack.sources.find((x) => x.id === ids.logs)?.connection).toBe(ids.conn);
    await s.expectNoChanges();
    await s.assertNoPlaintextSecrets();
  });
});

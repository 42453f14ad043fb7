/**
 * Write-only fields an import leaves out are the server's (issue 33 item 3, issue 36), through
 * the real CLI and the native plugin: a webhook with headers and a query parameter and a pipe
 * with credentials, and a connection with a password (issue 41), made outside (raw API),
 * imported by `pulumi import`; the program written by the import previews with no change
 * (`preview --expect-no-changes`, no credentials added), and a description-only change of the
 * webhook, previewed with the headers "kept as on the server", leaves them and the query
 * parameter on the server (read through the emulator's state) and sends neither (its recorded
 * request bodies); a username-only change of the connection keeps its password likewise.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { load } from "js-yaml";
import { E2EStack, repoRoot, type Run } from "./harness";
import { yamlConverter, yamlHost } from "./yaml-host";
import { storedStack } from "../support/stored";

const PASSWORD = "kept-import-kafka-pw-61c2";
const TOKEN = "Bearer kept-import-token-8d1e";
const DB_PASSWORD = "kept-import-db-pw-2f95";
type Obj = Record<string, any>;

const project = (resources: Obj = {}) => ({
  name: "imported-kept",
  runtime: "yaml",
  plugins: { providers: [{ name: "pipestack", path: path.join(repoRoot, "bin") }] },
  resources,
});

describe("native provider: an imported program keeps the write-only fields the server holds", () => {
  let s: E2EStack;
  let dir: string;
  const ids: Record<string, string> = {};
  let code: Record<string, { type: string; properties: Obj }>;
  let noChange: Run;
  let changed: Run;
  let putPaths: string[][];
  let connPutPaths: string[][];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-import-kept-"));
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), JSON.stringify(project()));
    s = await E2EStack.open({ program: dir, stackServer: true, path: [await yamlHost(), await yamlConverter()], emulator: { stackApiVersion: "2.36.0" } });

    const pipe = await s.cloudApi("POST", "/pipes", {
      name: "kept-outside",
      source: { kafka: { brokers: "b:9092", topics: "kept", authentication: "PLAIN", credentials: { username: "u", password: PASSWORD } } },
      destination: { database: "default", table: "kept", managedTable: true, columns: [{ name: "id", type: "String" }] },
      fieldMappings: [{ sourceField: "id", destinationField: "id" }],
    });
    const hook = await s.stackApi("POST", "/webhooks", {
      name: "kept-outside",
      service: "generic",
      url: "https://hooks.example.test/kept",
      headers: { Authorization: TOKEN, "X-Src": "outside" },
      queryParams: { q: "outside" },
    });
    const conn = await s.stackApi("POST", "/connections", {
      name: "kept-outside",
      host: "https://db.example.test:8443",
      username: "reader",
      password: DB_PASSWORD,
    });
    Object.assign(ids, { pipe: pipe.id, hook: hook.id, conn: conn.id });
    const file = path.join(s.tmp, "import.json");
    fs.writeFileSync(
      file,
      JSON.stringify({
        resources: [
          { type: "pipestack:index:Pipe", name: "pipe", id: pipe.id },
          { type: "pipestack:index:StackWebhook", name: "hook", id: hook.id },
          { type: "pipestack:index:StackConnection", name: "conn", id: conn.id },
        ],
      }),
    );
    const out = path.join(s.tmp, "imported.yaml");
    await s.must(["import", "--file", file, "--yes", "--protect=false", "--out", out]);
    code = (load(fs.readFileSync(out, "utf8")) as { resources: typeof code }).resources;

    // The program exactly as the import wrote it: no credentials, no headers.
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), JSON.stringify(project(code)));
    noChange = await s.expectNoChanges();

    // A description-only change of the webhook, a username-only change of the connection.
    const described = structuredClone(code);
    described.hook.properties.description = "pages the on-call";
    described.conn.properties.username = "reader2";
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), JSON.stringify(project(described)));
    s.emulator.control.resetStats();
    changed = await s.up();
    putPaths = s.emulator.control
      .bodies()
      .filter((b) => b.method === "PUT" && b.route.includes("webhooks"))
      .map((b) => b.paths);
    connPutPaths = s.emulator.control
      .bodies()
      .filter((b) => b.method === "PUT" && b.route.includes("connections"))
      .map((b) => b.paths);
  }, 600_000);
  afterAll(async () => {
    await s?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("writes a program without the write-only fields", () => {
    expect(code.pipe.properties.source.kafka).not.toHaveProperty("credentials");
    expect(code.hook.properties).not.toHaveProperty("headers");
    expect(code.hook.properties).not.toHaveProperty("queryParams");
    expect(code.conn.properties).not.toHaveProperty("password");
  });

  it("previews that program with no change (`preview --expect-no-changes`), credentials left out", () => {
    expect(noChange.stdout + noChange.stderr).not.toMatch(/is required with authentication/);
  });

  it("a description-only `up` sends one PUT without the maps, says they are kept, and the server keeps them", () => {
    expect(putPaths).toHaveLength(1);
    expect(putPaths[0]).toContain("description");
    expect(putPaths[0].filter((p) => p.startsWith("headers") || p.startsWith("queryParams"))).toEqual([]);
    expect(changed.stdout + changed.stderr).toMatch(/headers, queryParams kept as on the server/);
    const hook = storedStack(s.emulator, "server").webhooks.find((w) => w.id === ids.hook)!;
    expect(hook.description).toBe("pages the on-call");
    expect(hook.headers).toEqual({ Authorization: "(redacted)", "X-Src": "(redacted)" });
    expect(hook.queryParams).toEqual({ q: "(redacted)" });
    expect(changed.stdout + changed.stderr).not.toContain(TOKEN);
  });

  it("a username-only `up` of the connection sends no password, says it is kept, and the server keeps it", () => {
    expect(connPutPaths).toHaveLength(1);
    expect(connPutPaths[0]).toContain("username");
    expect(connPutPaths[0]).not.toContain("password");
    expect(changed.stdout + changed.stderr).toMatch(/password kept as on the server/);
    expect(storedStack(s.emulator, "server").connections.find((c) => c.id === ids.conn)?.username).toBe("reader2");
    expect(s.emulator.control.connectionPasswordIs(ids.conn, DB_PASSWORD)).toBe(true);
    expect(changed.stdout + changed.stderr).not.toContain(DB_PASSWORD);
  });

  it("then previews with no change", async () => {
    await s.expectNoChanges();
  });
});

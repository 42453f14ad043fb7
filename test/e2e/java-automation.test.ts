/**
 * The Java SDK (`npm run sdks -- --language java`: scripts/java-sdk.js's classes built by Maven on
 * `com.pulumi:pulumi`) taken as a Java team would: a program (test/e2e/java/Automation.java)
 * compiled with javac against the jar and its Maven classpath, run through the Java SDK's
 * Automation API as an inline program (no Java language host) with the native plugin installed
 * from `pack-plugin`'s tarball: `up` of a pipe, a connection with a secret password under a
 * provider of the program's own, a webhook and a function's result; a `preview` with no change;
 * the import of a webhook made outside; `destroy` leaving nothing; no secret in plaintext anywhere the run left text. And the build
 * saying what to check when Maven cannot reach its repository.
 */
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import { createRequire } from "node:module";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProcess } from "../support/run-process";
import { rawJson } from "../support/raw-api";
import { storedObjects, storedPipes, storedStack } from "../support/stored";
import { AutomationStack, type StepCommand } from "./automation-stack";
import { expectCiphertext, repoRoot, type ExportedResource } from "./harness";
import { buildSdksInto, type BuiltSdks } from "./sdks-build";
import { REPOSITORY } from "../../provider/native/docs-url";

const KAFKA_PASSWORD = "java-kafka-pw-5d1e07";
const DB_PASSWORD = "java-db-pw-c83f2a";
type Java = NonNullable<BuiltSdks["java"]>;

/** The resource of an export by its type and name (the URN's last segment). */
const named = (resources: ExportedResource[], type: string, name: string) => resources.find((r) => r.type === type && r.urn.endsWith(`::${name}`));

describe("a Java program on the generated Java SDK, through the Java Automation API (an inline program)", () => {
  let s: AutomationStack;
  let program: StepCommand;
  let java: Java;
  let version: string;
  let made: Record<string, number> = {};

  beforeAll(async () => {
    s = await AutomationStack.open({ kafkaPassword: KAFKA_PASSWORD, dbPassword: DB_PASSWORD });
    // One build per checkout and schema (a lock and a manifest in the folder), as the other languages' tests share theirs.
    const out = path.join(os.tmpdir(), `pipestack-sdks-java-${crypto.createHash("sha256").update(repoRoot).digest("hex").slice(0, 12)}`);
    const built = await s.timed("sdk", () => buildSdksInto({ out, languages: ["java"], reuse: true, log: () => undefined }));
    java = built.java!;
    made = built.seconds;
    version = built.version;
    const classes = path.join(s.tmp, "classes");
    const classpath = [classes, ...java.classpath].join(path.delimiter);
    await s.timed("javac", async () => {
      const javac = await runProcess("javac", ["-d", classes, "-cp", classpath, path.join(repoRoot, "test", "e2e", "java", "Automation.java")]);
      if (javac.status !== 0) throw new Error(`javac failed\n${javac.stdout}${javac.stderr}`);
    });
    program = { argv: ["java", "-cp", classpath, "Automation"] };
  }, 900_000);
  afterAll(async () => {
    console.log(`java-automation: seconds ${JSON.stringify({ ...s?.seconds, made })}`);
    await s?.close();
  });

  it("the SDK is a Maven build of the package's version, its jar carrying the version the resources ask for", async () => {
    expect(java).toMatchObject({ groupId: "com.pipestack", artifactId: "pipestack", version, packageName: "com.pipestack.pipestack" });
    const listed = await runProcess("unzip", ["-p", java.jar, "com/pipestack/pipestack/version.txt"]);
    expect(listed.stdout.trim()).toBe(version);
    expect(java.classpath.some((jar) => /com\/pulumi\/pulumi\/1\.36\.1\/pulumi-1\.36\.1\.jar$/.test(jar))).toBe(true);
  });

  it("the Java example of docs/sdks.md compiles against the SDK", async () => {
    const docs = fs.readFileSync(path.join(repoRoot, "docs", "sdks.md"), "utf8");
    const example = /### How a Java program runs now[\s\S]*?```java\n([\s\S]*?)```/.exec(docs)?.[1];
    expect(example).toContain("new StackConnection(");
    const dir = path.join(s.tmp, "docs-example");
    fs.mkdirSync(dir);
    const source = path.join(dir, "DocsExample.java");
    const imports = ["com.pipestack.pipestack.*", "com.pulumi.automation.*", "java.nio.file.Path"].map((i) => `import ${i};`).join("\n");
    fs.writeFileSync(source, `${imports}\npublic class DocsExample {\n  public static void main(String[] args) throws Exception {\n${example}  }\n}\n`);
    const javac = await runProcess("javac", ["-d", dir, "-cp", java.classpath.join(path.delimiter), source]);
    expect(javac.stdout + javac.stderr).toBe("");
    expect(javac.status).toBe(0);
  });

  it("`up` creates the pipe, the connection and the webhook through the SDK, the passwords sent and kept secret", async () => {
    const up = await s.step(program, ["up"]);
    // The stack, the explicit provider, the pipe, the connection, the webhook (not the default provider).
    expect(up.summary).toEqual({ create: 5 });
    const [pipe] = storedPipes(s.emulator);
    expect(storedPipes(s.emulator)).toHaveLength(1);
    expect(pipe).toMatchObject({
      name: "java-events",
      source: { format: "JSONEachRow", brokers: "broker-1.example.test:9092", topics: "events", authentication: "PLAIN" },
      destination: { table: "java_events", managedTable: true },
      scaling: { replicas: 1 },
    });
    const server = storedStack(s.emulator, "server");
    const db = server.connections.find((c) => c.name === "java-db");
    const hook = server.webhooks.find((w) => w.name === "java-alerts");
    expect(db).toMatchObject({ host: "https://db.example.test:8443", username: "stack_reader" });
    expect(hook).toMatchObject({ service: "generic", url: "https://hooks.example.test/java" });
    const bodies = s.emulator.control.bodies();
    expect(bodies.find((b) => b.route.startsWith("POST") && b.route.endsWith("/pipes"))?.paths).toContain("source.kafka.credentials.password");
    expect(bodies.find((b) => b.route.startsWith("POST") && b.route.endsWith("/connections"))?.paths).toContain("password");
    expect(up.outputs).toMatchObject({ pipeId: pipe.id, connectionId: db!.id, webhookId: hook!.id, sources: server.sources.map((x) => x.name).join(",") });

    const { resources } = await s.exportState();
    expectCiphertext(named(resources, "pipestack:index:Pipe", "events")?.inputs?.sourceSecrets, "the pipe's credentials");
    expectCiphertext(named(resources, "pipestack:index:StackConnection", "db")?.inputs?.password, "the connection's password");
    // The SDK asked for the plugin of the package's version, the resources with the schema's download
    // URL (the default provider's name carries it); the function's default provider has none, as the
    // Java library (1.36.1) sends an invoke's version but not its URL. The program's provider kept
    // its secrets and took its numbers.
    const providers = resources.filter((r) => r.type === "pulumi:providers:pipestack");
    const releases = `${REPOSITORY}/releases/download/v${version}`.replace("://", "_/");
    const v = version.replace(/\./g, "_");
    expect(providers.map((r) => [r.urn.split("::").pop(), r.inputs?.version]).sort()).toEqual(
      [
        ["explicit", version],
        [`default_${v}_${releases}`, version],
        [`default_${v}`, version],
      ].sort(),
    );
    const explicit = named(resources, "pulumi:providers:pipestack", "explicit")!;
    expectCiphertext(explicit.inputs?.keySecret, "the provider's keySecret");
    expectCiphertext(explicit.inputs?.stackToken, "the provider's stackToken");
    expect([explicit.inputs?.pollIntervalMs, explicit.inputs?.maxRetries].map(Number)).toEqual([20, 2]);
  });

  it("`preview` of the same program changes nothing", async () => {
    const preview = await s.step(program, ["preview"]);
    expect(preview.summary).toEqual({ same: 5 });
  });

  it("imports a webhook made outside Pulumi (the `importId` option) without writing to it, then previews no change", async () => {
    const made = (await rawJson(s.emulator, "stack-server", "POST", "/webhooks", {
      name: "made-outside",
      service: "generic",
      url: "https://hooks.example.test/outside",
    })) as { id: string };
    s.setConfig("importWebhookId", made.id);
    s.emulator.control.resetStats();
    const up = await s.step(program, ["up"]);
    expect(up.summary).toEqual({ import: 1, same: 5 });
    expect(s.emulator.control.bodies().filter((b) => b.method !== "GET")).toEqual([]);
    const { resources } = await s.exportState();
    expect(named(resources, "pipestack:index:StackWebhook", "outsideHook")).toMatchObject({ id: made.id, outputs: { name: "made-outside" } });
    const preview = await s.step(program, ["preview"]);
    expect(preview.summary).toEqual({ same: 6 });
  });

  it("`destroy` deletes everything the program made and adopted", async () => {
    expect(storedObjects(s.emulator)).toBe(4);
    const destroyed = await s.step(program, ["destroy"]);
    expect(destroyed.summary).toEqual({ delete: 6 });
    expect(storedObjects(s.emulator)).toBe(0);
  });

  it("never shows a secret, in plaintext or encoded: not in any output, the state, the config or the logs", () => {
    const texts = s.texts();
    expect(Object.keys(texts).some((k) => k.includes("backend"))).toBe(true);
    for (const { secret, forms } of s.secretForms()) {
      for (const [where, text] of Object.entries(texts)) {
        const found = forms.find((f) => text.includes(f));
        expect(found, `${where} holds ${secret.slice(0, 4)}… as ${JSON.stringify(found)}`).toBeUndefined();
      }
    }
  });
});

describe("the Java SDK's build when Maven cannot reach its repository", () => {
  const { buildJava } = createRequire(__filename)(path.join(repoRoot, "scripts", "java", "maven.js")) as {
    buildJava(schema: unknown, dir: string, opts: { mavenArgs: string[] }): Promise<unknown>;
  };

  it("fails, naming the dependency, the repository and the setting to check", async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-java-offline-"));
    try {
      const schema = { name: "pipestack", version: "0.0.1", types: {}, resources: {}, provider: { inputProperties: {} } };
      // An empty local repository, offline: what a machine that never reached Maven Central has.
      await expect(buildJava(schema, path.join(tmp, "java"), { mavenArgs: ["-o", `-Dmaven.repo.local=${path.join(tmp, "m2")}`] })).rejects.toThrow(
        /Maven could not fetch the SDK's dependencies \(com\.pulumi:pulumi .*\): is Maven Central, or the mirror in ~\/\.m2\/settings\.xml, reachable/,
      );
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }, 120_000);
});

/**
 * The native provider plugin end to end: a YAML program (test/e2e/programs/native-yaml) run by
 * the real CLI and the YAML language host (built once by scripts/ensure-pulumi-yaml.sh) against
 * the emulator. Life cycle of a pipe and a dashboard (create, update in place, replace, destroy),
 * `preview --json` detailed diffs field by field, `replaceOnChanges`, `pulumi import` of an
 * existing pipe, and secrets never in plaintext.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack } from "./harness";
import { yamlHost } from "./yaml-host";
import { storedStack } from "../support/stored";
import { cloud } from "../support/raw-api";

const PASSWORD = "native-kafka-pw-7c1e90";

describe("native provider: a YAML program", () => {
  let s: E2EStack;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    s = await E2EStack.open({
      program: "test/e2e/programs/native-yaml",
      stackServer: true,
      secretConfig: { kafkaPassword: PASSWORD },
      path: [await yamlHost()],
    });
  }, 600_000);
  afterAll(async () => {
    await s?.close();
  });

  const board = () => storedStack(s.emulator, "server").dashboards;
  const pipeNamed = (name: string) => s.pipes().find((p) => p.name === name);

  it("creates a pipe and a dashboard through the plugin", async () => {
    await s.up();
    expect(
      s
        .pipes()
        .map((p) => p.name)
        .sort(),
    ).toEqual(["native-events", "native-strict"]);
    expect(board().map((d) => d.name)).toEqual(["native-board"]);
    const out = await s.outputs();
    ids.events = out.pipeId as string;
    ids.strict = out.strictId as string;
    ids.board = out.boardId as string;
    expect(pipeNamed("native-events")!.id).toBe(ids.events);
    // The function ran in the plugin, against the configured stack server.
    const sources = storedStack(s.emulator, "server").sources.map((x) => x.name);
    expect(sources.length).toBeGreaterThan(0);
    expect((out.sources as { name: string }[]).map((x) => x.name)).toEqual(sources);
    const exported = await s.exportState();
    const pipe = exported.resources.find((r) => r.type === "pipestack:index:Pipe" && r.urn.endsWith("::events"))!;
    expect(pipe.outputs?.sourceSecrets).toMatchObject({ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" });
    expect(JSON.stringify(pipe.outputs?.source)).not.toContain("credentials");
    // No provider text in state: a pipe's whole entry (inputs, outputs, secrets as ciphertext).
    console.log(`native provider: ${JSON.stringify(pipe).length} B of state for the pipe "events"`);
    expect(JSON.stringify(pipe)).not.toContain("__provider");
    await s.expectNoChanges();
    // A refresh reads every object through the plugin and finds nothing changed.
    await s.refresh();
    await s.expectNoChanges();
  });

  it("previews an update field by field, then updates in place", async () => {
    await s.setConfig("replicas", "2");
    await s.setConfig("tileWidth", "10");
    await s.setConfig("boardTag", "changed"); // ignored: `ignoreChanges: [tags]`
    const steps = await s.previewJson();
    expect(steps.events.op).toBe("update");
    expect(steps.events.detailedDiff).toEqual({ "scaling.replicas": { kind: "update", inputDiff: false } });
    expect(steps.board.op).toBe("update");
    expect(steps.board.detailedDiff).toEqual({ "tiles[0].w": { kind: "update", inputDiff: false } });
    // An unchanged resource has no step in `preview --json`.
    expect(steps.strict).toBeUndefined();
    await s.up();
    expect(pipeNamed("native-events")!.id).toBe(ids.events);
    expect(pipeNamed("native-events")!.scaling?.replicas).toBe(2);
    expect(board()[0].id).toBe(ids.board);
    expect(board()[0].tiles[0].w).toBe(10);
    expect(board()[0].tags).toEqual(["native"]);
  });

  it("replaces a pipe on a change of a field fixed at creation", async () => {
    await s.setConfig("topics", "events-v2");
    const steps = await s.previewJson();
    expect(steps.events.op).toBe("replace");
    expect(steps.events.detailedDiff).toEqual({ "source.kafka.topics": { kind: "update-replace", inputDiff: false } });
    await s.up();
    const now = pipeNamed("native-events")!;
    expect(now.id).not.toBe(ids.events);
    expect(s.pipes().some((p) => p.id === ids.events)).toBe(false);
    ids.events = now.id;
  });

  it("replaces on a rename where the program asks so (replaceOnChanges), and not otherwise", async () => {
    await s.setConfig("strictName", "native-strict-2");
    await s.setConfig("pipeName", "native-events-2");
    const steps = await s.previewJson();
    expect(steps.strict.op).toBe("replace");
    // The provider says "update"; the engine makes it a replacement, as the option asks.
    expect(steps.strict.detailedDiff).toEqual({ name: { kind: "update-replace", inputDiff: false } });
    expect(steps.strict.replaceReasons).toEqual(["name"]);
    expect(steps.events.op).toBe("update");
    await s.up();
    expect(pipeNamed("native-strict-2")!.id).not.toBe(ids.strict);
    expect(s.pipes().some((p) => p.id === ids.strict)).toBe(false);
    expect(pipeNamed("native-events-2")!.id).toBe(ids.events);
  });

  it("imports an existing pipe with `pulumi import`", async () => {
    const created = await s.cloudApi("POST", "/pipes", {
      name: "made-elsewhere",
      source: { kafka: { brokers: "b:9092", topics: "elsewhere", authentication: "PLAIN", credentials: { username: "u", password: PASSWORD } } },
      destination: { database: "default", table: "elsewhere", managedTable: true, columns: [{ name: "id", type: "String" }] },
      fieldMappings: [{ sourceField: "id", destinationField: "id" }],
    });
    const id = (created.result ?? created).id as string;
    const run = await s.must(["import", "pipestack:index:Pipe", "elsewhere", id, "--yes", "--protect=false", "--out", path.join(s.tmp, "imported.yaml")]);
    expect(run.stdout).toContain("imported");
    const exported = await s.exportState();
    const imported = exported.resources.find((r) => r.urn.endsWith("::elsewhere"))!;
    expect(imported.id).toBe(id);
    expect(imported.outputs?.name).toBe("made-elsewhere");
    expect(imported.inputs?.source?.kafka?.topics).toBe("elsewhere");
    // The program written for it: the pipe's fields, and no credential (the API never returns one).
    const code = fs.readFileSync(path.join(s.tmp, "imported.yaml"), "utf8");
    expect(code).toContain("type: pipestack:Pipe");
    expect(code).toContain("topics: elsewhere");
    expect(code).not.toContain(PASSWORD);
  });

  it("imports a pipe of another service by `<serviceId>:<pipeId>`; a wrong id names the forms taken", async () => {
    const other = "7e0d0000-0000-4000-8000-00000000a11e";
    const made = await cloud(s.emulator, other).call("POST", "/pipes", {
      name: "other-service",
      source: { kafka: { brokers: "b:9092", topics: "other", authentication: "PLAIN", credentials: { username: "u", password: PASSWORD } } },
      destination: { database: "default", table: "other", managedTable: true, columns: [{ name: "id", type: "String" }] },
      fieldMappings: [{ sourceField: "id", destinationField: "id" }],
    });
    const id = (made.json as { result: { id: string } }).result.id;
    const run = await s.must(["import", "pipestack:index:Pipe", "other", `${other}:${id}`, "--yes", "--protect=false", "--generate-code=false"]);
    expect(run.stdout).toMatch(/1 imported/);
    const imported = (await s.exportState()).resources.find((r) => r.urn.endsWith("::other"))!;
    expect(imported.id).toBe(id);
    expect(imported.inputs?.serviceId).toBe(other);
    expect(imported.outputs?.name).toBe("other-service");

    const forms = "<pipeId>, <serviceId>:<pipeId> or <organizationId>:<serviceId>:<pipeId>";
    for (const [wrong, why] of [
      [`${other}:6f1c0000-0000-4000-8000-000000000000`, `no object "6f1c0000-0000-4000-8000-000000000000" was found in serviceId ${other}`],
      [`a:b:c:${id}`, "it has 4 parts"],
      [`../x:${id}`, `serviceId "../x" must be an id`],
    ]) {
      const refused = await s.pulumi(["import", "pipestack:index:Pipe", "refused", wrong, "--yes", "--protect=false", "--generate-code=false"]);
      const out = refused.stdout + refused.stderr;
      expect(refused.code, out).not.toBe(0);
      expect(out).not.toContain("does not support importing");
      expect(out).toContain(why);
      expect(out).toContain(forms);
    }
  });

  it("keeps every secret out of state and output, and destroys", async () => {
    await s.assertNoPlaintextSecrets();
    await s.destroy();
    expect(s.pipes()).toEqual([]);
    expect(board()).toEqual([]);
  });
});

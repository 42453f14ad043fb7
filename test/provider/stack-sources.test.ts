import * as pulumi from "@pulumi/pulumi";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { storedStack } from "../support/stored";
import type { Emulator } from "../../emulator/index";
import { getStackSources, getStackSourcesOutput } from "../../provider/functions/list-functions";
import { runAsProgram, useEnv, valueOf } from "../support/program-functions";
import { KEY_SECRET, STACK_TOKEN, startTestEmulator } from "../support/emulator";
import { TARGETS, configFor } from "../support/stack-targets";

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());
runAsProgram();

describe.each(TARGETS)("getStackSources on the %s target", (kind) => {
  it("lists the stack's sources as an Output", async () => {
    useEnv(configFor(kind, emulator));
    const sources = await valueOf(getStackSourcesOutput());
    const seeded = storedStack(emulator, kind).sources;
    expect(sources.map((s) => s.id).sort()).toEqual(seeded.map((s: any) => s.id).sort());
    expect(sources.length).toBeGreaterThan(0);
    expect(JSON.stringify(sources)).not.toContain(kind === "server" ? STACK_TOKEN : KEY_SECRET);
  });

  it("reports a refused credential without showing it", async () => {
    useEnv(configFor(kind, emulator, { keySecret: "wrong-secret-9000", stackToken: "wrong-token-9000" }));
    const message = await valueOf(getStackSourcesOutput()).then(
      () => "resolved",
      (e: Error) => e.message,
    );
    expect(message).toMatch(/401/);
    expect(message).not.toMatch(/wrong-(secret|token)-9000/);
  });
});

describe("getStackSources and the source kinds a current server answers", () => {
  afterEach(() => emulator.control.clearScripts());

  it.each(TARGETS)("keeps the session source and each source's fields as the server answers them (%s target)", async (kind) => {
    useEnv(configFor(kind, emulator));
    const sources = await getStackSources();
    const byKind = Object.fromEntries(sources.map((s) => [s.kind, s]));
    expect(sources.map((s) => s.kind)).toEqual(["log", "trace", "metric", "session"]);
    expect(byKind.session).toMatchObject({ traceSourceId: byKind.trace.id, connection: byKind.log.connection });
    expect(byKind.trace).toMatchObject({ logSourceId: byKind.log.id, sessionSourceId: byKind.session.id, highlightedRowAttributeExpressions: [] });
    expect(byKind.log.metadataMaterializedViews).toEqual(expect.objectContaining({ granularity: "15m" }));
  });

  it("a source of a kind the provider does not know, or with fields it has never seen, does not fail the list", async () => {
    useEnv(configFor("server", emulator));
    const stored = storedStack(emulator, "server").sources;
    const newer = { id: "65f0c0de00000000000000f1", name: "Prometheus-like", kind: "promql", connection: stored[0].connection, fieldOfTomorrow: { a: 1 } };
    const bare = { id: "65f0c0de00000000000000f2" };
    emulator.control.script({ method: "GET", path: "^/api/v2/sources$", status: 200, body: { data: [...stored, newer, bare] } });
    const sources = await getStackSources();
    expect(sources.map((s) => s.id)).toEqual([...stored.map((s) => s.id), newer.id, bare.id]);
    expect(sources.at(-2)).toEqual(newer);
  });
});

describe("getStackSources arguments", () => {
  it("may name the server itself", async () => {
    useEnv({ ...configFor("cloud", emulator) });
    const sources = await valueOf(getStackSourcesOutput({ stackUrl: pulumi.output(emulator.url) }));
    expect(sources.map((s) => s.id).sort()).toEqual(
      storedStack(emulator, "server")
        .sources.map((s) => s.id)
        .sort(),
    );
  });

  it("refuses an unknown argument with its name", async () => {
    const message = await valueOf(getStackSourcesOutput({ team: "x" } as never)).then(
      () => "resolved",
      (e: Error) => e.message,
    );
    expect(message).toMatch(/getStackSources: team is not a known field/);
    await expect(getStackSources({ team: "x" } as never)).rejects.toThrow(/getStackSources: team is not a known field/);
  });
});

describe("getStackSources and getStackSourcesOutput: the function convention", () => {
  it("getStackSources returns a Promise of the same list", async () => {
    useEnv(configFor("server", emulator));
    const pending = getStackSources({}, {});
    expect(pending).toBeInstanceOf(Promise);
    const sources = await pending;
    expect(sources.map((s) => s.id).sort()).toEqual((emulator.control.state() as any).stack.sources.map((s: any) => s.id).sort());
  });

  it("an error names the missing setting and the function", async () => {
    await expect(getStackSources()).rejects.toThrow(/^getStackSources: pipestack:(apiUrl|keyId|organizationId|serviceId) is not set/);
    const message = await valueOf(getStackSourcesOutput()).then(
      () => "resolved",
      (e: Error) => e.message,
    );
    expect(message).toMatch(/^getStackSources: pipestack:\w+ is not set/);
  });

  it("getStackSourcesOutput waits for opts.dependsOn before calling the API", async () => {
    useEnv(configFor("server", emulator));
    let release!: (id: string) => void;
    const gate = new Promise<string>((r) => (release = r));
    class Gate extends pulumi.CustomResource {
      constructor() {
        super("test:index:Gate", "gate", {});
      }
    }
    const dep = new Gate();
    // The mocks answer the id at once; a resource whose id is still pending stands in for one being created.
    Object.defineProperty(dep, "id", { value: pulumi.output(gate) });
    // Without dependsOn the same call is answered well within the wait below.
    const started = Date.now();
    await valueOf(getStackSourcesOutput());
    const ungated = Date.now() - started;
    let resolved = false;
    const sources = valueOf(getStackSourcesOutput({}, { dependsOn: [dep] })).then((v) => ((resolved = true), v));
    await new Promise((r) => setTimeout(r, Math.max(300, 5 * ungated)));
    expect(resolved).toBe(false);
    release("gate-id");
    expect((await sources).length).toBeGreaterThan(0);
  });
});

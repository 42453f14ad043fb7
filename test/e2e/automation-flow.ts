/**
 * One life cycle, the same for every language, of a program on the native provider's generated
 * SDK run through that language's Automation API as an inline program (see automation-stack.ts):
 * `up` of a pipe with a secret credential and a saved search, a `preview` whose detailed diff is
 * checked, an update in place checked on the emulator's store, `pulumi import` of objects made
 * outside, `destroy`, and every secret searched for in every text the run left.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedObjects, storedPipes, storedStack } from "../support/stored";
import { rawJson } from "../support/raw-api";
import { AutomationStack, type StepCommand } from "./automation-stack";
import { type BuiltSdks, type SdkLanguage } from "./language-sdks";
import { builtSdks } from "./sdks-build";
import { expectCiphertext, type ExportedResource } from "./harness";
import { REPOSITORY } from "../../provider/native/docs-url";

const PASSWORD = "automation-kafka-pw-9b3e51";
/** The credential of the pipe made outside Pulumi: the API never returns it, so nothing may show it. */
const OUTSIDE_PASSWORD = "outside-kafka-pw-27c4d8";

const PIPE = "pipestack:index:Pipe";
const SEARCH = "pipestack:index:StackSavedSearch";

/** The resource of an export by its name (the URN's last segment) and type. */
function named(resources: ExportedResource[], type: string, name: string): ExportedResource | undefined {
  return resources.find((r) => r.type === type && r.urn.endsWith(`::${name}`));
}

/**
 * Declares the tests of `language`. `prepare` makes its program runnable against the SDK built
 * (installs it, compiles it) and returns the command of one step.
 */
export function describeAutomation(language: SdkLanguage, prepare: (sdks: BuiltSdks, tmp: string) => Promise<StepCommand>): void {
  describe(`a ${language} program through the ${language} Automation API (an inline program)`, () => {
    let s: AutomationStack;
    let program: StepCommand;
    let sdks: BuiltSdks;
    const ids: Record<string, string> = {};
    let importedState = "";

    beforeAll(async () => {
      s = await AutomationStack.open({ kafkaPassword: PASSWORD });
      // The run's one build of `npm run sdks` (scripts/sdks.js), shared with test/e2e/sdks.test.ts.
      sdks = await s.timed("sdk", () => builtSdks());
      program = await s.timed("program", () => prepare(sdks, s.tmp));
    }, 600_000);
    afterAll(async () => {
      console.log(`${language}-automation: seconds ${JSON.stringify(s?.seconds)}`);
      await s?.close();
    });

    const search = () => storedStack(s.emulator, "server").savedSearches.find((x) => x.name === `${language}-errors`);

    it("`up` creates the pipe and the saved search through the SDK, its credential sent and kept secret", async () => {
      const up = await s.step(program, ["up"]);
      expect(up.summary).toEqual({ create: 4 }); // the stack, the explicit provider, the pipe, the search (not the default provider)
      const [pipe] = storedPipes(s.emulator);
      expect(storedPipes(s.emulator)).toHaveLength(1);
      expect(pipe).toMatchObject({
        name: `${language}-events`,
        source: { format: "JSONEachRow", brokers: "broker-1.example.test:9092", topics: "events", authentication: "PLAIN" },
        destination: { table: `${language}_events`, managedTable: true },
        scaling: { replicas: 1 },
      });
      // The stored view drops credentials; the request's key paths show the password was sent.
      const created = s.emulator.control.bodies().find((b) => b.route.startsWith("POST") && b.route.endsWith("/pipes"));
      expect(created?.paths).toContain("source.kafka.credentials.password");
      const sources = storedStack(s.emulator, "server").sources;
      expect(search()).toMatchObject({ where: "level:error", sourceId: sources[0].id, tags: [language] });
      expect(up.outputs).toMatchObject({ pipeId: pipe.id, searchId: search()!.id, sources: sources.map((x) => x.name) });
      ids.pipe = pipe.id;
      ids.search = search()!.id;

      const { resources } = await s.exportState();
      const state = named(resources, PIPE, "events")!;
      expect(state.id).toBe(pipe.id);
      // The provider keeps a source's credentials apart, as one secret.
      expectCiphertext(state.inputs?.sourceSecrets, "the pipe's credentials (inputs)");
      expectCiphertext(state.outputs?.sourceSecrets, "the pipe's credentials (outputs)");
      expect(JSON.stringify(state.inputs?.source)).not.toContain("credentials");
      // The SDK asked for the plugin of the package's version (not 0.0.0), which the engine found
      // installed; the default provider's name also carries the schema's plugin download URL.
      const providers = resources.filter((r) => r.type === "pulumi:providers:pipestack");
      const releases = `${REPOSITORY}/releases/download/v${sdks.version}`.replace("://", "_/");
      expect(providers.map((r) => [r.urn.split("::").pop(), r.inputs?.version])).toEqual([
        [`default_${sdks.version.replace(/\./g, "_")}_${releases}`, sdks.version],
        ["explicit", sdks.version],
      ]);
      // The program's own provider: its secrets kept secret, its integer settings taken (the Python
      // SDK sends them JSON-encoded, as strings; the Go SDK as numbers).
      const explicit = providers[1];
      expectCiphertext(explicit.inputs?.keySecret, "the provider's keySecret");
      expectCiphertext(explicit.inputs?.stackToken, "the provider's stackToken");
      expect([explicit.inputs?.pollIntervalMs, explicit.inputs?.maxRetries].map(Number)).toEqual([20, 2]);
      expect(named(resources, SEARCH, "errors")?.urn).toBeDefined();
    });

    it("`preview` shows the change field by field (`detailedDiff`) and changes nothing", async () => {
      s.setConfig("replicas", "2");
      s.setConfig("where", "level:error service:checkout");
      const preview = await s.step(program, ["preview"]);
      const changes = (preview.steps ?? []).filter((st) => st.op !== "same");
      const steps = Object.fromEntries(changes.map((st) => [st.urn.split("::").pop(), st]));
      expect(Object.keys(steps).sort()).toEqual(["errors", "events"]);
      expect(steps.events).toMatchObject({ op: "update", detailedDiff: { "scaling.replicas": { kind: "update", inputDiff: false } } });
      expect(Object.keys(steps.events.detailedDiff)).toEqual(["scaling.replicas"]);
      expect(steps.errors).toMatchObject({ op: "update", detailedDiff: { where: { kind: "update", inputDiff: false } } });
      expect(Object.keys(steps.errors.detailedDiff)).toEqual(["where"]);
      expect(storedPipes(s.emulator)[0].scaling).toEqual({ replicas: 1 });
      expect(search()!.where).toBe("level:error");
    });

    it("`up` (with --debug logging) updates both in place", async () => {
      const up = await s.step(program, ["up", "--debug"]);
      expect(up.summary).toEqual({ same: 2, update: 2 });
      expect(storedPipes(s.emulator).map((p) => [p.id, p.scaling])).toEqual([[ids.pipe, { replicas: 2 }]]);
      expect(search()).toMatchObject({ id: ids.search, where: "level:error service:checkout" });
    });

    it("imports a pipe and a saved search made outside Pulumi (the `import` resource option), then sends only the credentials", async () => {
      const pipe = (await rawJson(s.emulator, "cloud", "POST", "/pipes", {
        name: "made-outside",
        // The form of the programs' pipes (their one pipe helper), so the import finds no difference.
        source: {
          kafka: {
            format: "JSONEachRow",
            brokers: "broker-1.example.test:9092",
            topics: "outside",
            authentication: "PLAIN",
            credentials: { username: "ingest", password: OUTSIDE_PASSWORD },
          },
        },
        destination: { database: "default", table: "outside", managedTable: true, columns: [{ name: "id", type: "String" }] },
        fieldMappings: [{ sourceField: "id", destinationField: "id" }],
      })) as { id: string };
      const sourceId = storedStack(s.emulator, "server").sources[0].id;
      const made = (await rawJson(s.emulator, "stack-server", "POST", "/saved-searches", { name: "outside-search", sourceId, where: "level:warn" })) as {
        id: string;
      };
      s.setConfig("importPipeId", pipe.id);
      s.setConfig("importSearchId", made.id);
      s.setConfig("outsidePassword", OUTSIDE_PASSWORD, true);
      s.emulator.control.resetStats();
      const up = await s.step(program, ["up"]);
      // Both read, not written; then the pipe's credentials, which the API never returns, sent from the program.
      expect(up.summary).toEqual({ import: 2, same: 4, update: 1 });
      const writes = s.emulator.control.bodies().filter((b) => b.method !== "GET");
      expect(writes.map((b) => [b.route.split("/").slice(-2).join("/"), b.paths.filter((x) => !x.startsWith("source.kafka.credentials."))])).toEqual([
        ["pipes/{pipeId}", ["source", "source.kafka", "source.kafka.credentials"]],
      ]);
      const exported = await s.exportState();
      importedState = exported.text;
      const p = named(exported.resources, PIPE, "outsidePipe")!;
      expect(p).toMatchObject({ id: pipe.id, outputs: { name: "made-outside" } });
      expect(p.inputs?.source?.kafka?.topics).toBe("outside");
      const q = named(exported.resources, SEARCH, "outsideSearch")!;
      expect(q).toMatchObject({ id: made.id, outputs: { name: "outside-search", where: "level:warn", sourceId } });
      const preview = await s.step(program, ["preview"]);
      expect((preview.steps ?? []).filter((st) => st.op !== "same")).toEqual([]);
    });

    it("`destroy` deletes everything, the imported objects too", async () => {
      expect(storedObjects(s.emulator)).toBe(4);
      const destroyed = await s.step(program, ["destroy"]);
      expect(destroyed.summary).toEqual({ delete: 6 }); // the stack, the explicit provider and the four objects
      expect(storedObjects(s.emulator)).toBe(0);
    });

    it("never shows a secret, in plaintext or encoded: not in any output, the events, the state, the config or the logs", async () => {
      const texts: Record<string, string> = { ...s.texts(), "stack export after import": importedState };
      // The events file holds every step's events, with the resources' inputs and outputs.
      expect(texts.events).toContain("sourceSecrets");
      for (const { secret, forms } of s.secretForms([OUTSIDE_PASSWORD])) {
        for (const [where, text] of Object.entries(texts)) {
          const found = forms.find((f) => text.includes(f));
          expect(found, `${where} holds ${secret.slice(0, 4)}… as ${JSON.stringify(found)}`).toBeUndefined();
        }
      }
    });
  });
}

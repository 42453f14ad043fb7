/**
 * The Python SDK of the native provider, as a Python user gets it: generated from the schema the
 * CLI reads from the plugin, by Pulumi's own generator (scripts/schema-tool), installed with pip
 * next to the `pulumi` Python package from PyPI (scripts/ensure-pulumi-python.sh, once per version),
 * then exercised by test/e2e/python/test_sdk_with_mocks.py under `pulumi.runtime.set_mocks`,
 * Pulumi's unit-test mechanism for Python programs: each resource and the provider registered with
 * its type token, camelCase input names and secrets as the engine would receive them, and the
 * functions invoked by their tokens. Then a Python program on that SDK
 * (test/e2e/programs/native-python) goes through `pulumi up`, `preview`, an update and `destroy`
 * against the emulator with the native plugin, run by test/e2e/python/langhost.py: a TEST
 * STAND-IN for Pulumi's Python language host, whose Go module the test machine cannot fetch.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, repoRoot } from "./harness";
import { storedEndpoints, storedStack } from "../support/stored";
import { packageSchema, run, schemaTool, type Ran } from "./package-schema";
import { pythonEnv, standInPythonHost } from "./python-env";
import { keyPaths } from "../../emulator/body-shapes";
import { dashboardBody } from "../../provider/resources/stack-dashboard/body";
import type { TileConfigInput } from "../../provider/resources/stack-dashboard/config";
import type { DashboardInputs } from "../../provider/resources/stack-dashboard/policy";

const UNIT_TESTS = path.join(repoRoot, "test", "e2e", "python", "test_sdk_with_mocks.py");
const UNIT_TEST_COUNT = 6;

let tmp: string;
let tool: string;
let schema: string;
let python: string;
let site: string;
const seconds: Record<string, number> = {};

function timed<T>(what: string, f: () => T): T {
  const started = Date.now();
  const done = () => (seconds[what] = (Date.now() - started) / 1000);
  const result = f();
  if (result instanceof Promise) return result.finally(done) as T;
  done();
  return result;
}

/** Generates the Python SDK of `text` and pip-installs it into a folder of its own; returns that folder. */
async function installSdk(name: string, text: string): Promise<string> {
  const home = path.join(tmp, "home");
  const sdk = path.join(tmp, `${name}-sdk`);
  const site = path.join(tmp, `${name}-site`);
  const gen = await run(tool, ["gen", "python", sdk], { home, input: text });
  if (gen.code !== 0) throw new Error(`schema-tool gen python failed\n${gen.stderr}`);
  // The cached environment already holds what the SDK requires (checked below with `pip check`):
  // nothing is fetched, and the SDK lands beside it, not in it.
  const pip = await run(
    python,
    ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps", "--no-index", "--no-build-isolation", "--target", site, sdk],
    { home },
  );
  if (pip.code !== 0) throw new Error(`pip install of the generated SDK failed\n${pip.stdout}${pip.stderr}`);
  return site;
}

function unitTests(site: string): Promise<Ran> {
  return run(python, [UNIT_TESTS], { home: path.join(tmp, "home"), env: { PYTHONPATH: site } });
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-python-"));
  tool = await schemaTool();
  schema = await packageSchema(path.join(tmp, "home"));
  python = path.join(await timed("environment", () => pythonEnv()), "python");
  site = await timed("sdk install", () => installSdk("good", schema));
}, 600_000);
afterAll(() => {
  console.log(`native-python: seconds ${JSON.stringify(seconds)}`);
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe("the generated Python SDK", () => {
  it("installs with pip beside the pulumi package of the checkout's version, its requirements met", async () => {
    // The package's own version, so the engine asks for this plugin (never v0.0.0).
    const own = (JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string }).version;
    expect(fs.readdirSync(site)).toEqual(expect.arrayContaining(["pulumi_pipestack", `pulumi_pipestack-${own}.dist-info`]));
    const check = await run(python, ["-m", "pip", "check"], { home: path.join(tmp, "home"), env: { PYTHONPATH: site } });
    expect(check.stdout + check.stderr).toBe("No broken requirements found.\n");
    const version = await run(python, ["-c", "import pulumi_pipestack, importlib.metadata as m; print(m.version('pulumi'))"], {
      home: path.join(tmp, "home"),
      env: { PYTHONPATH: site },
    });
    const sdkVersion = (JSON.parse(fs.readFileSync(path.join(repoRoot, "node_modules", "@pulumi", "pulumi", "package.json"), "utf8")) as { version: string })
      .version;
    expect(version.stdout.trim()).toBe(sdkVersion);
  });

  it("sends the engine type tokens, camelCase inputs, secrets and function calls (Pulumi's mocks)", async () => {
    const r = await timed("unit tests", () => unitTests(site));
    expect(r.stderr, r.stderr).toContain(`Ran ${UNIT_TEST_COUNT} tests`);
    expect(r.stderr.trim().split("\n").pop(), r.stderr).toBe("OK");
    expect(r.code).toBe(0);
  });

  it("fails those tests when the schema renames a property", async () => {
    const renamed = JSON.parse(schema) as { resources: Record<string, { inputProperties: Record<string, unknown>; properties: Record<string, unknown> }> };
    const pipe = renamed.resources["pipestack:index:Pipe"];
    for (const props of [pipe.inputProperties, pipe.properties]) {
      props.mappings = props.fieldMappings;
      delete props.fieldMappings;
    }
    const r = await unitTests(await installSdk("renamed", JSON.stringify(renamed)));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("unexpected keyword argument 'field_mappings'");
  });
});

describe("a Python program run by `pulumi up` (with a test stand-in for the Python language host)", () => {
  const PASSWORD = "python-kafka-pw-4d2a17";
  let s: E2EStack;

  beforeAll(async () => {
    s = await E2EStack.open({
      program: "test/e2e/programs/native-python",
      stackServer: true,
      // A current server: the tiles' config form is its own.
      emulator: { stackApiVersion: "2.36.0" },
      secretConfig: { kafkaPassword: PASSWORD },
      path: [standInPythonHost(path.join(tmp, "python-host"), python, site)],
    });
  }, 600_000);
  afterAll(async () => {
    await s?.close();
  });

  it("creates the pipe, the endpoint and the dashboard through the plugin, and reads a function", async () => {
    await timed("pulumi up", () => s.up());
    const [pipe] = s.pipes();
    expect(s.pipes()).toHaveLength(1);
    expect(pipe).toMatchObject({
      name: "python-events",
      source: { format: "JSONEachRow", brokers: "broker-1.example.test:9092", topics: "events", authentication: "PLAIN" },
    });
    expect(pipe.fieldMappings).toEqual([{ sourceField: "id", destinationField: "id" }]);
    expect(storedStack(s.emulator, "server").dashboards.map((d) => d.name)).toEqual(["python-board"]);
    const out = await s.outputs();
    expect(out.pipeId).toBe(pipe.id);
    // Made through the program's own provider resource (its integer settings sent JSON-encoded).
    expect(
      storedEndpoints(s.emulator)
        .filter((e) => e.description === "python brokers")
        .map((e) => e.id),
    ).toEqual([out.endpointId]);
    expect(out.endpointStatus).toBe("Ready");
    expect(out.sources).toEqual(storedStack(s.emulator, "server").sources.map((x) => x.name));
    await timed("pulumi preview", () => s.expectNoChanges());
  });

  it("sends the tiles' config written in snake_case dicts as the TypeScript face sends the same tiles", () => {
    const log = storedStack(s.emulator, "server").sources.find((x) => x.kind === "log")!.id;
    // The program's tiles as a TypeScript program writes them (the TypeScript face's own types).
    const line: TileConfigInput = {
      displayType: "line",
      sourceId: log,
      select: [{ aggFn: "count", where: "level:error", alias: "errors" }],
      groupBy: "service",
      fitYAxisToData: true,
    };
    const search: TileConfigInput = { displayType: "search", sourceId: log, select: "timestamp, body", where: "level:error" };
    const inputs = {
      name: "python-board",
      tags: ["python"],
      tiles: [
        { name: "Errors", x: 0, y: 0, w: 12, h: 4, series: [{ type: "time", sourceId: log, aggFn: "count", where: "level:error" }] },
        { name: "Error rate", x: 12, y: 0, w: 12, h: 4, config: line },
        { name: "Recent errors", x: 0, y: 4, w: 24, h: 6, config: search },
      ],
    } as DashboardInputs;
    const typescript = dashboardBody(inputs);
    const posted = s.emulator.control.bodies().filter((b) => b.route === "POST /api/v2/dashboards");
    expect(posted).toHaveLength(1);
    expect(posted[0].paths).toEqual(keyPaths(typescript));
    const [board] = storedStack(s.emulator, "server").dashboards.filter((d) => d.name === "python-board");
    expect((board.tiles as { config?: unknown }[]).map((t) => t.config).slice(1)).toMatchObject([line, search]);
  });

  it("refuses a format outside the enum at preview, naming the value given (the engine prints the nested value as {<nil>})", async () => {
    await s.setConfig("format", 'JSONEachRow"X');
    const run = await s.pulumi(["preview"]);
    await s.removeConfig("format");
    expect(run.code).not.toBe(0);
    expect(run.stdout + run.stderr).toContain(
      `property source.kafka.format value {<nil>} has a problem: Invalid enum value. Expected 'JSONEachRow' | 'Avro' | 'AvroConfluent' | 'Protobuf', received "JSONEachRow\\"X"`,
    );
  });

  it("updates in place, keeps secrets out of state and output, and destroys", async () => {
    const id = s.pipes()[0].id;
    await s.setConfig("replicas", "2");
    await s.up();
    expect(s.pipes()[0]).toMatchObject({ id, scaling: { replicas: 2 } });
    await s.assertNoPlaintextSecrets();
    await timed("pulumi destroy", () => s.destroy());
    expect(s.storedObjects()).toBe(0);
  });
});

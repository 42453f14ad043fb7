/**
 * A move from Terraform rehearsed offline, end to end and with no edit: an emulator seeded from
 * the Terraform state (`--from-terraform-state`: the objects keep the state's ids), then
 * `pipestack-from-terraform --credentials-to-config --run` (the credentials into stack config, once
 * per distinct value), `pulumi import --file` of what it wrote into a YAML project on the native
 * plugin, and `pulumi preview --expect-no-changes` of the program it wrote. Run on the example
 * state (three pipes) and on a generated one of 200 pipes and two endpoints; the wall time of the
 * move is printed.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { load } from "js-yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, repoRoot } from "./harness";
import { yamlHost } from "./yaml-host";

const COMMAND = path.join(repoRoot, "bin", "pipestack-from-terraform.js");
const EXAMPLE = path.join(repoRoot, "test/unit/fixtures/terraform-state-example.json");
const PASSWORD = "example-password";

type State = { resources: { mode: string; type: string; name: string; instances: { index_key?: number; attributes: Record<string, unknown> }[] }[] };

/** The example state's first pipe made into `n` pipes (names, tables and groups apart) and `endpoints` endpoints. */
function generated(n: number, endpoints: number): State {
  const doc = JSON.parse(fs.readFileSync(EXAMPLE, "utf8")) as State;
  const model = doc.resources[0].instances[0];
  const hex = (i: number, tag: string) => `00000000-0000-4000-8${tag}-${String(i).padStart(12, "0")}`;
  doc.resources[0].instances = Array.from({ length: n }, (_, i) => {
    const inst = structuredClone(model);
    inst.index_key = i;
    const a = inst.attributes as { id: string; name: string; destination: { table: string }; source: { kafka: { consumer_group: string } } };
    a.id = hex(i, "001");
    a.name = `perf-${i}`;
    a.destination.table = `perf_${i}`;
    a.source.kafka.consumer_group = `perf-${i}`;
    return inst;
  });
  doc.resources.push({
    mode: "managed",
    type: "example_private_endpoint",
    name: "brokers",
    instances: Array.from({ length: endpoints }, (_, i) => ({
      index_key: i,
      attributes: {
        id: hex(i, "002"),
        service_id: "00000000-0000-4000-8000-000000000002",
        type: "VPC_ENDPOINT_SERVICE",
        description: `brokers ${i}`,
        vpc_endpoint_service_name: `com.example.vpce.svc-${i}`,
        msk_cluster_arn: null,
        custom_private_dns_mappings: [],
        status: "Ready",
      },
    })),
  });
  return doc;
}

/**
 * What an import said beyond the CLI's own status line of each resource (`= pipestack:index:Pipe p-0
 * imported (0.4s)`, one or two per object whatever the provider says), blank lines, and this test
 * machine's note that the YAML host comes from PATH: the summary and the provider's warnings.
 */
function saidLines(printed: string): string[] {
  return printed
    .split("\n")
    .filter((line) => line.trim() !== "" && !/^ [=+] +pipestack:index:\w+ \S+ import(ing|ed)?( \([\d.]+s\))?\s*$/.test(line))
    .filter((line) => !line.includes("pulumi-language-yaml from $PATH"));
}

const cases: [string, () => State, number][] = [
  ["the example state", () => JSON.parse(fs.readFileSync(EXAMPLE, "utf8")) as State, 3],
  ["a state of 200 pipes and 2 endpoints", () => generated(200, 2), 202],
];

describe.each(cases)("a move from Terraform rehearsed on %s", (_name, state, objects) => {
  let s: E2EStack;
  let dir: string;
  let stateFile: string;
  let made: { status: number | null; stdout: string; stderr: string };
  let imported: { stdout: string; stderr: string };
  let preview: { code: number; stdout: string; stderr: string };
  let ms: Record<string, number>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-rehearsal-"));
    stateFile = path.join(dir, "terraform.tfstate");
    fs.writeFileSync(stateFile, JSON.stringify(state()));
    const project = (resources: Record<string, unknown>) => ({
      name: "moved",
      runtime: "yaml",
      plugins: { providers: [{ name: "pipestack", path: path.join(repoRoot, "bin") }] },
      resources,
    });
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), JSON.stringify(project({})));
    s = await E2EStack.open({ program: dir, path: [yamlHost()], secrets: [PASSWORD], emulator: { fromTerraformState: stateFile } });

    const t0 = Date.now();
    const convert = spawnSync(process.execPath, [COMMAND, stateFile, "--credentials-to-config", "--run", ...s.stackFlags], {
      cwd: dir,
      env: s.cliEnv,
      encoding: "utf8",
    });
    made = convert;
    const t1 = Date.now();
    fs.writeFileSync(path.join(dir, "import.json"), convert.stdout);
    const out = path.join(dir, "imported.yaml");
    imported = await s.must([
      "import",
      "--file",
      path.join(dir, "import.json"),
      "--yes",
      "--skip-preview",
      "--suppress-progress",
      "--protect=false",
      "--out",
      out,
    ]);
    const t2 = Date.now();
    // The program is what the import wrote, as written.
    const code = load(fs.readFileSync(out, "utf8")) as { resources: Record<string, unknown> };
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), JSON.stringify(project(code.resources)));
    preview = await s.pulumi(["preview", "--expect-no-changes"]);
    const t3 = Date.now();
    ms = { convert: t1 - t0, import: t2 - t1, preview: t3 - t2, move: t3 - t0 };
    process.stdout.write(
      `from-terraform rehearsal, ${objects} objects: pipestack-from-terraform --credentials-to-config --run ${ms.convert} ms, pulumi import ${ms.import} ms, preview ${ms.preview} ms, the move ${ms.move} ms; the import printed ${`${imported.stdout}${imported.stderr}`.trimEnd().split("\n").length} lines, ${saidLines(`${imported.stdout}${imported.stderr}`.trimEnd()).length} beyond the CLI's status line of each resource\n`,
    );
  }, 900_000);
  afterAll(async () => {
    await s?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("converts the state, printing one summary and the credentials moved, never a value", () => {
    expect(made.status, made.stderr).toBe(0);
    expect((JSON.parse(made.stdout) as { resources: unknown[] }).resources).toHaveLength(objects);
    expect(made.stderr).toContain("Credentials: 1 distinct value in the Terraform state, set as stack config secrets:");
    expect(made.stderr.trimEnd().split("\n").length).toBeLessThan(20);
    expect(made.stdout + made.stderr).not.toContain(PASSWORD);
  });

  it("has put each distinct credential in stack config once, as a secret", async () => {
    const config = (await s.must(["config", "--json", "--show-secrets"])).stdout;
    expect(JSON.parse(config)).toMatchObject({ "moved:kafkaCredentials": { secret: true, objectValue: { username: "ingest", password: PASSWORD } } });
    expect(fs.readFileSync(s.stackFlags[3], "utf8")).not.toContain(PASSWORD);
  });

  it("imports every object by the state's id, saying in under 20 lines what there is to know", () => {
    const printed = `${imported.stdout}${imported.stderr}`.trimEnd();
    expect(printed).toMatch(new RegExp(`${objects} imported`));
    const said = saidLines(printed);
    expect(said.length, said.join("\n")).toBeLessThan(20);
    expect(said.filter((line) => line.includes("was imported without its credentials")).length).toBeLessThanOrEqual(3);
    expect(printed).not.toContain(PASSWORD);
  });

  it("previews the imported program with no change and no edit", () => {
    expect(preview.code, `${preview.stdout}\n${preview.stderr}`).toBe(0);
  });
});

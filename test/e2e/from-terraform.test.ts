/**
 * From Terraform to Pulumi through the user's path: objects the service holds, a Terraform state
 * of them (the example state's shape, in a module, with count and for_each keys), the
 * `pipestack-from-terraform` command, then the real CLI's `pulumi import --file` of what it wrote
 * into a YAML project on the native plugin.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProcess } from "../support/run-process";
import { E2EStack, repoRoot } from "./harness";
import { yamlHost } from "./yaml-host";

const PASSWORD = "from-tf-kafka-pw-40b7e2";
const COMMAND = path.join(repoRoot, "bin", "pipestack-from-terraform.js");

/** A pipe instance of the example state (test/unit/fixtures), made to describe another pipe. */
function pipeInstance(key: number, id: string, name: string, serviceId: string) {
  const example = JSON.parse(fs.readFileSync(path.join(repoRoot, "test/unit/fixtures/terraform-state.json"), "utf8")) as {
    resources: { instances: { attributes: Record<string, unknown> }[] }[];
  };
  const attributes = example.resources[0].instances[0].attributes;
  const kafka = (attributes.source as { kafka: { credentials: Record<string, unknown> } }).kafka;
  kafka.credentials.password = PASSWORD;
  return { index_key: key, schema_version: 0, attributes: { ...attributes, id, name, service_id: serviceId } };
}

function run(args: string[], input?: string) {
  return runProcess(process.execPath, [COMMAND, ...args], { input });
}

describe("pipestack-from-terraform, then pulumi import --file", () => {
  let s: E2EStack;
  beforeAll(async () => {
    s = await E2EStack.open({ program: "test/e2e/programs/from-terraform", path: [await yamlHost()], secrets: [PASSWORD] });
  }, 600_000);
  afterAll(async () => {
    await s?.close();
  });

  const pipeBody = (name: string) => ({
    name,
    source: { kafka: { brokers: "b:9092", topics: name, authentication: "PLAIN", credentials: { username: "ingest", password: PASSWORD } } },
    destination: { database: "default", table: name.replace(/-/g, "_"), managedTable: true, columns: [{ name: "id", type: "String" }] },
    fieldMappings: [{ sourceField: "id", destinationField: "id" }],
  });

  it("imports the state's pipes and endpoint, by the ids and names the command wrote", async () => {
    const serviceId = s.emulator.options.serviceId;
    const pipes = await Promise.all(
      ["tf-orders", "tf-clicks"].map(async (name) => ((await s.cloudApi("POST", "/pipes", pipeBody(name))) as { id: string }).id),
    );
    const endpoint = (
      (await s.cloudApi("POST", "/pipesReversePrivateEndpoints", {
        type: "VPC_ENDPOINT_SERVICE",
        description: "brokers",
        vpcEndpointServiceName: "com.example.vpce.svc-1",
      })) as { id: string }
    ).id;
    const state = {
      version: 4,
      terraform_version: "1.12.6",
      serial: 3,
      lineage: "00000000-0000-4000-8000-00000000abcd",
      outputs: {},
      resources: [
        {
          mode: "managed",
          module: 'module.ingest["eu"]',
          type: "example_pipe",
          name: "p",
          provider: "provider",
          instances: pipes.map((id, i) => pipeInstance(i, id, `tf-${i}`, serviceId)),
        },
        {
          mode: "managed",
          type: "example_private_endpoint",
          name: "brokers",
          provider: "provider",
          instances: [
            {
              attributes: {
                id: endpoint,
                service_id: serviceId,
                type: "VPC_ENDPOINT_SERVICE",
                description: "brokers",
                vpc_endpoint_service_name: "com.example.vpce.svc-1",
                msk_cluster_arn: null,
                status: "Ready",
              },
            },
          ],
        },
        { mode: "managed", type: "example_bucket", name: "logs", provider: "provider", instances: [{ attributes: { id: "logs" } }] },
      ],
    };
    const stateFile = path.join(s.tmp, "terraform.tfstate");
    fs.writeFileSync(stateFile, JSON.stringify(state));

    const made = await run([stateFile, "--notes", path.join(s.tmp, "notes.txt")]);
    expect(made.status, made.stderr).toBe(0);
    const doc = JSON.parse(made.stdout) as { resources: { type: string; name: string; id: string }[] };
    expect(doc.resources).toEqual([
      { type: "pipestack:index:Pipe", name: "ingest-eu-p-0", id: `${serviceId}:${pipes[0]}` },
      { type: "pipestack:index:Pipe", name: "ingest-eu-p-1", id: `${serviceId}:${pipes[1]}` },
      { type: "pipestack:index:ReversePrivateEndpoint", name: "brokers", id: `${serviceId}:${endpoint}` },
    ]);
    const notes = fs.readFileSync(path.join(s.tmp, "notes.txt"), "utf8");
    expect(notes).toContain("1 other left out");
    expect(notes).toContain("  source.kafka.credentials (secret; set in the Terraform state: password, username): 2 pipes: ingest-eu-p-0, ingest-eu-p-1");
    expect(made.stdout + made.stderr + notes).not.toContain(PASSWORD);

    const importFile = path.join(s.tmp, "import.json");
    fs.writeFileSync(importFile, made.stdout);
    const out = path.join(s.tmp, "imported.yaml");
    const imported = await s.must(["import", "--file", importFile, "--yes", "--protect=false", "--out", out]);
    expect(imported.stdout).toMatch(/3 imported/);
    const resources = (await s.exportState()).resources.filter((r) => r.type.startsWith("pipestack:index:"));
    const byName = (rows: string[][]) => rows.sort((x, y) => x[1].localeCompare(y[1]));
    expect(byName(resources.map((r) => [r.type, r.urn.split("::").pop()!, r.id!, r.inputs?.serviceId as string]))).toEqual([
      ["pipestack:index:ReversePrivateEndpoint", "brokers", endpoint, serviceId],
      ["pipestack:index:Pipe", "ingest-eu-p-0", pipes[0], serviceId],
      ["pipestack:index:Pipe", "ingest-eu-p-1", pipes[1], serviceId],
    ]);
    const code = fs.readFileSync(out, "utf8");
    expect(code).toContain("topics: tf-orders");
    expect(code).toContain("vpcEndpointServiceName: com.example.vpce.svc-1");
    await s.assertNoPlaintextSecrets();
  });

  it.each([
    ['{"version": 3, "resources": []}', "is a Terraform state of version 3; version 4 is read"],
    [
      '{"version": 4, "resources": [{"mode": "managed", "type": "t", "name": "n", "instances": [{"attributes": {"id": "x"}}]}]}',
      "has no pipe, no reverse private endpoint and no stack object (1 other objects): nothing to import",
    ],
  ])("refuses %s with exit 1, naming the problem", async (text, message) => {
    const file = path.join(s.tmp, "bad.tfstate");
    fs.writeFileSync(file, text);
    const r = await run([file]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`pipestack-from-terraform: ${file} ${message}`);
  });

  it("reads `terraform show -json` from standard input", async () => {
    const shown = {
      format_version: "1.0",
      values: {
        root_module: {
          child_modules: [
            {
              address: "module.ingest",
              resources: [
                {
                  address: "module.ingest.example_pipe.p",
                  mode: "managed",
                  type: "example_pipe",
                  name: "p",
                  values: pipeInstance(0, "p-1", "tf", "svc-1").attributes,
                },
              ],
            },
          ],
        },
      },
    };
    const r = await run(["-"], JSON.stringify(shown));
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ resources: [{ type: "pipestack:index:Pipe", name: "ingest-p", id: "svc-1:p-1" }] });
    expect(r.stderr).toContain("1 object of standard input to import: 1 pipe, 0 reverse private endpoints.");
    expect(r.stdout + r.stderr).not.toContain(PASSWORD);
  });
});

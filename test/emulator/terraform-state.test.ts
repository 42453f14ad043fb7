/**
 * `--from-terraform-state`: the emulator starts holding a Terraform state's pipes and reverse
 * private endpoints with the ids the state names, read back over HTTP as any other object
 * (credentials never in an answer), so a move can be rehearsed offline.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cloud } from "../support/raw-api";
import { startTestEmulator } from "../support/emulator";

const dir = mkdtempSync(path.join(tmpdir(), "emulator-tf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const EXAMPLE = path.resolve(__dirname, "..", "unit", "fixtures", "terraform-state-example.json");
type State = { resources: { mode: string; type: string; name: string; instances: { attributes: Record<string, unknown> }[] }[] };
const example = (): State => JSON.parse(readFileSync(EXAMPLE, "utf8")) as State;
const ENDPOINT_ID = "6f1f4f0e-3b1a-4c53-9a77-0c2d6e1b9a10";

function withEndpoint(state: State): State {
  state.resources.push({
    mode: "managed",
    type: "example_private_endpoint",
    name: "brokers",
    instances: [
      {
        attributes: {
          id: ENDPOINT_ID,
          service_id: "00000000-0000-4000-8000-000000000002",
          type: "VPC_ENDPOINT_SERVICE",
          description: "brokers",
          vpc_endpoint_service_name: "com.example.vpce.svc-1",
          msk_cluster_arn: null,
          custom_private_dns_mappings: [{ private_dns_name: "*.kafka.internal" }],
          status: "Ready",
        },
      },
    ],
  });
  return state;
}

function write(name: string, state: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(state));
  return file;
}

describe("an emulator started from a Terraform state", () => {
  it("answers each pipe and endpoint of the state by its id, running, without its credentials", async () => {
    const state = withEndpoint(example());
    const emulator = await startTestEmulator({ fromTerraformState: write("state.json", state) });
    try {
      const api = cloud(emulator);
      const pipes = state.resources[0].instances.map((i) => i.attributes);
      const listed = (await api.call("GET", "/pipes")).json.result as { id: string }[];
      expect(listed.map((p) => p.id).sort()).toEqual(pipes.map((p) => p.id).sort());
      for (const attributes of pipes) {
        const read = await api.call("GET", `/pipes/${String(attributes.id)}`);
        expect(read.status).toBe(200);
        expect(read.json.result).toMatchObject({
          id: attributes.id,
          name: attributes.name,
          state: "Running",
          source: { kafka: { topics: "events", brokers: "broker-1.example.test:9092" } },
        });
        expect(JSON.stringify(read.json)).not.toContain("example-password");
      }
      const endpoint = await api.call("GET", `/pipesReversePrivateEndpoints/${ENDPOINT_ID}`);
      expect(endpoint.status).toBe(200);
      expect(endpoint.json.result).toMatchObject({
        id: ENDPOINT_ID,
        status: "Ready",
        vpcEndpointServiceName: "com.example.vpce.svc-1",
        customPrivateDnsMappings: [{ privateDnsName: "*.kafka.internal" }],
      });
    } finally {
      await emulator.close();
    }
  });

  it("reads `terraform show -json` output too", async () => {
    const attributes = example().resources[0].instances[0].attributes;
    const shown = {
      format_version: "1.0",
      values: { root_module: { child_modules: [{ resources: [{ address: "module.m.example_pipe.p", mode: "managed", values: attributes }] }] } },
    };
    const emulator = await startTestEmulator({ fromTerraformState: write("shown.json", shown) });
    try {
      expect((await cloud(emulator).call("GET", `/pipes/${String(attributes.id)}`)).json.result.name).toBe(attributes.name);
    } finally {
      await emulator.close();
    }
  });

  it.each([
    [
      "a pipe the API would refuse",
      (s: State) => void (s.resources[0].instances[1].attributes.field_mappings = "x"),
      '"example_pipe.p[1]": not a pipe the API would take',
    ],
    ["an id that is no UUID", (s: State) => void (s.resources[0].instances[0].attributes.id = "p-1"), '"example_pipe.p[0]": id "p-1" in service'],
    [
      "one pipe at two addresses",
      (s: State) => void (s.resources[0].instances[2].attributes.id = s.resources[0].instances[0].attributes.id),
      'at two addresses, "example_pipe.p[0]" and "example_pipe.p[2]": keep one address in the state',
    ],
    [
      "one endpoint at two addresses",
      (s: State) => {
        withEndpoint(s);
        withEndpoint(s);
        s.resources[s.resources.length - 1].name = "again";
      },
      `names one reverse private endpoint (${ENDPOINT_ID}) at two addresses, "example_private_endpoint.brokers" and "example_private_endpoint.again"`,
    ],
  ])("refuses %s at start, naming the object", async (_what, spoil, message) => {
    const state = example();
    spoil(state);
    await expect(startTestEmulator({ fromTerraformState: write("bad.json", state) })).rejects.toThrow(message);
  });

  it("shows a state's control characters escaped, never raw, in what it refuses", async () => {
    const state = example();
    state.resources[0].name = "p\u001b]0;pwned\u0007\u001b[2J\nforged line\u2028";
    state.resources[0].instances[0].attributes.id = "not-a-uuid\u001b[31m";
    const refused = await startTestEmulator({ fromTerraformState: write("controls.json", state) }).then(
      () => "",
      (err: Error) => err.message,
    );
    expect(refused).toContain(String.raw`"example_pipe.p\u001b]0;pwned\u0007\u001b[2J\nforged line\u2028[0]"`);
    expect(refused).toContain("both must be UUIDs");
    expect(refused).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/);
  });
});

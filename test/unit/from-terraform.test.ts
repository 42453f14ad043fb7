/**
 * pipestack-from-terraform's pure parts: reading a Terraform state (the file, version 4, and
 * `terraform show -json`), finding pipes and endpoints by their attributes, names from addresses,
 * import ids, and the notes of what to add by hand.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { convert, importDocument, importId, resourceName, uniqueNames } from "../../provider/from-terraform/convert";
import { attributeAt, camelCase, kindOf } from "../../provider/from-terraform/match";
import { isObj } from "../../provider/schemas/plain-object";
import { notesText } from "../../provider/from-terraform/notes";
import { parseModuleAddress, readTerraformState } from "../../provider/from-terraform/read";

const FIXTURE = fs.readFileSync(path.join(__dirname, "fixtures/terraform-state.json"), "utf8");
const PASSWORD = "tf-fixture-password-5d1e";
const SVC = "00000000-0000-4000-8000-000000000002";

/** A pipe's attributes as the peer provider writes them: every attribute, null when unset. */
const pipeAttrs = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `pipe-${id}`,
  service_id: SVC,
  source: {
    kafka: { brokers: "b:9092", topics: "t", credentials: { username: "u", password: null, password_wo: "x", password_wo_version: 1 } },
    kinesis: null,
  },
  destination: { database: "default", table: "t", roles: null },
  field_mappings: [],
  state: "Running",
  ...extra,
});
const endpointAttrs = (id: string) => ({
  id,
  service_id: SVC,
  type: "VPC_ENDPOINT_SERVICE",
  description: "brokers",
  vpc_endpoint_service_name: "com.example.vpce.svc-1",
  vpc_resource_configuration_id: null,
  vpc_resource_share_arn: null,
  msk_cluster_arn: null,
  msk_authentication: null,
  status: "Ready",
});

const stateOf = (resources: unknown[]) => JSON.stringify({ version: 4, terraform_version: "1.12.6", serial: 1, lineage: "l", outputs: {}, resources });
const resource = (type: string, name: string, instances: unknown[], more: Record<string, unknown> = {}) => ({
  mode: "managed",
  type,
  name,
  provider: 'provider["registry.example/example/example"]',
  instances,
  ...more,
});

describe("the example state", () => {
  const conversion = convert(readTerraformState(FIXTURE));

  it("hands over each pipe with our type token, a name from its address and <serviceId>:<id>", () => {
    expect(importDocument(conversion)).toEqual({
      resources: [
        { type: "pipestack:index:Pipe", name: "p-0", id: `${SVC}:5e16dc79-87c2-453c-b38d-9321b15f3dac` },
        { type: "pipestack:index:Pipe", name: "p-1", id: `${SVC}:fbcf4930-0152-4279-ab32-196948664844` },
      ],
    });
    expect(conversion.handovers.map((h) => h.address)).toEqual(["example_pipe.p[0]", "example_pipe.p[1]"]);
  });

  it("notes the credentials the API never returns, by name only, and the settings", () => {
    expect(conversion.handovers[0].missing).toEqual([{ field: "source.kafka.credentials", secret: true, setInState: ["password", "username"] }]);
    const notes = notesText(conversion, "terraform.tfstate");
    expect(notes).toContain("add source.kafka.credentials as a secret");
    expect(notes).toContain(`pipestack:serviceId ${SVC}`);
    expect(notes).toContain("terraform state rm");
    expect(notes + JSON.stringify(importDocument(conversion))).not.toContain(PASSWORD);
  });
});

describe("reading a state", () => {
  it("finds objects in modules, with count and for_each keys, and names them apart", () => {
    const text = stateOf([
      resource("example_pipe", "p", [{ index_key: "eu west", attributes: pipeAttrs("a") }], { module: 'module.net["x"].module.inner[0]' }),
      resource("example_pipe", "p", [{ index_key: 0, attributes: pipeAttrs("b") }]),
      resource("example_pipe", "p_0", [{ attributes: pipeAttrs("c") }]),
      resource("other_pipe", "p_0", [{ attributes: pipeAttrs("d") }]),
    ]);
    const conversion = convert(readTerraformState(text));
    expect(conversion.handovers.map((h) => [h.address, h.entry.name])).toEqual([
      ['module.net["x"].module.inner[0].example_pipe.p["eu west"]', "net-x-inner-0-p-eu-west"],
      ["example_pipe.p[0]", "p-0"],
      ["example_pipe.p_0", "p_0"],
      ["other_pipe.p_0", "p_0-2"],
    ]);
  });

  it("reads `terraform show -json` as the state file it shows", () => {
    const fromFile = readTerraformState(
      stateOf([
        resource("example_pipe", "p", [{ index_key: 1, attributes: pipeAttrs("a") }]),
        resource("example_endpoint", "e", [{ index_key: "k", attributes: endpointAttrs("e1") }], { module: "module.net" }),
      ]),
    );
    const shown = JSON.stringify({
      format_version: "1.0",
      terraform_version: "1.12.6",
      values: {
        root_module: {
          resources: [
            { address: "example_pipe.p[1]", mode: "managed", type: "example_pipe", name: "p", index: 1, values: pipeAttrs("a"), sensitive_values: {} },
          ],
          child_modules: [
            {
              address: "module.net",
              resources: [
                {
                  address: 'module.net.example_endpoint.e["k"]',
                  mode: "managed",
                  type: "example_endpoint",
                  name: "e",
                  index: "k",
                  values: endpointAttrs("e1"),
                },
              ],
            },
          ],
        },
      },
    });
    expect(readTerraformState(shown)).toEqual(fromFile);
    expect(importDocument(convert(fromFile)).resources.map((r) => [r.type, r.name])).toEqual([
      ["pipestack:index:Pipe", "p-1"],
      ["pipestack:index:ReversePrivateEndpoint", "net-e-k"],
    ]);
  });

  it("leaves out data sources and deposed objects", () => {
    const text = stateOf([
      resource("example_endpoints", "all", [{ attributes: endpointAttrs("e1") }], { mode: "data" }),
      resource("example_pipe", "p", [{ attributes: pipeAttrs("old"), deposed: "00000001" }, { attributes: pipeAttrs("new") }]),
    ]);
    expect(importDocument(convert(readTerraformState(text))).resources.map((r) => r.id)).toEqual([`${SVC}:new`]);
  });

  it("finds nothing in a state with no pipe, and says what it left out", () => {
    const conversion = convert(readTerraformState(stateOf([resource("example_bucket", "b", [{ attributes: { id: "b1", source: "x" } }])])));
    expect(conversion.handovers).toEqual([]);
    expect(conversion.skipped).toEqual(["example_bucket.b"]);
    expect(convert(readTerraformState(JSON.stringify({ format_version: "1.0" }))).handovers).toEqual([]);
  });

  it.each([
    ['{"version": 3, "resources": []}', "is a Terraform state of version 3; version 4 is read"],
    ['{"format_version": "2.0", "values": {}}', 'has format_version "2.0"'],
    ['{"format_version": "1.2", "planned_values": {}}', "is a plan, not a state"],
    ['{"serial": 1}', "has no `version` and no `format_version`"],
    ["[]", "its JSON is not an object"],
    ["{", "is not JSON"],
    ['{"version": 4, "resources": {}}', "state.resources is not a list"],
    [
      '{"version": 4, "resources": [{"mode": "managed", "type": "t", "name": "n", "instances": [{"attributes": []}]}]}',
      "resources[0].instances[0].attributes is not an object",
    ],
    [
      '{"version": 4, "resources": [{"mode": "managed", "module": "net", "type": "t", "name": "n", "instances": []}]}',
      'resources[0].module: module address "net" is not',
    ],
  ])("refuses %s", (text, message) => {
    expect(() => readTerraformState(text)).toThrow(message);
  });
});

describe("matching by attributes", () => {
  it.each([
    ["a pipe", pipeAttrs("p"), "Pipe"],
    ["an endpoint", endpointAttrs("e"), "ReversePrivateEndpoint"],
    ["a pipe with no id yet", { ...pipeAttrs("p"), id: null }, undefined],
    ["no field mappings", { id: "x", source: {}, destination: {} }, undefined],
    ["a type and one per-type field", { id: "x", type: "t", vpc_endpoint_service_name: "n" }, undefined],
    ["anything else", { id: "x", name: "n", type: "t" }, undefined],
  ])("%s", (_, attrs, kind) => {
    expect(kindOf(attrs)).toBe(kind);
  });
});

describe("names and ids", () => {
  it.each([
    [{ modules: [], name: "p" }, "p"],
    [{ modules: [], name: "p", key: 3 }, "p-3"],
    [{ modules: [{ name: "a", key: "x/y" }], name: "p", key: "--" }, "a-x-y-p"],
    [{ modules: [], name: "", key: "" }, "resource"],
  ])("%j -> %s", (inst, name) => {
    expect(resourceName(inst)).toBe(name);
  });

  it("makes names unique in order", () => {
    expect(uniqueNames(["a", "a", "a-2", "b", "a"])).toEqual(["a", "a-2", "a-2-2", "b", "a-3"]);
  });

  it.each([
    [{ id: "p1" }, "p1"],
    [{ id: "p1", service_id: "s1" }, "s1:p1"],
    [{ id: "p1", service_id: "s1", organization_id: "o1" }, "o1:s1:p1"],
    [{ id: "p1", service_id: "" }, "p1"],
    [{ id: "s1/p1" }, "s1:p1"],
    [{ id: "s1:p1" }, "s1:p1"],
    [{ id: "o1/s1/p1" }, "o1:s1:p1"],
    [{ id: "s0/p1", service_id: "s1" }, "s1:p1"],
    [{ id: "a/b/c/p1" }, "a/b/c/p1"],
    [{ id: "/p1" }, "/p1"],
  ])("import id of %j", (attrs, id) => {
    expect(importId(attrs)).toBe(id);
  });

  it.each([
    ["", []],
    ["module.a", [{ name: "a" }]],
    [
      'module.a["k.\\"q"].module.b[2]',
      [
        { name: "a", key: 'k."q' },
        { name: "b", key: 2 },
      ],
    ],
  ])("module address %s", (address, steps) => {
    expect(parseModuleAddress(address, "x")).toEqual(steps);
  });
});

describe("what to add by hand", () => {
  it("names a write-only password, and a set never-read-back field; not another kind's secrets", () => {
    const attrs = pipeAttrs("p", { destination: { database: "d", table: "t", roles: ["writer"] } });
    expect(convert(readTerraformState(stateOf([resource("x", "p", [{ attributes: attrs }])]))).handovers[0].missing).toEqual([
      { field: "destination.roles", secret: false, setInState: ["roles"] },
      { field: "source.kafka.credentials", secret: true, setInState: ["username", "password"] },
    ]);
  });

  it("names the secrets of the source kind even when the state holds none", () => {
    const attrs = pipeAttrs("p", { source: { kafka: null, kinesis: { stream_name: "s", access_key: null } } });
    expect(convert(readTerraformState(stateOf([resource("x", "p", [{ attributes: attrs }])]))).handovers[0].missing).toEqual([
      { field: "source.kinesis.accessKey", secret: true, setInState: [] },
    ]);
  });

  it("says when the objects are in several services", () => {
    const state = stateOf([
      resource("x", "p", [
        { index_key: 0, attributes: pipeAttrs("a") },
        { index_key: 1, attributes: pipeAttrs("b", { service_id: "s2" }) },
      ]),
    ]);
    expect(notesText(convert(readTerraformState(state)), "f")).toContain(`the objects are in 2 services (${SVC}, s2)`);
  });
});

describe("docs/from-terraform.md", () => {
  const docs = (name: string) => fs.readFileSync(path.join(__dirname, "../../docs", name), "utf8");
  /** The exceptions table: `| \`terraform attribute\` | \`field\` |` rows; `<kind>` and `<name>` stand for any name. */
  const exceptions = [...docs("from-terraform.md").matchAll(/^\| `([^`]+)`\s*\| ([^|]+?)\s*\|/gm)].map(([, attr, field]) => ({
    attr: new RegExp(`^${attr.replace(/[.[\]]/g, "\\$&").replace(/<kind>|<name>/g, "([a-z_]+)")}$`),
    field: /^`[^`]+`\s*$/.test(field.trim()) ? field.trim().slice(1, -1) : undefined,
  }));
  // The arguments only: an attribute that maps to an output (`state`) is no field a program sets.
  const args = docs("pipe.md").split("## Arguments")[1].split("## Outputs")[0];
  const documented = new Set([...args.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]));
  const leaves = (v: unknown, p: string): string[] =>
    isObj(v) ? Object.entries(v).flatMap(([k, x]) => leaves(x, p === "" ? k : `${p}.${k}`)) : Array.isArray(v) && isObj(v[0]) ? leaves(v[0], `${p}[]`) : [p];

  it("maps every attribute of the example state to an argument of pipe.md, by the rule or an exception", () => {
    const attrs = (JSON.parse(FIXTURE) as { resources: { instances: { attributes: unknown }[] }[] }).resources[0].instances[0].attributes;
    const unmapped = leaves(attrs, "").flatMap((attr) => {
      const exception = exceptions.find((e) => e.attr.test(attr));
      if (exception && exception.field === undefined) return []; // the import id, or no field at all
      const field = exception ? attr.replace(exception.attr, exception.field!.replace(/<kind>|<name>/, "$1")) : attr.split(".").map(camelCase).join(".");
      return documented.has(field) ? [] : [`${attr} -> ${field}`];
    });
    expect(unmapped).toEqual([]);
    expect(exceptions.length).toBeGreaterThan(5);
  });
});

describe("attributeAt: our field path read at the Terraform attribute path", () => {
  const attributes = { source: { kafka: { consumer_group: "g" } }, field_mappings: [{ source_field: "a" }] };
  it.each<[string, string[], unknown]>([
    ["a nested field, in snake_case", ["source", "kafka", "consumerGroup"], "g"],
    ["a missing field", ["source", "mysql", "host"], undefined],
    // A field path names no list item: a list (a list block) ends the walk.
    ["not through a list", ["fieldMappings", "0", "sourceField"], undefined],
    ["no prototype key", ["constructor"], undefined],
  ])("%s", (_why, path, expected) => {
    expect(attributeAt(attributes, path)).toEqual(expected);
  });
});

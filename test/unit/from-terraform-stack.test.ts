/**
 * pipestack-from-terraform and the peer provider's stack objects: each known by its type (the one
 * table, peer-types.ts), imported by its own id with the other objects of the state, what the API
 * never returns named (a connection's password, a webhook's headers), the connection's password
 * moved to config as a secret; and the credential keys laid out per member for a YAML project.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { convert, importDocument, stackIdParts } from "../../provider/from-terraform/convert";
import { credentialAt, credentialLines, memberKey, movedCredentials } from "../../provider/from-terraform/credentials";
import { kindOf } from "../../provider/from-terraform/match";
import { PEER_STACK_TYPES, stackKindOfType } from "../../provider/from-terraform/peer-types";
import { keyLayout, projectRuntime } from "../../provider/from-terraform/project";
import { readTerraformState } from "../../provider/from-terraform/read";
import { summaryText } from "../../provider/from-terraform/summary";
import { checkHandovers } from "../../provider/from-terraform/validate";

const FIXTURE = fs.readFileSync(path.join(__dirname, "fixtures/terraform-stack-state.json"), "utf8");
const DB_PASSWORD = "tf-stack-db-password-8c1f";
const typeOf = (kind: string) => Object.entries(PEER_STACK_TYPES).find(([, k]) => k === kind)![0];

describe("the peer's stack types", () => {
  it.each(Object.entries(PEER_STACK_TYPES))("%s is a %s, whatever its attributes", (type, kind) => {
    expect(stackKindOfType(type)).toBe(kind);
    expect(kindOf({ id: "6650a0c0ffee000000000c01" }, type)).toBe(kind);
  });
  it("no other type is one, and an object with no id is none", () => {
    expect(stackKindOfType("example_dashboard")).toBeUndefined();
    expect(stackKindOfType("toString")).toBeUndefined();
    expect(kindOf({ id: "" }, typeOf("StackDashboard"))).toBeUndefined();
  });
});

describe("stackIdParts", () => {
  it.each([
    [{ id: "6650a0c0ffee000000000c01" }, { id: "6650a0c0ffee000000000c01" }],
    [{ id: "6650a0c0ffee000000000c01", team: null }, { id: "6650a0c0ffee000000000c01" }],
    [{ id: "65f0c0ffeecafef00dba5e01/6650a0c0ffee000000000c01" }, { id: "6650a0c0ffee000000000c01", team: "65f0c0ffeecafef00dba5e01" }],
    [
      { id: "6650a0c0ffee000000000c01", team: "t1" },
      { id: "6650a0c0ffee000000000c01", team: "t1" },
    ],
  ])("%j -> %j", (attributes, parts) => {
    expect(stackIdParts(attributes)).toEqual(parts);
  });
});

describe("a state with the example's pipes and the stack's objects", () => {
  const instances = readTerraformState(FIXTURE);
  const conversion = convert(instances);

  it("hands over every object, the stack's by their own ids (the stack is the provider block's), in one document", () => {
    expect(conversion.skipped).toEqual([]);
    expect(importDocument(conversion).resources.slice(3)).toEqual([
      { type: "pipestack:index:StackConnection", name: "warehouse", id: "6650a0c0ffee000000000c01" },
      { type: "pipestack:index:StackSource", name: "app_logs", id: "6650a0c0ffee000000000501" },
      { type: "pipestack:index:StackWebhook", name: "pager", id: "6650a0c0ffee000000000a01" },
      { type: "pipestack:index:StackSavedSearch", name: "errors", id: "6650a0c0ffee000000000e01" },
      { type: "pipestack:index:StackDashboard", name: "overview", id: "6650a0c0ffee000000000d01" },
      { type: "pipestack:index:StackAlert", name: "too_many_errors", id: "6650a0c0ffee000000000b01" },
    ]);
    expect(() => checkHandovers(conversion.handovers)).not.toThrow();
  });

  it("names what the API never returns: the connection's password (set in the state), the webhook's maps (write-only: not in it)", () => {
    const missing = Object.fromEntries(conversion.handovers.map((h) => [h.entry.name, h.missing]));
    expect(missing.warehouse).toEqual([{ field: "password", secret: true, setInState: ["password"] }]);
    expect(missing.pager).toEqual([
      { field: "headers", secret: true, setInState: [] },
      { field: "queryParams", secret: true, setInState: [] },
    ]);
    for (const name of ["app_logs", "errors", "overview", "too_many_errors"]) expect(missing[name]).toEqual([]);
  });

  it("moves the connection's password to config as a secret of its own key, beside the pipes' credentials", () => {
    const moved = movedCredentials(instances, conversion);
    expect(moved.map((m) => [m.key, m.kind, m.usedBy])).toEqual([
      ["kafkaCredentials", "Pipe", ["p-0", "p-1", "p-2"]],
      ["connectionPassword", "StackConnection", ["warehouse"]],
    ]);
    expect(credentialAt(moved, "connectionPassword")).toBe(DB_PASSWORD);
  });

  it("counts them by kind in the summary, names the stack's setting, and never prints a value", () => {
    const moved = movedCredentials(instances, conversion);
    const text = summaryText(conversion, "tfstate.json", credentialLines(moved, "tfstate.json", false));
    expect(text).toContain(
      "9 objects of tfstate.json to import: 3 pipes, 0 reverse private endpoints, 1 dashboard, 1 alert, 1 saved search, 1 webhook, 1 connection, 1 source.",
    );
    expect(text).toContain("  password (secret; set in the Terraform state: password): 1 connection: warehouse");
    expect(text).toContain("  connectionPassword: password of 1 connection: warehouse");
    expect(text).toContain("the stack objects' stack, which the state does not name: pipestack:serviceId");
    expect(text).not.toContain(DB_PASSWORD);
  });

  it("refuses an object of another team before anything is written, naming it", () => {
    const doc = JSON.parse(FIXTURE) as { resources: { name: string; instances: { attributes: Record<string, unknown> }[] }[] };
    doc.resources.find((r) => r.name === "pager")!.instances[0].attributes.id = "65f0c0ffeecafef00dba5e01/6650a0c0ffee000000000a01";
    const teamed = convert(readTerraformState(JSON.stringify(doc)));
    expect(() => checkHandovers(teamed.handovers)).toThrow(`"${typeOf("StackWebhook")}.pager" in the stack's team "65f0c0ffeecafef00dba5e01"`);
  });
});

describe("credential keys for a YAML project: a key per member", () => {
  const instances = readTerraformState(FIXTURE);
  const conversion = convert(instances);

  it("names each member's key after the object's, and sets it without --path", () => {
    expect(memberKey("kafkaCredentials", "password")).toBe("kafkaCredentialsPassword");
    const moved = movedCredentials(instances, conversion, "per-member");
    expect(moved[0].values).toEqual([
      { path: "kafkaCredentialsPassword", value: "example-password" },
      { path: "kafkaCredentialsUsername", value: "ingest" },
    ]);
    // A string credential is one key either way.
    expect(moved[1].values).toEqual([{ path: "connectionPassword", value: DB_PASSWORD }]);
    const lines = credentialLines(moved, "tfstate.json", false, [], [], "per-member");
    expect(lines).toContain("  kafkaCredentialsPassword, kafkaCredentialsUsername: source.kafka.credentials of 3 pipes: p-0, p-1, p-2");
    expect(lines).toContain(
      "    npx pipestack-from-terraform tfstate.json --credential kafkaCredentialsPassword | pulumi config set --secret --raw kafkaCredentialsPassword",
    );
    expect(lines.at(-1)).toBe(
      '  A YAML program declares each key, `configuration: { kafkaCredentialsPassword: { type: String, secret: true }, kafkaCredentialsUsername: { type: String, secret: true }, connectionPassword: { type: String, secret: true } }`, and reads it where its field goes, `"${kafkaCredentialsPassword}"`; until it sets them, the server\'s stay as they are.',
    );
  });

  it.each([
    ["name: p\nruntime: yaml\n", "yaml"],
    ["name: p\nruntime: nodejs\n", "nodejs"],
    ["name: p\nruntime:\n  name: yaml\n  options: {}\n", "yaml"],
    ["name: p\nruntime:\n  options:\n    x: 1\n  name: python\n", "python"],
    ["name: p\nruntime: { name: yaml }\n", "yaml"],
    ['{"name":"p","runtime":"yaml"}', "yaml"],
    ['{"name":"p","runtime":{"name":"go"}}', "go"],
    ["name: p\n", undefined],
  ])("projectRuntime(%j) is %s", (text, runtime) => {
    expect(projectRuntime(text)).toBe(runtime);
  });

  it("reads the layout from the folder's project file, or with none from the program's name", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tf-layout-"));
    try {
      expect(keyLayout(dir, undefined)).toBe("object");
      expect(keyLayout(dir, "imported.yaml")).toBe("per-member");
      fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: p\nruntime: nodejs\n");
      expect(keyLayout(dir, "imported.yaml")).toBe("object");
      fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: p\nruntime: yaml\n");
      expect(keyLayout(dir, undefined)).toBe("per-member");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * pipestack-from-terraform's summary and `--credentials-to-config`: one line per field to add
 * (not per object), one config key per distinct credential naming its users, commands that never
 * carry a value.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { convert } from "../../provider/from-terraform/convert";
import {
  configGetArgs,
  configKeyOf,
  configSetArgs,
  credentialAt,
  credentialLines,
  credentialValue,
  movedCredentials,
} from "../../provider/from-terraform/credentials";
import { readTerraformState } from "../../provider/from-terraform/read";
import { summaryText, terraformBlocks } from "../../provider/from-terraform/summary";

const EXAMPLE = fs.readFileSync(path.join(__dirname, "fixtures/terraform-state-example.json"), "utf8");

/** The example state with `n` pipes, each instance `i` given `password(i)`. */
function stateOf(n: number, password: (i: number) => string | null): string {
  const doc = JSON.parse(EXAMPLE) as { resources: { instances: { index_key: number; attributes: Record<string, unknown> }[] }[] };
  const model = doc.resources[0].instances[0];
  doc.resources[0].instances = Array.from({ length: n }, (_, i) => {
    const inst = structuredClone(model);
    inst.index_key = i;
    inst.attributes.id = `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
    (inst.attributes.source as { kafka: { credentials: Record<string, unknown> } }).kafka.credentials.password = password(i);
    return inst;
  });
  return JSON.stringify(doc);
}

const moveOf = (text: string) => {
  const instances = readTerraformState(text);
  const conversion = convert(instances);
  return { conversion, moved: movedCredentials(instances, conversion) };
};

describe("credentialValue", () => {
  it.each([
    [
      { username: "u", password: "p", certificate: null, password_wo: null, password_wo_version: null },
      { username: "u", password: "p" },
    ],
    [
      { username: "u", password: null, password_wo: "w", password_wo_version: 2 },
      { username: "u", password: "w" },
    ],
    [{ username: null, password: "" }, undefined],
    ["key-text", "key-text"],
    ["", undefined],
    [null, undefined],
  ])("%j -> %j", (raw, value) => {
    expect(credentialValue(raw)).toEqual(value);
  });
});

describe("configKeyOf and configSetArgs", () => {
  it.each([
    ["source.kafka.credentials", "kafkaCredentials"],
    ["source.objectStorage.accessKey", "objectStorageAccessKey"],
  ])("%s -> %s", (field, key) => expect(configKeyOf(field)).toBe(key));

  it("reads the value from standard input byte for byte (--raw), with --path for an object's member", () => {
    expect(configSetArgs({ path: "kafkaCredentials.password", value: "v" }, ["--stack", "dev"])).toEqual([
      "config",
      "set",
      "--secret",
      "--raw",
      "--path",
      "--stack",
      "dev",
      "kafkaCredentials.password",
    ]);
    expect(configSetArgs({ path: "objectStorageAccessKey", value: "v" })).toEqual(["config", "set", "--secret", "--raw", "objectStorageAccessKey"]);
  });

  it("reads what the stack holds at a key as JSON, with the same --path and stack flags", () => {
    expect(configGetArgs({ path: "kafkaCredentials.password", value: "v" }, ["--stack", "dev"])).toEqual([
      "config",
      "get",
      "--json",
      "--path",
      "--stack",
      "dev",
      "kafkaCredentials.password",
    ]);
    expect(configGetArgs({ path: "objectStorageAccessKey", value: "v" })).toEqual(["config", "get", "--json", "objectStorageAccessKey"]);
  });
});

describe("movedCredentials", () => {
  it("makes one config key of the example state's one credential, used by its three pipes", () => {
    const { moved } = moveOf(EXAMPLE);
    expect(moved).toEqual([
      {
        key: "kafkaCredentials",
        field: "source.kafka.credentials",
        kind: "Pipe",
        members: ["password", "username"],
        values: [
          { path: "kafkaCredentials.password", value: "example-password" },
          { path: "kafkaCredentials.username", value: "ingest" },
        ],
        usedBy: ["p-0", "p-1", "p-2"],
      },
    ]);
    expect(credentialAt(moved, "kafkaCredentials.password")).toBe("example-password");
    expect(credentialAt(moved, "kafkaCredentials.nope")).toBeUndefined();
  });

  it("makes one key per distinct value, numbered, and none for a pipe whose state holds no value", () => {
    const { moved } = moveOf(stateOf(5, (i) => (i === 4 ? null : `pw-${i % 2}`)));
    expect(moved.map((m) => [m.key, m.usedBy])).toEqual([
      ["kafkaCredentials", ["p-0", "p-2"]],
      ["kafkaCredentials2", ["p-1", "p-3"]],
      // p-4 has a username only: its own value.
      ["kafkaCredentials3", ["p-4"]],
    ]);
  });
});

describe("the summary", () => {
  it("stays a few lines for 200 pipes, each field once, and never holds a value", () => {
    const { conversion, moved } = moveOf(stateOf(200, () => "pw-shared-77"));
    const text = summaryText(conversion, "tfstate.json", credentialLines(moved, "tfstate.json", false));
    const lines = text.trimEnd().split("\n");
    expect(lines.length).toBeLessThan(20);
    expect(text).toContain("200 objects of tfstate.json to import: 200 pipes, 0 reverse private endpoints.");
    expect(text).toContain(
      "  source.kafka.credentials (secret; set in the Terraform state: password, username): 200 pipes: p-0, p-1, p-2, p-3, p-4, p-5, p-6, p-7 and 192 more",
    );
    expect(text).toContain("  kafkaCredentials (password, username): source.kafka.credentials of 200 pipes:");
    expect(text).toContain(
      "    npx pipestack-from-terraform tfstate.json --credential kafkaCredentials.password | pulumi config set --secret --raw --path kafkaCredentials.password",
    );
    expect(text).toContain("terraform state rm 'example_pipe.p'");
    expect(text).not.toContain("pw-shared-77");
  });

  it("says when the state holds no credential to move", () => {
    expect(credentialLines([], "s", false)).toEqual([expect.stringContaining("holds none of the objects' credentials")]);
  });

  it("removes each resource block once, whatever its instances", () => {
    const { conversion } = moveOf(EXAMPLE);
    expect(terraformBlocks(conversion.handovers)).toEqual(["example_pipe.p"]);
  });
});

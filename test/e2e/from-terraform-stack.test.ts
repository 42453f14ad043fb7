/**
 * A move from Terraform of a state holding the peer provider's stack objects beside its pipes
 * (issue 44), rehearsed as docs/from-terraform.md gives it: the emulator seeded from the state
 * (the stack objects with the state's ids, the dashboard's tiles with the server's), then one
 * `pipestack-from-terraform --credentials-to-config --run --import imported.yaml` in a YAML project.
 * Every object is imported, the alert's saved search and webhook, the saved search's source, the
 * source's connection and the tiles' source as references to the imported resources, and the
 * program as written previews with no change. Then the YAML lines the notes give for the
 * credentials, added to that program as written, are read by the YAML host (a key per member:
 * an object key is one it refuses), and `up` sends the values.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { load } from "js-yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, repoRoot } from "./harness";
import { yamlHost } from "./yaml-host";
import { moveAsDocumented, type Ran, writeMovedProject } from "./from-terraform-move";
import { control } from "../support/control-api";
import { rawCall, rawJson } from "../support/raw-api";

const FIXTURE = path.join(repoRoot, "test", "unit", "fixtures", "terraform-stack-state.json");
const PASSWORD = "example-password";
const DB_PASSWORD = "tf-stack-db-password-8c1f";
const ROTATED = "tf-stack-db-password-rotated-41d0";
type Code = Record<string, { type: string; properties: Record<string, any> }>;

describe("a move from Terraform of a state with the stack's objects, into YAML", () => {
  let s: E2EStack;
  let dir: string;
  let made: Ran;
  let code: Code;
  let preview: { code: number; stdout: string; stderr: string };
  let tileAlert: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-tf-stack-"));
    const stateFile = path.join(dir, "terraform.tfstate");
    fs.copyFileSync(FIXTURE, stateFile);
    writeMovedProject(dir, {});
    s = await E2EStack.open({
      program: dir,
      path: [await yamlHost()],
      secrets: [PASSWORD, DB_PASSWORD, ROTATED],
      emulator: { fromTerraformState: stateFile, stackApiVersion: "2.36.0" },
    });
    // An alert on the dashboard's first tile, made outside Terraform (in the stack's UI, say): it lives while the tile keeps its id.
    const board = JSON.parse(fs.readFileSync(FIXTURE, "utf8")).resources.find((r: { name: string }) => r.name === "overview").instances[0].attributes;
    const tileId = (JSON.parse(board.normalized_json) as { tiles: { id: string }[] }).tiles[0].id;
    tileAlert = (
      await rawJson(s.emulator, "stack-cloud", "POST", "/alerts", {
        source: "tile",
        dashboardId: board.id,
        tileId,
        threshold: 1,
        interval: "5m",
        thresholdType: "above",
        channel: { type: "webhook", webhookId: "6650a0c0ffee000000000a01" },
      })
    ).id as string;
    made = await moveAsDocumented(s, dir, "terraform.tfstate");
    code = (load(fs.readFileSync(path.join(dir, "imported.yaml"), "utf8")) as { resources: Code }).resources;
    writeMovedProject(dir, code);
    preview = await s.pulumi(["preview", "--expect-no-changes"]);
  }, 600_000);
  afterAll(async () => {
    await s?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("imports every object of the state with one command, saying so in a few lines and never a value", () => {
    expect(made.status, made.stderr).toBe(0);
    expect((JSON.parse(made.stdout) as { resources: unknown[] }).resources).toHaveLength(9);
    expect(made.stderr).toContain(
      "9 objects of terraform.tfstate to import: 3 pipes, 0 reverse private endpoints, 1 dashboard, 1 alert, 1 saved search, 1 webhook, 1 connection, 1 source.",
    );
    expect(made.stderr).toMatch(/pulumi import: 9 objects imported \(/);
    expect(made.stderr.trimEnd().split("\n").length, made.stderr).toBeLessThan(20);
    expect(made.stdout + made.stderr).not.toContain(PASSWORD);
    expect(made.stdout + made.stderr).not.toContain(DB_PASSWORD);
  });

  it("writes the links between them as references to the imported resources, and the dashboard's tiles typed", () => {
    expect(code.too_many_errors.properties).toMatchObject({ savedSearchId: "${errors.id}", channel: { type: "webhook", webhookId: "${pager.id}" } });
    expect(code.errors.properties.sourceId).toBe("${app_logs.id}");
    expect(code.app_logs.properties.connectionId).toBe("${warehouse.id}");
    const tiles = code.overview.properties.tiles as { name: string; config: Record<string, unknown> }[];
    expect(tiles.map((t) => t.name)).toEqual(["Errors", "Latest"]);
    for (const t of tiles) expect(JSON.stringify(t)).toContain("${app_logs.id}");
  });

  it("previews the imported program with no change", () => {
    expect(preview.code, `${preview.stdout}\n${preview.stderr}`).toBe(0);
  });

  it("sets a key per credential member for YAML, which the lines the notes give read, and `up` sends them, the tile alert made outside kept", async () => {
    const config = JSON.parse((await s.must(["config", "--json", "--show-secrets"])).stdout) as Record<string, { secret: boolean; value: string }>;
    expect(config).toMatchObject({
      "moved:kafkaCredentialsPassword": { secret: true, value: PASSWORD },
      "moved:kafkaCredentialsUsername": { secret: true, value: "ingest" },
      "moved:connectionPassword": { secret: true, value: DB_PASSWORD },
    });
    // The declaration exactly as the notes print it, and each key read where its field goes.
    const declared = /`(configuration: \{.*\})`/.exec(made.stderr)?.[1];
    expect(declared, made.stderr).toBeDefined();
    const program = structuredClone(code);
    for (const name of ["p-0", "p-1", "p-2"]) {
      program[name].properties.source.kafka.credentials = { username: "${kafkaCredentialsUsername}", password: "${kafkaCredentialsPassword}" };
    }
    program.warehouse.properties.password = "${connectionPassword}";
    // A change of the dashboard in the same run: its tiles keep the server's ids, so the alert made outside on one stays.
    program.overview.properties.tags = ["prod", "moved"];
    writeMovedProject(dir, program, `${declared}\n`);
    // A password rotated since the move: that it reaches the server shows the YAML host read the key.
    await s.must(["config", "set", "--secret", "connectionPassword", ROTATED]);
    const up = await s.pulumi(["up", "--yes", "--skip-preview"]);
    expect(up.code, `${up.stdout}\n${up.stderr}`).toBe(0);
    const matches = await control(s.emulator, "POST", `/connections/6650a0c0ffee000000000c01/password`, { password: ROTATED });
    expect(matches.json.matches).toBe(true);
    expect((await rawJson(s.emulator, "stack-cloud", "GET", "/dashboards/6650a0c0ffee000000000d01")).tags).toEqual(["prod", "moved"]);
    expect((await rawCall(s.emulator, "stack-cloud", "GET", `/alerts/${tileAlert}`)).status).toBe(200);
  });
});

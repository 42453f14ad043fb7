/**
 * pipestack-from-terraform `--import`: the engine events of `pulumi import --json` read into one
 * outcome (objects by type, each message once), the few lines printed of it, and the CLI's
 * arguments (the documented flags, the events on).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { convert } from "../../provider/from-terraform/convert";
import { readTerraformState } from "../../provider/from-terraform/read";
import { summaryText } from "../../provider/from-terraform/summary";
import { importEvents, importLines, importOutcome } from "../../provider/from-terraform/import-events";
import { importArgs } from "../../provider/from-terraform/import-run";

const imported = (type: string, name: string) => JSON.stringify({ sequence: 1, resOutputsEvent: { metadata: { op: "import", urn: `urn:${name}`, type } } });
const created = (type: string) => JSON.stringify({ resOutputsEvent: { metadata: { op: "create", urn: "urn:s", type } } });
const diag = (severity: string, message: string, ephemeral = false) => JSON.stringify({ diagnosticEvent: { message, severity, color: "never", ephemeral } });
const NOTICE = 'pipestack:index:Pipe "p-0" was imported without source.kafka.credentials (said once)\n';

describe("importOutcome", () => {
  it.each([
    {
      name: "an import of 200 pipes and 2 endpoints, the stack created, a notice once, a debug line",
      lines: [
        created("pulumi:pulumi:Stack"),
        ...Array.from({ length: 200 }, (_, i) => imported("pipestack:index:Pipe", `p-${i}`)),
        imported("pipestack:index:ReversePrivateEndpoint", "b-0"),
        imported("pipestack:index:ReversePrivateEndpoint", "b-1"),
        diag("warning", NOTICE),
        diag("warning", NOTICE),
        diag("info", "debug"),
        JSON.stringify({ summaryEvent: { durationSeconds: 25, resourceChanges: { import: 202, create: 1 } } }),
      ],
      imported: [
        ["pipestack:index:Pipe", 200],
        ["pipestack:index:ReversePrivateEndpoint", 2],
      ],
      warnings: [NOTICE.trim()],
      errors: [],
      failed: 0,
      seconds: 25,
    },
    {
      name: "a failed run: an operation failed, its error twice, an ephemeral warning, a line that is not an event",
      lines: [
        imported("pipestack:index:Pipe", "p-0"),
        JSON.stringify({ resOpFailedEvent: { metadata: { op: "import", type: "pipestack:index:Pipe" } } }),
        diag("error", "GET /v1/x -> 404"),
        diag("error", "GET /v1/x -> 404"),
        diag("warning", "progress", true),
        "error: update failed",
        '{"partial',
      ],
      imported: [["pipestack:index:Pipe", 1]],
      warnings: [],
      errors: ["GET /v1/x -> 404"],
      failed: 1,
      seconds: undefined,
    },
  ])("$name", ({ name: _name, lines, ...expected }) => {
    const outcome = importOutcome(importEvents(lines.join("\n")));
    expect({ ...outcome, imported: [...outcome.imported.entries()] }).toEqual(expected);
  });
});

describe("importLines", () => {
  const files = { program: "imported.yaml", log: "pulumi-import.log" };

  it("says a run of 202 objects in a few lines: the counts by type, each warning once, the log and what next", () => {
    const outcome = importOutcome(
      importEvents(
        [
          ...Array.from({ length: 200 }, (_, i) => imported("pipestack:index:Pipe", `p-${i}`)),
          imported("pipestack:index:ReversePrivateEndpoint", "b"),
          diag("warning", NOTICE),
        ].join("\n"),
      ),
    );
    expect(importLines(outcome, 0, files)).toEqual([
      "pulumi import: 201 objects imported (200 pipestack:index:Pipe, 1 pipestack:index:ReversePrivateEndpoint); their program is in imported.yaml.",
      "Warnings, each once:",
      `  ${NOTICE.trim()}`,
      "The CLI's whole output (its events, a JSON object a line, then its standard error): pulumi-import.log",
      "Next: make imported.yaml the project's program, then `pulumi preview --expect-no-changes`.",
    ]);
  });

  it("says a failure with its exit code and errors, each line of a message indented and its control characters escaped", () => {
    const outcome = importOutcome(importEvents(diag("error", "bad \u001b[2J input\nat line 2")));
    expect(importLines(outcome, 255, files)).toEqual([
      "pulumi import failed (exit 255): 0 objects imported, 0 operations failed.",
      "Errors, each once:",
      "  bad \\x1b[2J input",
      "    at line 2",
      "The CLI's whole output (its events, a JSON object a line, then its standard error): pulumi-import.log",
    ]);
  });
});

describe("importArgs", () => {
  it("is the documented import with its events on, the stack's flags passed on", () => {
    expect(importArgs("/tmp/i.json", "imported.yaml", ["--stack", "s"])).toEqual([
      "import",
      "--file",
      "/tmp/i.json",
      "--out",
      "imported.yaml",
      "--yes",
      "--skip-preview",
      "--protect=false",
      "--json",
      "--color",
      "never",
      "--non-interactive",
      "--stack",
      "s",
    ]);
  });
});

describe("summaryText with an import's lines", () => {
  const conversion = convert(readTerraformState(fs.readFileSync(path.join(__dirname, "fixtures/terraform-state-example.json"), "utf8")));
  const lines = ["pulumi import: ...", "The CLI's whole output ..."];

  it.each([
    ["no import", undefined, { settings: true, stateRm: true }],
    ["an import that succeeded (it read the settings)", { ok: true, lines }, { settings: false, stateRm: true }],
    ["an import that failed (Terraform must keep the objects)", { ok: false, lines }, { settings: true, stateRm: false }],
  ])("%s", (_name, imported, expected) => {
    const text = summaryText(conversion, "tfstate.json", [], imported);
    expect({ settings: text.includes("Settings: "), stateRm: text.includes("terraform state rm") }).toEqual(expected);
    if (imported) expect(text).toContain(lines.join("\n"));
  });
});

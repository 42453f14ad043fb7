/**
 * `--import PROGRAM`: `pulumi import --file` of the document, run here (the CLI from PATH, in the
 * current folder's project), its whole output into a log beside the program and only a summary
 * printed (import-events.ts). The flags are the documented move's: no preview of its own, no
 * protection, the program written to PROGRAM.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { printable } from "../errors/printable";
import { importEvents, importLines, importOutcome } from "./import-events";

/** The log's name, beside the program. */
export const IMPORT_LOG = "pulumi-import.log";

/** `pulumi import` of `file`, writing the program to `program`; `where` is the stack's flags. Pure. */
export function importArgs(file: string, program: string, where: readonly string[] = []): string[] {
  return [
    "import",
    "--file",
    file,
    "--out",
    program,
    "--yes",
    "--skip-preview",
    "--protect=false",
    "--json",
    "--color",
    "never",
    "--non-interactive",
    ...where,
  ];
}

/** What a run of the import left: its exit code and the lines to print. */
export interface ImportRun {
  readonly code: number;
  readonly lines: string[];
}

/** Writes `document` to a file of its own, runs the import, and reads its events back from the log. */
export function runImport(document: string, program: string, where: readonly string[] = [], pulumi = "pulumi"): ImportRun {
  const log = path.join(path.dirname(program), IMPORT_LOG);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pipestack-import-"));
  const file = path.join(dir, "import.json");
  fs.writeFileSync(file, document);
  const out = fs.openSync(log, "w");
  try {
    // The events go straight to the log (a run of thousands of objects writes megabytes); standard error is small.
    const r = spawnSync(pulumi, importArgs(file, program, where), { stdio: ["ignore", out, "pipe"], encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    fs.writeSync(out, r.stderr ?? "");
    const code = r.error !== undefined ? 127 : (r.status ?? 1);
    const outcome = importOutcome(importEvents(fs.readFileSync(log, "utf8")));
    const lines = importLines(outcome, code, { program, log });
    if (r.error !== undefined) lines.splice(1, 0, `  could not start ${pulumi}: ${printable(r.error.message)}`);
    else if (code !== 0 && outcome.errors.length === 0 && r.stderr.trim() !== "")
      lines.splice(
        1,
        0,
        ...r.stderr
          .trim()
          .split("\n")
          .slice(-5)
          .map((l) => `  ${printable(l)}`),
      );
    return { code, lines };
  } finally {
    fs.closeSync(out);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

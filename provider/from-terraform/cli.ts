/**
 * `pipestack-from-terraform <state file> [--notes FILE] > import.json`: the `pulumi import --file`
 * document of the pipes, reverse private endpoints and stack objects of a Terraform state, and notes of what to
 * add by hand (on standard error, or in FILE); with `--import PROGRAM`, the import run too, its
 * outcome in the same notes.
 */
import * as fs from "node:fs";
import { printable } from "../errors/printable";
import { runCommand, type CommandFailure, type CommandLine } from "../command-line";
import { OutputError, writeAll } from "../command-output";
import { convert, importDocument } from "./convert";
import { checkHandovers } from "./validate";
import { credentialAt, credentialLines, movedCredentials } from "./credentials";
import { readStateInput } from "./input";
import { readTerraformState } from "./read";
import { planCredentials, setCredentials, type CredentialPlan } from "./move";
import { outputFiles, outputProblem } from "./outputs";
import { runImport } from "./import-run";
import { summaryText } from "./summary";
import { keyLayout } from "./project";

const USAGE = `usage: pipestack-from-terraform <state file | -> [--notes FILE] [--credentials-to-config [--run]] [--import PROGRAM] [--force] [--stack S] [--config-file F] > import.json
       pipestack-from-terraform <state file> --credential KEY | pulumi config set --secret --raw [--path] KEY
Reads a Terraform state (the state file, version 4, or \`terraform show -json\` output; - for
standard input), finds its pipes and reverse private endpoints by their attributes and the stack's
objects (dashboards, alerts, saved searches, webhooks, connections, sources) by their types, and
writes the document \`pulumi import --file import.json\` takes. A summary of the fields to add and the
pipestack:* settings goes to standard error, or to FILE with --notes.
  --credentials-to-config  the credentials the state holds, once per distinct value, as stack config
                           secrets: the summary prints the commands that set them (no value in them);
                           in a YAML project, a key per member (its host reads no object key)
  --run                    run those commands here (pulumi from PATH), the values on their standard input
  --import PROGRAM         then run \`pulumi import --file\` of the document here, writing the program to
                           PROGRAM (imported.yaml, index.ts, ...): its whole output goes to
                           pulumi-import.log beside PROGRAM, a summary to the notes; exits with its code
  --force                  replace the files --notes and --import name (and the import's log) when they
                           exist; without it they are refused. The state file itself is never written.
  --stack S, --config-file F  given to those commands: the stack and its config file (default: the current ones)
  --credential KEY         print the value of one KEY the summary named, for \`pulumi config set\``;

const OPTIONS = {
  notes: "value",
  "credentials-to-config": "flag",
  run: "flag",
  stack: "value",
  "config-file": "value",
  credential: "value",
  import: "value",
  force: "flag",
} as const;

function main({ values, positionals: [file] }: CommandLine<typeof OPTIONS>, fail: CommandFailure): number {
  const notes = values.notes;
  const move = {
    toConfig: values["credentials-to-config"] === true || values.run === true,
    run: values.run === true,
    // Passed on to the pulumi commands it runs.
    where: (["stack", "config-file"] as const).flatMap((k) => (values[k] === undefined ? [] : [`--${k}`, values[k]])),
    credential: values.credential,
    program: values.import,
  };
  if (file === undefined) return fail(`no state file given\n${USAGE}`, 2);
  const shown = file === "-" ? "standard input" : printable(file);
  // Before anything is read, run or written: no file is written over unless asked, and never the state.
  const problem = outputProblem(outputFiles(notes, move.program), file === "-" ? undefined : file, values.force === true);
  if (problem) return fail(problem, 2);
  let text: string;
  try {
    text = readStateInput(file);
  } catch (err) {
    return fail(`cannot read ${shown}: ${err instanceof Error ? err.message : String(err)}`, 1);
  }
  try {
    const instances = readTerraformState(text);
    const conversion = convert(instances);
    checkHandovers(conversion.handovers);
    if (conversion.handovers.length === 0) {
      return fail(`${shown} has no pipe, no reverse private endpoint and no stack object (${conversion.skipped.length} other objects): nothing to import`, 1);
    }
    // A YAML project reads a key per member; the others one object key.
    const layout = keyLayout(process.cwd(), move.program);
    const moved = move.toConfig || move.credential !== undefined ? movedCredentials(instances, conversion, layout) : [];
    if (move.credential !== undefined) {
      // A key of either layout: the commands printed elsewhere may name the other.
      const value =
        credentialAt(moved, move.credential) ??
        credentialAt(movedCredentials(instances, conversion, layout === "object" ? "per-member" : "object"), move.credential);
      if (value === undefined) return fail(`${shown} has no credential ${move.credential} (the summary of --credentials-to-config names them)`, 1);
      try {
        writeAll(1, value);
      } catch (err) {
        if (err instanceof OutputError) return fail(`${err.message}: the credential was not written whole; do not use what was`, 1);
        throw err;
      }
      return 0;
    }
    let plan: CredentialPlan | undefined;
    try {
      // Read before anything is written: a value the stack holds otherwise stops the move here.
      plan = move.run ? planCredentials(moved, shown, move.where) : undefined;
    } catch (err) {
      return fail(`--run: ${err instanceof Error ? err.message : String(err)}`, 1);
    }
    // The document first, whole: the notes (and their `terraform state rm` advice) only once it is written.
    const document = `${JSON.stringify(importDocument(conversion), null, 2)}\n`;
    writeAll(1, document);
    if (plan) setCredentials(plan.toSet, move.where);
    const imported = move.program === undefined ? undefined : runImport(document, move.program, move.where);
    const summary = summaryText(
      conversion,
      shown,
      move.toConfig
        ? credentialLines(
            moved,
            shown,
            move.run,
            move.where,
            plan?.alreadySet.map((v) => v.path),
            layout,
          )
        : [],
      imported && { ok: imported.code === 0, lines: imported.lines },
    );
    if (notes === undefined) writeAll(2, summary);
    else fs.writeFileSync(notes, summary, { flag: values.force === true ? "w" : "wx" });
    return imported?.code ?? 0;
  } catch (err) {
    // Standard error closed or full: nowhere left to say so; the exit code does.
    if (err instanceof OutputError && err.stream === "standard error") return 1;
    if (err instanceof OutputError) {
      return fail(
        `${err.message}: the import document is not whole, so nothing was imported and no notes were printed. ` +
          "Do not use what was written; give standard output room (or a reader that reads it all) and run this again",
        1,
      );
    }
    return fail(`${shown} ${err instanceof Error ? err.message : String(err)}`, 1);
  }
}

runCommand({ name: "pipestack-from-terraform", usage: USAGE, options: OPTIONS, positionals: 1 }, main);

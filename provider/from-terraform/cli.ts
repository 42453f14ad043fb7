/**
 * `pipestack-from-terraform <state file> [--notes FILE] > import.json`: the `pulumi import --file`
 * document of the pipes and reverse private endpoints of a Terraform state, and notes of what to
 * add by hand (on standard error, or in FILE); with `--import PROGRAM`, the import run too, its
 * outcome in the same notes.
 */
import * as fs from "node:fs";
import { printable } from "../errors/printable";
import { runCommand, type CommandFailure, type CommandLine } from "../command-line";
import { convert, importDocument } from "./convert";
import { checkHandovers } from "./validate";
import { credentialAt, credentialLines, movedCredentials } from "./credentials";
import { readStateInput } from "./input";
import { readTerraformState } from "./read";
import { setCredentials } from "./move";
import { runImport } from "./import-run";
import { summaryText } from "./summary";

const USAGE = `usage: pipestack-from-terraform <state file | -> [--notes FILE] [--credentials-to-config [--run]] [--import PROGRAM] [--stack S] [--config-file F] > import.json
       pipestack-from-terraform <state file> --credential KEY | pulumi config set --secret [--path] KEY
Reads a Terraform state (the state file, version 4, or \`terraform show -json\` output; - for
standard input), finds its pipes and reverse private endpoints by their attributes, and writes the
document \`pulumi import --file import.json\` takes. A summary of the fields to add and the
pipestack:* settings goes to standard error, or to FILE with --notes.
  --credentials-to-config  the credentials the state holds, once per distinct value, as stack config
                           secrets: the summary prints the commands that set them (no value in them)
  --run                    run those commands here (pulumi from PATH), the values on their standard input
  --import PROGRAM         then run \`pulumi import --file\` of the document here, writing the program to
                           PROGRAM (imported.yaml, index.ts, ...): its whole output goes to
                           pulumi-import.log beside PROGRAM, a summary to the notes; exits with its code
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
      return fail(`${shown} has no pipe and no reverse private endpoint (${conversion.skipped.length} other objects): nothing to import`, 1);
    }
    const moved = move.toConfig || move.credential !== undefined ? movedCredentials(instances, conversion) : [];
    if (move.credential !== undefined) {
      const value = credentialAt(moved, move.credential);
      if (value === undefined) return fail(`${shown} has no credential ${move.credential} (the summary of --credentials-to-config names them)`, 1);
      process.stdout.write(value);
      return 0;
    }
    if (move.run) setCredentials(moved, move.where);
    const document = `${JSON.stringify(importDocument(conversion), null, 2)}\n`;
    process.stdout.write(document);
    const imported = move.program === undefined ? undefined : runImport(document, move.program, move.where);
    const summary = summaryText(
      conversion,
      shown,
      move.toConfig ? credentialLines(moved, shown, move.run, move.where) : [],
      imported && { ok: imported.code === 0, lines: imported.lines },
    );
    if (notes === undefined) process.stderr.write(summary);
    else fs.writeFileSync(notes, summary);
    return imported?.code ?? 0;
  } catch (err) {
    return fail(`${shown} ${err instanceof Error ? err.message : String(err)}`, 1);
  }
}

runCommand({ name: "pipestack-from-terraform", usage: USAGE, options: OPTIONS, positionals: 1 }, main);

/**
 * `pipestack-from-terraform <state file> [--notes FILE] > import.json`: the `pulumi import --file`
 * document of the pipes and reverse private endpoints of a Terraform state, and notes of what to
 * add by hand (on standard error, or in FILE).
 */
import * as fs from "node:fs";
import { printable } from "../errors/printable";
import { convert, importDocument } from "./convert";
import { readStateInput } from "./input";
import { notesText } from "./notes";
import { readTerraformState } from "./read";
import { checkHandovers } from "./validate";

const USAGE = `usage: pipestack-from-terraform <state file | -> [--notes FILE] > import.json
Reads a Terraform state (the state file, version 4, or \`terraform show -json\` output; - for
standard input), finds its pipes and reverse private endpoints by their attributes, and writes the
document \`pulumi import --file import.json\` takes. Notes of the credentials to add and the
pipestack:* settings go to standard error, or to FILE with --notes.`;

function fail(message: string, code: number): number {
  // A state's values (addresses, ids) and the file name may be in the message: no control sequence reaches the terminal.
  process.stderr.write(`pipestack-from-terraform: ${printable(message, "keep line feeds")}\n`);
  return code;
}

function main(argv: string[]): number {
  let file: string | undefined;
  let notes: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (arg === "--notes" && argv[i + 1] !== undefined) notes = argv[++i];
    else if (file === undefined && (arg === "-" || !arg.startsWith("-"))) file = arg;
    else return fail(`unknown argument ${arg}\n${USAGE}`, 2);
  }
  if (file === undefined) return fail(`no state file given\n${USAGE}`, 2);
  const shown = file === "-" ? "standard input" : printable(file);
  let text: string;
  try {
    text = readStateInput(file);
  } catch (err) {
    return fail(`cannot read ${shown}: ${err instanceof Error ? err.message : String(err)}`, 1);
  }
  try {
    const conversion = convert(readTerraformState(text));
    checkHandovers(conversion.handovers);
    if (conversion.handovers.length === 0) {
      return fail(`${shown} has no pipe and no reverse private endpoint (${conversion.skipped.length} other objects): nothing to import`, 1);
    }
    process.stdout.write(`${JSON.stringify(importDocument(conversion), null, 2)}\n`);
    if (notes === undefined) process.stderr.write(notesText(conversion, shown));
    else fs.writeFileSync(notes, notesText(conversion, shown));
    return 0;
  } catch (err) {
    return fail(`${shown} ${err instanceof Error ? err.message : String(err)}`, 1);
  }
}

process.exitCode = main(process.argv.slice(2));

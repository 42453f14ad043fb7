/**
 * `pipestack-from-terraform <state file> [--notes FILE] > import.json`: the `pulumi import --file`
 * document of the pipes and reverse private endpoints of a Terraform state, and notes of what to
 * add by hand (on standard error, or in FILE); with `--import PROGRAM`, the import run too, its
 * outcome in the same notes.
 */
import * as fs from "node:fs";
import { printable } from "../errors/printable";
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

function fail(message: string, code: number): number {
  // A state's values (addresses, ids) and the file name may be in the message: no control sequence reaches the terminal.
  process.stderr.write(`pipestack-from-terraform: ${printable(message, "keep line feeds")}\n`);
  return code;
}

function main(argv: string[]): number {
  let file: string | undefined;
  let notes: string | undefined;
  const move = { toConfig: false, run: false, where: [] as string[], credential: undefined as string | undefined, program: undefined as string | undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (arg === "--notes" && argv[i + 1] !== undefined) notes = argv[++i];
    else if (arg === "--credentials-to-config") move.toConfig = true;
    else if (arg === "--run") Object.assign(move, { run: true, toConfig: true });
    else if ((arg === "--stack" || arg === "--config-file") && argv[i + 1] !== undefined) move.where.push(arg, argv[++i]);
    else if (arg === "--credential" && argv[i + 1] !== undefined) move.credential = argv[++i];
    else if (arg === "--import" && argv[i + 1] !== undefined) move.program = argv[++i];
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

process.exitCode = main(process.argv.slice(2));

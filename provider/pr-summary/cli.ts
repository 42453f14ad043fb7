/**
 * `pipestack-pr-summary [--title TEXT] < preview.json > comment.md`: the markdown comment for a
 * pull request, from what `pulumi preview --json --show-replacement-steps` printed.
 */
import { runCommand, type CommandFailure, type CommandLine } from "../command-line";
import { previewComment } from "./index";

const USAGE = `usage: pulumi preview --json --show-replacement-steps | pipestack-pr-summary [--title TEXT] > comment.md
Reads the JSON of a preview on standard input and writes a markdown summary: one row per changed
resource, secrets as [secret], drift found by --refresh apart.`;

const OPTIONS = { title: "value" } as const;

function main({ values: { title } }: CommandLine<typeof OPTIONS>, fail: CommandFailure): number {
  if (process.stdin.isTTY) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const chunks: Buffer[] = [];
  process.stdin.on("data", (c: Buffer) => chunks.push(c));
  process.stdin.on("end", () => {
    try {
      process.stdout.write(previewComment(Buffer.concat(chunks).toString("utf8"), { title }));
    } catch (err) {
      process.exitCode = fail(err instanceof Error ? err.message : String(err), 1);
    }
  });
  return 0;
}

runCommand({ name: "pipestack-pr-summary", usage: USAGE, options: OPTIONS }, main);

/**
 * `pipestack-pr-summary [--title TEXT] < preview.json > comment.md`: the markdown comment for a
 * pull request, from what `pulumi preview --json --show-replacement-steps` printed.
 */
import { previewComment } from "./index";

const USAGE = `usage: pulumi preview --json --show-replacement-steps | pipestack-pr-summary [--title TEXT] > comment.md
Reads the JSON of a preview on standard input and writes a markdown summary: one row per changed
resource, secrets as [secret], drift found by --refresh apart.`;

function main(argv: string[]): number {
  let title: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--help" || argv[i] === "-h") {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (argv[i] === "--title" && argv[i + 1] !== undefined) title = argv[++i];
    else {
      process.stderr.write(`pipestack-pr-summary: unknown argument ${argv[i]}\n${USAGE}\n`);
      return 2;
    }
  }
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
      process.stderr.write(`pipestack-pr-summary: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    }
  });
  return 0;
}

const code = main(process.argv.slice(2));
if (code !== 0) process.exitCode = code;

/**
 * The shell commands a page gives, as a test runs them: the first `sh` block under a heading,
 * with the placeholders a reader fills in (`...` at the end of `pulumi config set`) filled in.
 * The test then runs exactly those lines, so the page cannot drift from what works.
 */
import { codeBlocks } from "../support/doc-blocks";

/** The text of `markdown` under the heading line `heading` that comes after the line `after`, up to the next heading of its level or above. Pure; throws when missing. */
export function sectionOf(markdown: string, after: string, heading: string): string {
  const lines = markdown.split("\n");
  const from = lines.indexOf(after);
  const at = from < 0 ? -1 : lines.indexOf(heading, from);
  if (at < 0) throw new Error(`no heading ${JSON.stringify(heading)} after ${JSON.stringify(after)}`);
  const level = heading.indexOf(" ");
  const end = lines.findIndex((l, i) => i > at && /^#+ /.test(l) && l.indexOf(" ") <= level);
  return lines.slice(at + 1, end < 0 ? undefined : end).join("\n");
}

/** The first `sh` block of `section`, each `pulumi config set [--secret] <key> ...` given its value from `values`. Pure; throws on a placeholder with no value. */
export function commandsOf(section: string, values: Record<string, string>): string {
  const block = codeBlocks(section).find((b) => b.lang === "sh");
  if (!block) throw new Error("no sh block in the section");
  return block.code
    .split("\n")
    .map((line) => {
      const m = /^(pulumi config set (?:--secret )?(\S+)) \.\.\.$/.exec(line);
      if (!m) return line;
      if (!(m[2] in values)) throw new Error(`no value for the placeholder of ${m[2]}`);
      return `${m[1]} '${values[m[2]].replace(/'/g, `'\\''`)}'`;
    })
    .join("\n");
}

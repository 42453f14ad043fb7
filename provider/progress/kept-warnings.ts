import { literal } from "../schemas/whole-text";

/**
 * The engine's words for the write-only fields an update leaves out (see
 * `../engine/kept-on-server.ts`): kept as on the server, or cleared by it. They are warnings a
 * preview shows, so their forms sit here, beside the words, for the pull-request summary to tell
 * them, whole, from a program's (see `../pr-summary/provider-warnings.ts`).
 */

/** The line for the write-only fields at `paths` the server keeps though the program leaves them out. Pure. */
function keptLine(id: string, paths: readonly string[]): string {
  return `${id}: ${paths.join(", ")} kept as on the server (write-only; the program does not set ${paths.length > 1 ? "them" : "it"})`;
}

/** The line for the write-only fields at `paths` this change makes the server clear. Pure. */
function clearedLine(id: string, paths: readonly string[]): string {
  const them = paths.length > 1 ? "them" : "it";
  return `${id}: ${paths.join(", ")} cleared by the server with this change, which drops what the request leaves out: set ${them} in the program to keep ${them}`;
}

/** What the preview says of the kept fields and of those the server clears. Pure. */
export function keptMessage(id: string, kept: readonly string[], cleared: readonly string[]): string[] {
  return [...(kept.length ? [keptLine(id, kept)] : []), ...(cleared.length ? [clearedLine(id, cleared)] : [])];
}

/** Stand-ins no message holds, put where a line's free parts go to read its form off it. */
const AN_ID = "\u0000id\u0000";
const A_PATH = "\u0000path\u0000";
const ID = "[^\\s]+";
const PATH = "[\\w-]+(?:\\.[\\w-]+)*";

/** The form of one line builder, whole, for one path and for several: its fixed words from the builder itself. Pure. */
function formOf(line: (id: string, paths: readonly string[]) => string): RegExp[] {
  return [
    [A_PATH, `${PATH}`],
    [`${A_PATH}, ${A_PATH}`, `${PATH}(?:, ${PATH})+`],
  ].map(([paths, pattern]) => {
    const text = literal(line(AN_ID, paths.split(", ")));
    return new RegExp(`^${text.split(literal(paths)).join(pattern).split(AN_ID).join(ID)}$`);
  });
}

/** The forms of the two lines above, whole: what the pull-request summary takes for this provider's own words. */
export const KEPT_ON_SERVER_WARNING_FORMS: readonly RegExp[] = [...formOf(keptLine), ...formOf(clearedLine)];

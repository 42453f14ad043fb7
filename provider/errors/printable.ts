/**
 * Text from outside (a server's answer, a Terraform state, a program's names) made safe for a
 * terminal: the one function every such text passes before it reaches a log line or an error.
 * A control character is written as a visible escape (`\x1b`, `\x07`, `\u2028`), so an answer
 * holding `ESC ] 0 ; title BEL` or `ESC [ 2 J` neither sets a title nor clears a screen, and a
 * name holding a line break cannot start a line of its own. The escape is visible, not dropped:
 * two texts that differ never print alike. Pure.
 *
 * Lives in `errors/` (which imports nothing) so that every layer, the CLIs too, can use it.
 */

/**
 * What a terminal acts on: C0 (a tab aside) and DEL, C1 (NEL, CSI, OSC...), the Unicode line and
 * paragraph separators, and the bidirectional controls that make text read in another order.
 * ESC itself is in C0: escaping it leaves the rest of a sequence as plain characters.
 */
const ACTS = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The same, a line feed aside: for a whole message that may hold lines of its own. */
const ACTS_BUT_LF = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const escape = (ch: string): string => {
  const n = ch.charCodeAt(0);
  return n <= 0xff ? `\\x${n.toString(16).padStart(2, "0")}` : `\\u${n.toString(16).padStart(4, "0")}`;
};

/**
 * One piece of outside text, as one line of visible characters: every control character, line
 * breaks included, as an escape (`\x1b`, `\x0a`, `\u2028`); a backslash is left as it is.
 *
 * @example
 * printable("\u001b]0;pwned\u0007 Not Found") // "\\x1b]0;pwned\\x07 Not Found"
 */
export function printable(text: string, lines: "one line" | "keep line feeds" = "one line"): string {
  return text.replace(lines === "one line" ? ACTS : ACTS_BUT_LF, escape);
}

/** A token, as a regular expression's source: what the servers' ids and request ids are (hex, a UUID, a slug). */
export const TOKEN_FORM = "[\\w.:-]{1,64}";

/** An id shown bare: a whole token. */
const TOKEN = new RegExp(`^${TOKEN_FORM}$`);

/** How much of an id that is not a token a message shows. */
const ID_LIMIT = 80;

/**
 * An id from outside (a server's answer: an object's, a tile's) as a message shows it: bare when
 * it is a token (`66a0f1c2...`), else quoted as JSON, its start only when long. So an id holding a
 * line break, an escape sequence or words reads as one quoted value, never as a line or words of
 * the message. Pure.
 *
 * @example
 * shownId("66a0f1c2") // "66a0f1c2"
 * shownId("t1\n\u001b[31m") // "\"t1\\n\\u001b[31m\""
 */
export function shownId(id: string): string {
  if (TOKEN.test(id)) return id;
  return id.length <= ID_LIMIT ? JSON.stringify(id) : `${JSON.stringify(id.slice(0, ID_LIMIT))}…(${id.length} chars)`;
}

/** What {@link shownId} writes, as a regular expression's source: a token, or a quoted id, its length after it when cut. */
export const SHOWN_ID_FORM = `(?:"(?:[^"\\\\]|\\\\.)*"(?:…\\(\\d+ chars\\))?|[^\\s]+)`;

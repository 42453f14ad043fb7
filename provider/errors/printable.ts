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

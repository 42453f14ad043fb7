/**
 * Text from a file the emulator reads (a Terraform state's addresses, ids, values) made safe for
 * a terminal before it is in a message: each control character a terminal acts on (C0 but a tab,
 * DEL, C1, the Unicode line and paragraph separators, the bidirectional controls) written as a
 * visible escape (`\x1b`, `\u2028`), so a state cannot clear a screen, set a title or start a line
 * of its own in the emulator's output. The emulator's own: it ships alone and may not import the
 * provider, whose commands escape their output by the same rule.
 */
const ACTS = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const escape = (ch: string): string => {
  const n = ch.charCodeAt(0);
  return n <= 0xff ? `\\x${n.toString(16).padStart(2, "0")}` : `\\u${n.toString(16).padStart(4, "0")}`;
};

/** `text` as one line of visible characters. Pure. */
export const printable = (text: string): string => text.replace(ACTS, escape);

/** A value quoted for a message, as one line of visible characters. Pure. */
export const quoted = (value: string): string => printable(JSON.stringify(value));

/**
 * Text a pull request's author controls (resource names, types, field paths, values, a provider's
 * messages) written into markdown so that none of it can open structure: no line break, no HTML,
 * no emphasis or link, no code span that ends early, no table cell that splits, no mention, and
 * every piece capped. Pure.
 *
 * Two forms. `code()` keeps names and values readable and exact in a code span: inside one nothing
 * is markdown or HTML, and a code host links no mention, so the only ways out are a line break
 * (written as its escape, below), the closing backtick run (the fence is longer than any run
 * inside) and the table's `|` (escaped). `text()` is for
 * prose (a type, a message): every character that markdown or HTML reads is a numeric entity,
 * which a parser never takes for syntax, and a mention or an issue reference is broken.
 *
 * In both, a character that shows nothing or looks like another (a zero-width space, a word
 * joiner, a byte-order mark, a no-break space, a control character) is written as a visible
 * escape, `<U+200B>`: two names that differ never look the same. So is the comment's own mark,
 * ⚠ (`<U+26A0>`): only the summary raises it.
 */

/** Characters of one name, type or field path as shown (the markdown it becomes, fences included). */
export const MAX_NAME = 200;
/** Characters of one table cell or one message line. */
export const MAX_CELL = 1_000;
/** Characters of the whole comment: a code host takes 65,536; the rest is room for the mark saying what was left out. */
export const MAX_COMMENT = 60_000;

/** CR alone too, NEL and the Unicode line and paragraph separators: any of them can end a table row somewhere. */
const LINE_BREAK = /\r\n|[\n\r\u0085\u2028\u2029]/g;
/** Terminal colours a message may carry: dropped from prose, not shown as garbage. */
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;
/**
 * What shows nothing or passes for another character: controls, format characters (zero-width
 * space and joiners, word joiner, byte-order mark, bidirectional controls, tags), every
 * space but U+0020, line and paragraph separators, the default-ignorable rest (variation
 * selectors, fillers), private, unassigned and lone surrogate code points; and ⚠, the mark of
 * the summary's own warnings.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zs}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}\p{Default_Ignorable_Code_Point}\u26A0]/gu;
/** The escape written for one: `<U+200B>`. */
const escapeOf = (ch: string) => `<U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}>`;

/**
 * Every invisible or look-alike character as its escape, `<U+200B>`, the space aside; a `<`
 * that would read as the start of one is escaped too, so the form stays unambiguous. Pure.
 */
export function visible(raw: string): string {
  return raw.replace(/<(?=U\+)/g, escapeOf).replace(INVISIBLE, (ch) => (ch === " " ? ch : escapeOf(ch)));
}

/** Prose as one line of visible characters: colours dropped, a line break or a tab a space, the rest {@link visible}. */
export function oneLine(raw: string): string {
  return visible(raw.replace(ANSI, "").replace(LINE_BREAK, " ").replace(/\t/g, " "));
}

/** How a text is taken: a name (a type) is shown exactly, its line breaks escaped too; prose reads as one line. */
export type TextForm = "name" | "prose";
const flat = (raw: string, form: TextForm) => (form === "name" ? visible(raw) : oneLine(raw));

/** Characters markdown or HTML may read as syntax outside a code span (GFM's extensions too), each written as an entity. */
const SYNTAX = new Set(["&", "<", ">", "|", "\\", "`", "*", "_", "[", "]", "~", "!", "#", "$", "^"]);

/** The named entities HTML readers know at a glance; the rest numeric. */
const NAMED: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };
const entity = (ch: string) => NAMED[ch] ?? `&#${ch.codePointAt(0)};`;

/**
 * A word joiner: invisible, and it keeps `@name` from being a mention or an e-mail link,
 * `https://` and `www.` from being links, `#123` and `GH-1` from being issue references (a code
 * host decodes `&#35;` before it links). Inserted after {@link visible}, so it is the only one.
 */
const WJ = "\u2060";
/** Where a code host would start a mention, a link or an issue reference of its own: a word joiner goes in. */
const LINK_START = /(@)|(:)(?=\/\/)|(www)(?=\.)|(#)(?=[0-9])|(gh)(?=-[0-9])/gi;

/**
 * The pieces of `chars`, in order, joined up to `max` characters, then `…`: a piece is never cut
 * in half (an entity stays whole, a surrogate pair too).
 */
function within(pieces: Iterable<string>, max: number): string {
  let out = "";
  for (const p of pieces) {
    if (out.length + p.length > max - 1) return `${out}…`;
    out += p;
  }
  return out;
}

/** Prose from untrusted text: one line, entities for syntax, mentions, links and references broken, at most `max` characters of markdown. */
export function text(raw: string, max: number = MAX_CELL, form: TextForm = "prose"): string {
  const pieces = function* () {
    for (const ch of flat(raw, form).replace(LINK_START, `$&${WJ}`)) yield SYNTAX.has(ch) ? entity(ch) : ch;
  };
  return within(pieces(), max);
}

/**
 * A code span of untrusted text (a name, a value), safe in a table cell: exact, every invisible
 * character and line break {@link visible}, `|` escaped (and a backslash
 * before it kept apart from the escape, since parsers differ on `\\|`), fenced by a backtick run
 * longer than any inside. At most `max` characters, fences included.
 */
export function code(raw: string, max: number = MAX_NAME): string {
  const chars = [...visible(raw)];
  const pieces = function* () {
    for (let i = 0; i < chars.length; i++) {
      if (chars[i] === "|") yield "\\|";
      else if (chars[i] === "\\" && chars[i + 1] === "|") yield "\\\u200B";
      else yield chars[i];
    }
  };
  // The fence depends on what is kept, and what is kept on the room the fence leaves: shrink until both fit.
  for (let room = max - 4; ;) {
    const body = within(pieces(), room);
    const longestRun = Math.max(0, ...(body.match(/`+/g) ?? []).map((r) => r.length));
    const fence = "`".repeat(longestRun + 1);
    // A span that starts or ends with a backtick or a space is padded: the parser strips exactly one space each side.
    const pad = longestRun > 0 || /^ | $/.test(body) ? " " : "";
    const span = `${fence}${pad}${body}${pad}${fence}`;
    if (span.length <= max || room <= 1) return span;
    room -= Math.ceil((span.length - max) / 3);
  }
}

/**
 * The first `maxItems` of `items` joined by `sep` while the whole stays within `max` characters,
 * the rest counted by `more(n)` (trusted text).
 */
export function joinWithin(items: readonly string[], sep: string, max: number, more: (left: number) => string, maxItems = Infinity): string {
  const shown: string[] = [];
  let size = 0;
  for (const [i, item] of items.entries()) {
    const rest = items.length - i - 1;
    const need = size + (shown.length ? sep.length : 0) + item.length + (rest > 0 ? sep.length + more(rest).length : 0);
    if (i >= maxItems || need > max) return [...shown, more(items.length - i)].join(sep);
    size += (shown.length ? sep.length : 0) + item.length;
    shown.push(item);
  }
  return shown.join(sep);
}

import type { CheckFailure } from "../check-failures";
import { formatPath } from "../check-failures";

/**
 * Strings with characters that hide or rewrite what a terminal or a UI shows: C0 controls
 * (NUL, BEL, ESC, ...), DEL, C1 controls and the bidirectional overrides and isolates
 * (U+202A-U+202E, U+2066-U+2069), and lone surrogates (no UTF-8 can carry them). Names also
 * allow no invisible or line-breaking character: zero-width space, joiners and marks
 * (U+200B-U+200F, U+2060-U+2064), the line and paragraph separators U+2028/U+2029, the byte order
 * mark U+FEFF; two names that look the same must be the same. Other text keeps tab, line feed
 * and carriage return (certificates, messages). Pure.
 */
const LONE_SURROGATE = "[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]";
const IN_TEXT = new RegExp(`[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069]|${LONE_SURROGATE}`);
const IN_NAME = new RegExp(
  `[\\u0000-\\u001f\\u007f-\\u009f\\u200b-\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff]|${LONE_SURROGATE}`,
);

/** Keys whose strings are names (shown in lists, previews, URLs): no control character at all. */
const NAME_KEYS = new Set(["name", "key", "tags", "topics", "consumerGroup", "database", "table", "streamName"]);

/** What kind of character it is, as the reason says it. */
function kindOf(ch: string): string {
  if (ch.length === 1 && /[\ud800-\udfff]/.test(ch)) return "a lone surrogate (half of a character)";
  if (/[\u200b-\u200f\u2028\u2029\u2060-\u2064\ufeff]/.test(ch)) return "an invisible or line-separator character";
  return "a control or bidirectional-override character";
}

function describe(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** A failure for each string inside `value` that holds a control character, with its path. */
export function controlCharFailures(value: unknown, path: (string | number)[] = [], inName = false): CheckFailure[] {
  if (typeof value === "string") {
    const found = (inName ? IN_NAME : IN_TEXT).exec(value);
    if (!found) return [];
    return [
      {
        property: formatPath(path),
        reason: `contains ${kindOf(found[0])} (${describe(found[0])}) at position ${found.index}; remove it`,
      },
    ];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => controlCharFailures(v, [...path, i], inName));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => controlCharFailures(v, [...path, k], NAME_KEYS.has(k)));
  }
  return [];
}

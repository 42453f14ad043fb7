import type { CheckFailure } from "../check-failures";
import { formatPath } from "../check-failures";

/**
 * Strings with characters that hide or rewrite what a terminal or a UI shows: C0 controls
 * (NUL, BEL, ESC, ...), DEL, C1 controls and the bidirectional overrides and isolates
 * (U+202A-U+202E, U+2066-U+2069). Names allow none of them; other text keeps tab, line feed and
 * carriage return (certificates, messages). Pure.
 */
const IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const IN_NAME = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Keys whose strings are names (shown in lists, previews, URLs): no control character at all. */
const NAME_KEYS = new Set(["name", "key", "tags", "topics", "consumerGroup", "database", "table", "streamName"]);

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
        reason: `contains a control or bidirectional-override character (${describe(found[0])}) at position ${found.index}; remove it`,
      },
    ];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => controlCharFailures(v, [...path, i], inName));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => controlCharFailures(v, [...path, k], NAME_KEYS.has(k)));
  }
  return [];
}

import { matchesAny, parseFingerprint, type MacOf } from "./fingerprint";

/**
 * Finds, in a text, the credentials that fingerprints stand for, so that an error can be blanked
 * of a credential the provider holds only as a fingerprint (a refresh's or a destroy's old
 * outputs). Each window of the fingerprint's length is tried, in the text as it is and in the
 * forms an echo may take: JSON-escaped, URL- and form-encoded, base64 and base64url (at every
 * alignment, also inside a longer text). What is found is then blanked in every form by
 * `redact`. Linear in the text's length per fingerprint; runs only when an error leaves.
 */

const UNESCAPED: Record<string, string> = { n: "\n", r: "\r", t: "\t", '"': '"', "\\": "\\", "/": "/" };
/** How deep a credential may sit in JSON strings: a key file (JSON) inside an answer (JSON) inside an error text. */
const JSON_DEPTH = 3;

/**
 * `text` with one level of JSON string escapes undone, in one pass: done escape by escape, a
 * key file's own `\n` (backslash, n) inside an escaped echo (`\\n`) would become a line break.
 */
function jsonUnescaped(text: string): string {
  return text.replace(/\\(["\\/nrt])/g, (_, c: string) => UNESCAPED[c]);
}

/** Texts that a credential echoed in `text` may show as plaintext in. */
function views(text: string): string[] {
  const out = new Set([text]);
  let level = text;
  for (let depth = 0; depth < JSON_DEPTH; depth++) {
    const next = jsonUnescaped(level);
    if (next === level) break;
    out.add((level = next));
  }
  out.add(
    text.replace(/\+/g, " ").replace(/(%[0-9a-fA-F]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    }),
  );
  for (const run of text.match(/[A-Za-z0-9+/_-]{8,}={0,2}/g) ?? []) {
    for (let skip = 0; skip < 4; skip++) {
      const decoded = Buffer.from(run.slice(skip), run.includes("-") || run.includes("_") ? "base64url" : "base64").toString("utf8");
      // A run that is no base64 of text (a word, a misaligned skip) decodes to bytes no credential holds.
      if (!NOT_TEXT.test(decoded)) out.add(decoded);
    }
  }
  return [...out];
}

/** What a decoded text holds only when it was not text: invalid UTF-8 or control characters other than line breaks and tabs. */
const NOT_TEXT = /[\uFFFD\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * The credentials, among those `fingerprints` stand for, that `text` shows in any of the forms
 * above; also their parts (a line of a key, a key file's `private_key`) a fingerprint holds MACs of.
 */
export function credentialsIn(text: string, fingerprints: readonly string[]): string[] {
  const found = new Set<string>();
  // By salt and length: one MAC per window serves every part of a fingerprint of that length (a key's lines).
  const sought = fingerprints
    .map(parseFingerprint)
    .filter((p) => p !== undefined)
    .flatMap((p) => {
      const byLength = new Map<number, MacOf[]>();
      for (const of of [p, ...p.parts]) if (of.length > 0) byLength.set(of.length, [...(byLength.get(of.length) ?? []), of]);
      return [...byLength].map(([length, macs]) => ({ salt: p.salt, length, macs }));
    });
  if (!sought.length || !text) return [];
  for (const view of views(text)) {
    for (const { salt, length, macs } of sought) {
      for (let i = 0; i + length <= view.length; i++) {
        const candidate = view.slice(i, i + length);
        if (matchesAny(salt, macs, candidate)) found.add(candidate);
      }
    }
  }
  return [...found];
}

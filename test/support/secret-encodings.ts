/**
 * The six encodings a credential is searched for in, written here apart from the provider's own
 * redaction (`provider/client/redact.ts`), so a test does not look only where the code under test
 * looks: raw, JSON-escaped, base64, base64url, URL-encoded and hex. No assertions live here.
 */

/** Each encoding by name. */
export const ENCODINGS = {
  raw: (s: string) => s,
  "json-escaped": (s: string) => JSON.stringify(s).slice(1, -1),
  base64: (s: string) => Buffer.from(s, "utf8").toString("base64"),
  base64url: (s: string) => Buffer.from(s, "utf8").toString("base64url"),
  "url-encoded": (s: string) => encodeURIComponent(s),
  hex: (s: string) => Buffer.from(s, "utf8").toString("hex"),
} as const satisfies Record<string, (s: string) => string>;

export type EncodingName = keyof typeof ENCODINGS;

/** Every encoded form of every secret, with what it is. */
export function encodedForms(secrets: readonly string[]): { secret: string; encoding: EncodingName; form: string }[] {
  return secrets.flatMap((secret) => (Object.keys(ENCODINGS) as EncodingName[]).map((encoding) => ({ secret, encoding, form: ENCODINGS[encoding](secret) })));
}

/** The secrets `text` shows in any of the six encodings, as `<encoding> of <secret>`; none: `[]`. */
export function shownIn(text: string, secrets: readonly string[]): string[] {
  return [
    ...new Set(
      encodedForms(secrets)
        .filter((f) => text.includes(f.form))
        .map((f) => `${f.encoding} of ${f.secret}`),
    ),
  ];
}

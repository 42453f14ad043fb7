/**
 * Blanking credentials out of any text that may reach a user (error messages, log lines). An API
 * may echo a credential in another form than it was sent: inside a JSON string, URL-encoded, or
 * as the base64 `Authorization` value. Every form is blanked. Pure.
 */

/** What a credential is replaced with. */
export const REDACTED = "[secret]";

/** Very short values would mangle ordinary words; a credential is longer than this. */
const MIN_LENGTH = 4;

const base64 = (s: string) => Buffer.from(s, "utf8").toString("base64");
const jsonEscaped = (s: string) => JSON.stringify(s).slice(1, -1);
/** `application/x-www-form-urlencoded`: spaces as `+`. */
const formEncoded = (s: string) => encodeURIComponent(s).replace(/%20/g, "+");

/** The text forms one credential can take in an error or log line. */
export function secretForms(secret: string): string[] {
  const forms = new Set<string>();
  for (const form of [secret, jsonEscaped(secret), encodeURIComponent(secret), formEncoded(secret), base64(secret)]) {
    forms.add(form);
    // Percent-escapes are case-insensitive: `%2F` and `%2f` are the same character.
    if (form.includes("%")) forms.add(form.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()));
  }
  return [...forms];
}

/** The credentials of HTTP Basic: the secret, and the header value `base64(keyId:keySecret)` in each form. */
export function basicAuthSecrets(keyId: string, keySecret: string): string[] {
  const value = base64(`${keyId}:${keySecret}`);
  return [keySecret, value, encodeURIComponent(value)];
}

/**
 * Replaces every form of every secret in a text with `[secret]`. Longer forms go first, so a
 * secret inside a longer secret never leaves a piece of the longer one behind.
 */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  const forms = new Set<string>();
  for (const s of secrets) if (s && s.length >= MIN_LENGTH) for (const f of secretForms(s)) forms.add(f);
  if (forms.size === 0) return text;
  // One pass: a form inside `[secret]` (or inside an already blanked form) is never blanked twice.
  const alternatives = [...forms].sort((a, b) => b.length - a.length).map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return text.replace(new RegExp(alternatives.join("|"), "g"), REDACTED);
}

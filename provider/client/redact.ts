/**
 * Blanking credentials out of any text that may reach a user (error messages, log lines). An API
 * may echo a credential in another form than it was sent, or only a part of it: inside a JSON
 * string, URL- or form-encoded, base64 or base64url (also inside a longer encoded text, as in
 * the `Authorization` value), one line of a multi-line key, or one field of a service-account
 * key. Every such form is blanked. Pure.
 */

/** What a credential is replaced with. */
const REDACTED = "[secret]";

/** Very short values would mangle ordinary words; a credential is longer than this. */
const MIN_LENGTH = 4;
/** Encoded pieces (base64 inside a longer text) shorter than this would match too often by chance. */
const MIN_PIECE = 8;

const base64 = (s: string) => Buffer.from(s, "utf8").toString("base64");
const toUrlAlphabet = (s: string) => s.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const jsonEscaped = (s: string) => JSON.stringify(s).slice(1, -1);
/** `application/x-www-form-urlencoded` as `encodeURIComponent` users write it: spaces as `+`. */
const formEncoded = (s: string) => encodeURIComponent(s).replace(/%20/g, "+");
/** As `URLSearchParams` writes it: also `~ ! ' ( )` percent-encoded. */
const searchParamsEncoded = (s: string) => new URLSearchParams({ v: s }).toString().slice(2);

/**
 * The base64 characters that stand for `secret` wherever it sits in a longer encoded text: for
 * each of the three byte offsets, the characters made of the secret's bytes alone. Catches a
 * secret inside `base64("user:" + secret)` and the like.
 */
function base64Pieces(secret: string): string[] {
  const bytes = Buffer.from(secret, "utf8");
  const out: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
    const piece = encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    if (piece.length >= MIN_PIECE) out.push(piece, toUrlAlphabet(piece));
  }
  return out;
}

/** The text forms one credential can take in an error or log line. */
export function secretForms(secret: string): string[] {
  const forms = new Set<string>();
  const encodings = [
    secret,
    jsonEscaped(secret),
    encodeURIComponent(secret),
    formEncoded(secret),
    searchParamsEncoded(secret),
    base64(secret),
    toUrlAlphabet(base64(secret)),
  ];
  for (const form of [...encodings, ...base64Pieces(secret)]) {
    forms.add(form);
    // Percent-escapes are case-insensitive: `%2F` and `%2f` are the same character.
    if (form.includes("%")) forms.add(form.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()));
  }
  return [...forms];
}

/** Keys of a structured key file whose values are credentials on their own (`private_key`, `private_key_id`, `client_secret`...). */
const SECRET_KEY = /key|secret|password|token|credential/i;

/** The object a secret holds as JSON text, or as base64 of JSON text (a service-account key file). */
function structured(secret: string): Record<string, unknown> | undefined {
  const trimmed = secret.trim();
  const candidates = [trimmed];
  if (/^[A-Za-z0-9+/_-]+=*$/.test(trimmed)) candidates.push(Buffer.from(trimmed, "base64").toString("utf8").trim());
  for (const text of candidates) {
    if (!text.startsWith("{")) continue;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // not JSON: no parts
    }
  }
  return undefined;
}

/** A PEM armor line, the same in every key of its type: no secret, so never blanked on its own. */
const ARMOR = /^-----(BEGIN|END) [A-Z0-9 ]+-----$/;

/** A line break, or its JSON-escaped form (backslash, n), as a key file's text holds its key's lines. */
const LINE_BREAK = /\r?\n|\\r\\n|\\n/;

/**
 * The parts of a credential that are credentials on their own: each line of a multi-line value
 * (a PEM key, its lines broken by line breaks or by escaped ones), and the secret fields of a key
 * file (JSON or base64 JSON) with their lines.
 */
export function secretParts(secret: string): string[] {
  const parts: string[] = [];
  const lines = (s: string) => (LINE_BREAK.test(s) ? s.split(LINE_BREAK).map((l) => l.trim()) : []);
  const fields = structured(secret);
  // A key file's own lines are its JSON (`"type": "service_account",`), the same in every key
  // file: its secret fields are its parts. Blanking lines another key file shares would also
  // break that one's echo, which then could no longer be found by its fingerprint.
  if (!fields) parts.push(...lines(secret));
  for (const [key, value] of Object.entries(fields ?? {})) {
    if (typeof value === "string" && SECRET_KEY.test(key)) parts.push(value, ...lines(value));
  }
  return parts.filter((p) => p.length >= MIN_LENGTH && p !== secret && !ARMOR.test(p));
}

/** The credentials of HTTP Basic: the secret, and the header value `base64(keyId:keySecret)` in each form. */
export function basicAuthSecrets(keyId: string, keySecret: string): string[] {
  const value = base64(`${keyId}:${keySecret}`);
  return [keySecret, value, encodeURIComponent(value)];
}

/**
 * Replaces every form of every secret (and of each of its parts) in a text with `[secret]`.
 * Longer forms go first, so a secret inside a longer secret never leaves a piece of the longer one behind.
 */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  const forms = new Set<string>();
  for (const s of secrets) {
    if (!s || s.length < MIN_LENGTH) continue;
    for (const one of [s, ...secretParts(s)]) for (const f of secretForms(one)) forms.add(f);
  }
  if (forms.size === 0) return text;
  // One pass: a form inside `[secret]` (or inside an already blanked form) is never blanked twice.
  const alternatives = [...forms].sort((a, b) => b.length - a.length).map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return text.replace(new RegExp(alternatives.join("|"), "g"), REDACTED);
}

/** Every string inside a value (an object of secrets, a list), to blank out. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(stringsIn);
  return [];
}

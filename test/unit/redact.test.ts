import { describe, expect, it } from "vitest";
import { basicAuthSecrets, redact, secretForms, secretParts } from "../../provider/client/redact";
import { fingerprint } from "../../provider/engine/fingerprint";
import { credentialsIn } from "../../provider/engine/fingerprint-search";
import { cloudSurface, stackServerSurface } from "../../provider/client/surface";

const KEY_ID = "key-id-1234";
const SECRET = 'p@ss/w"rd+ 9&x=';
const TOKEN = "stack-token-abcdef";
const basic = Buffer.from(`${KEY_ID}:${SECRET}`).toString("base64");

/** One form a credential can take in an API error or a log line, and a line carrying it. */
const forms: [string, string][] = [
  ["plain", `rejected password ${SECRET} for user`],
  ["JSON-escaped", `{"error":"bad password ${JSON.stringify(SECRET).slice(1, -1)}"}`],
  ["URL-encoded", `GET /login?password=${encodeURIComponent(SECRET)}&x=1`],
  ["URL-encoded, lower-case escapes", `GET /login?password=${encodeURIComponent(SECRET).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase())}`],
  ["form-encoded", `body password=${encodeURIComponent(SECRET).replace(/%20/g, "+")}`],
  ["base64 of the secret", `echo ${Buffer.from(SECRET).toString("base64")}`],
  ["Basic authorization value", `authorization: Basic ${basic}`],
  ["Basic value, URL-encoded", `h=${encodeURIComponent(`Basic ${basic}`)}`],
];

describe("redact: every form of a cloud key secret", () => {
  const secrets = cloudSurface("https://api.example.test", KEY_ID, SECRET).secrets;
  it.each(forms)("%s", (_form, line) => {
    const out = redact(line, secrets);
    expect(out).toContain("[secret]");
    for (const form of [...secretForms(SECRET), basic, encodeURIComponent(basic)]) expect(out).not.toContain(form);
  });
});

describe("redact: a bearer token", () => {
  const secrets = stackServerSurface("https://stack.example.test", TOKEN).secrets;
  it.each([
    ["Bearer header", `authorization: Bearer ${TOKEN}`],
    ["JSON-escaped", JSON.stringify({ header: `Bearer ${TOKEN}` })],
    ["URL-encoded", `?access_token=${encodeURIComponent(TOKEN)}`],
    ["base64", Buffer.from(TOKEN).toString("base64")],
  ])("%s", (_form, line) => {
    expect(redact(line, secrets)).not.toMatch(new RegExp(`${TOKEN}|${Buffer.from(TOKEN).toString("base64")}`));
  });
});

describe("redact: what is left alone", () => {
  it.each([
    ["values shorter than 4 characters", "abc", "the abc of it"],
    ["text without the secret", SECRET, "nothing to see"],
  ])("%s", (_what, secret, line) => {
    expect(redact(line, [secret])).toBe(line);
  });

  it("a secret inside a longer one leaves nothing of the longer one", () => {
    expect(redact("x secret-long-value y", ["secret", "secret-long-value"])).toBe("x [secret] y");
  });

  it("the Basic value covers the key id and secret together", () => {
    expect(basicAuthSecrets(KEY_ID, SECRET)).toContain(basic);
  });
});

/** A PEM-like key of several lines and a service-account key file holding it (JSON, then base64 of it). */
const PEM = "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\nBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj\n-----END PRIVATE KEY-----\n";
const KEY_FILE = JSON.stringify({
  type: "service_account",
  project_id: "proj-1",
  private_key_id: "0123456789abcdef0123",
  private_key: PEM,
  client_email: "sa@proj-1.example.test",
});
const KEY_FILE_B64 = Buffer.from(KEY_FILE).toString("base64");
/** Encoded texts with the secret inside, at byte offsets 5 and 3; characters 8-28 stand for the secret alone. */
const B64_INSIDE = Buffer.from("user:inner-secret-value-42").toString("base64");
/** A secret whose base64 has `+` and `/`, so its base64url differs. */
const URL_ALPHABET = "sub?>?>secret-value~~1";
const B64URL_INSIDE = Buffer.from(`xy=${URL_ALPHABET};`).toString("base64url");
const ODD = "tilde~bang!quote'paren(x)*end";

describe("redact: forms and parts an API may echo", () => {
  const cases: [string, string, string, string][] = [
    // [what, secret given, text echoed, piece that must not survive]
    [
      "URLSearchParams form encoding of ~ ! ' ( )",
      ODD,
      `body ${new URLSearchParams({ password: ODD }).toString()}`,
      new URLSearchParams({ p: ODD }).toString().slice(2),
    ],
    [
      "URLSearchParams encoding, lower-case escapes",
      ODD,
      new URLSearchParams({ p: ODD }).toString().toLowerCase(),
      new URLSearchParams({ p: ODD }).toString().slice(2).toLowerCase(),
    ],
    ["base64url of the secret", URL_ALPHABET, `token=${Buffer.from(URL_ALPHABET).toString("base64url")}`, Buffer.from(URL_ALPHABET).toString("base64url")],
    ["base64 of the secret inside a longer text", "inner-secret-value-42", B64_INSIDE, B64_INSIDE.slice(8, 28)],
    ["base64url of the secret inside a longer text", URL_ALPHABET, B64URL_INSIDE, B64URL_INSIDE.slice(8, 28)],
    ["a key file's private_key_id alone", KEY_FILE, `unknown key id 0123456789abcdef0123`, "0123456789abcdef0123"],
    ["a key file's private_key alone, JSON-escaped", KEY_FILE, `{"detail":${JSON.stringify(PEM)}}`, "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC"],
    ["a base64 key file's private_key_id alone", KEY_FILE_B64, `key 0123456789abcdef0123 revoked`, "0123456789abcdef0123"],
    ["one line of a base64 key file's private key", KEY_FILE_B64, `bad line BKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj`, "BKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj"],
    ["one line of a multi-line secret", PEM, `cannot parse MIIEvQIBADANBgkqhkiG9w0BAQEFAASC here`, "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC"],
  ];
  it.each(cases)("%s", (_what, secret, line, piece) => {
    const out = redact(line, [secret]);
    expect(out).toContain("[secret]");
    expect(out).not.toContain(piece);
  });

  it("a key file's ordinary fields stay readable", () => {
    expect(redact("account sa@proj-1.example.test of proj-1 (service_account)", [KEY_FILE])).toBe("account sa@proj-1.example.test of proj-1 (service_account)");
  });
});

/** A service-account key file as users keep it (pretty JSON, the key's lines escaped as `\n`), old and new. */
const keyFile = (tag: string) =>
  JSON.stringify(
    {
      type: "service_account",
      project_id: "proj-1",
      private_key_id: `${tag}-key-id-0123456789abcdef`,
      private_key: `-----BEGIN PRIVATE KEY-----\nMIIE${tag}QIBADANBgkqhkiG9w0BAQEFAASC\nBKcw${tag}SjAgEAAoIBAQC7VJTUt9Us8cKj\n-----END PRIVATE KEY-----\n`,
      client_email: "sa@proj-1.example.test",
    },
    null,
    2,
  );
const OLD_FILE = keyFile("old");
const NEW_FILE = keyFile("new");
/** What of the old key file must never survive: its key's lines and its key id. */
const OLD_PIECES = ["MIIEoldQIBADANBgkqhkiG9w0BAQEFAASC", "BKcwoldSjAgEAAoIBAQC7VJTUt9Us8cKj", "old-key-id-0123456789abcdef"];
const jsonEscaped = (s: string) => JSON.stringify(s).slice(1, -1);

describe("redact: a multi-line key file held only as a fingerprint (an update's old credential)", () => {
  /**
   * The provider's path: the client blanks the credentials it knows (the new file) in the answer;
   * then the last gate (blank-errors.ts) finds the old one by its fingerprint in what is left.
   */
  const blank = (text: string) => {
    const seen = redact(text, [NEW_FILE]);
    return redact(seen, [...credentialsIn(seen, [fingerprint(OLD_FILE)]), NEW_FILE]);
  };
  it.each<[string, string]>([
    ["quoted as it is", `invalid key ${OLD_FILE}`],
    ["quoted JSON-escaped (the key's \\n as \\\\n)", `invalid key "${jsonEscaped(OLD_FILE)}"`],
    ["quoted JSON-escaped twice", `{"detail":"${jsonEscaped(`invalid key "${jsonEscaped(OLD_FILE)}"`)}"}`],
    ["quoted as base64", `invalid key ${Buffer.from(OLD_FILE).toString("base64")}`],
    ["quoted beside the new one, both JSON-escaped", `old "${jsonEscaped(OLD_FILE)}" new "${jsonEscaped(NEW_FILE)}"`],
  ])("%s: no line of it survives", (_form, text) => {
    const out = blank(text);
    expect(out).toContain("[secret]");
    for (const piece of [...OLD_PIECES, "MIIEnew", "BKcwnew", "new-key-id"]) expect(out).not.toContain(piece);
  });
});

describe("secretParts: the lines of a multi-line secret", () => {
  const PEM_LINES = ["-----BEGIN PRIVATE KEY-----", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC", "BKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj", "-----END PRIVATE KEY-----"];
  it.each<[string, string]>([
    ["broken by line breaks", PEM_LINES.join("\n")],
    ["broken by CRLF", PEM_LINES.join("\r\n")],
    ["broken by escaped line breaks (backslash, n)", PEM_LINES.join("\\n")],
    ["broken by escaped CRLF", PEM_LINES.join("\\r\\n")],
  ])("%s", (_how, secret) => {
    expect(secretParts(secret)).toEqual(PEM_LINES.slice(1, 3));
    // Each line alone, in the form an echo shows it, is blanked.
    for (const line of PEM_LINES.slice(1, 3)) expect(redact(`line ${line} refused`, [secret])).toBe("line [secret] refused");
  });
});

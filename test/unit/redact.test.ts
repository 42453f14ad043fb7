import { describe, expect, it } from "vitest";
import { basicAuthSecrets, redact, secretForms } from "../../provider/client/redact";
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

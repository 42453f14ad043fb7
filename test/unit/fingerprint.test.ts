import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { propSecrets } from "../../provider/engine/blank-errors";
import { pipeDiff } from "../../provider/resources/pipe/diff";
import { fingerprint, fingerprintMatches, isFingerprint, parseFingerprint, sameCredential, sealed } from "../../provider/engine/fingerprint";

const SALT = Buffer.alloc(16, 7);

describe("fingerprint", () => {
  it("is an HMAC-SHA256 keyed by its own salt, both in the string", () => {
    const fp = fingerprint("p@ss", SALT);
    expect(fp).toBe(`hmac-sha256:${"07".repeat(16)}:4:${createHmac("sha256", SALT).update("p@ss").digest("hex")}`);
    expect(fp).not.toContain("p@ss");
    expect(isFingerprint(fp)).toBe(true);
  });

  it("differs for the same secret in two places (random salt), and each matches it", () => {
    const [a, b] = [fingerprint("same-password"), fingerprint("same-password")];
    expect(a).not.toBe(b);
    expect(fingerprintMatches(a, "same-password")).toBe(true);
    expect(fingerprintMatches(b, "same-password")).toBe(true);
  });

  it.each([
    ["another secret", "p@sS"],
    ["an empty string", ""],
    ["a number", 1234],
    ["nothing", undefined],
  ])("does not match %s", (_what, other) => {
    expect(fingerprintMatches(fingerprint("p@ss"), other)).toBe(false);
  });

  it.each([["plain text"], ["hmac-sha256:xyz:abc"], [`hmac-sha256:${"0".repeat(32)}:${"0".repeat(63)}`], [42]])("%s is no fingerprint", (v) => {
    expect(isFingerprint(v)).toBe(false);
  });
});

describe("fingerprint forms: the compact one written, the hex one of older releases still read", () => {
  const SALT12 = Buffer.alloc(12, 7);
  const hexMac = (secret: string) => createHmac("sha256", SALT).update(secret).digest("hex");

  it("is written compact: a 96-bit salt and the MAC's first 128 bits, base64url, 53 characters for a 4-character secret", () => {
    const fp = fingerprint("p@ss");
    expect(fp).toMatch(/^hmac-sha256:[A-Za-z0-9_-]{16}:4:[A-Za-z0-9_-]{22}$/);
    expect(fp).toHaveLength(53);
    const mac = createHmac("sha256", SALT12).update("p@ss").digest().subarray(0, 16).toString("base64url");
    expect(fingerprint("p@ss", SALT12)).toBe(`hmac-sha256:${SALT12.toString("base64url")}:4:${mac}`);
    expect(fingerprintMatches(fingerprint("p@ss"), "p@ss")).toBe(true);
  });

  it("a stored hex fingerprint still matches its credential, and no other", () => {
    const stored = `hmac-sha256:${SALT.toString("hex")}:4:${hexMac("p@ss")}`;
    expect(isFingerprint(stored)).toBe(true);
    expect(fingerprintMatches(stored, "p@ss")).toBe(true);
    expect(fingerprintMatches(stored, "p@sS")).toBe(false);
  });

  it("an update keeps a stored hex fingerprint of an unchanged credential and writes a changed one compact", () => {
    const stored = {
      username: `hmac-sha256:${SALT.toString("hex")}:6:${hexMac("ingest")}`,
      password: `hmac-sha256:${SALT.toString("hex")}:4:${hexMac("pw-1")}`,
    };
    const next = sealed({ username: "ingest", password: "pw-2" }, stored) as Record<string, string>;
    expect(next.username).toBe(stored.username);
    expect(next.password).toHaveLength(53);
    expect(fingerprintMatches(next.password, "pw-2")).toBe(true);
  });

  it.each([
    ["a compact salt of the wrong size", `hmac-sha256:${"A".repeat(15)}:4:${"B".repeat(22)}`],
    ["a compact MAC of the wrong size", `hmac-sha256:${"A".repeat(16)}:4:${"B".repeat(21)}`],
    ["a hex salt with a compact MAC", `hmac-sha256:${"0".repeat(32)}:4:${"B".repeat(22)}`],
  ])("%s is no fingerprint", (_what, v) => {
    expect(isFingerprint(v)).toBe(false);
  });

  it("refuses a salt of neither size", () => {
    expect(() => fingerprint("p@ss", Buffer.alloc(8))).toThrow(/12 or 16 bytes, not 8/);
  });
});

describe("sameCredential: the stored value against the program's plaintext", () => {
  const creds = { username: "ingest", password: "pw-1" };
  const stored = { username: fingerprint("ingest"), password: fingerprint("pw-1") };
  it.each<[string, unknown, unknown, boolean]>([
    ["fingerprints of the same values", stored, creds, true],
    ["a changed password", stored, { ...creds, password: "pw-2" }, false],
    ["a changed username", stored, { ...creds, username: "other" }, false],
    ["a key added", stored, { ...creds, extra: "x" }, false],
    ["a key left out", stored, { username: "ingest" }, false],
    ["a null key left out (canonical form)", stored, { ...creds, extra: null }, true],
    ["a whole string secret", fingerprint("key-file"), "key-file", true],
    ["a whole string secret changed", fingerprint("key-file"), "key-file-2", false],
    ["an older state's plaintext, same", creds, { ...creds }, true],
    ["an older state's plaintext, changed", creds, { ...creds, password: "pw-2" }, false],
    ["nothing stored, something given", undefined, creds, false],
    ["something stored, nothing given", stored, undefined, false],
    ["the fingerprint itself given as the credential", stored, stored, false],
  ])("%s", (_what, old, plain, same) => {
    expect(sameCredential(old, plain)).toBe(same);
  });
});

describe("sealed: the outputs' form of the program's credentials", () => {
  const plain = { credentials: { username: "u", password: "pw-1" }, serviceAccountKey: "key-file" };

  it("holds no plaintext, only fingerprints that stand for the credentials", () => {
    const out = sealed(plain, undefined);
    expect(JSON.stringify(out)).not.toMatch(/pw-1|key-file|"u"/);
    expect(sameCredential(out, plain)).toBe(true);
  });

  it("keeps the old fingerprint of an unchanged credential, a new one for a changed one", () => {
    const old = sealed(plain, undefined) as any;
    const next = sealed({ ...plain, credentials: { username: "u", password: "pw-2" } }, old) as any;
    expect(next.serviceAccountKey).toBe(old.serviceAccountKey);
    expect(next.credentials.username).toBe(old.credentials.username);
    expect(next.credentials.password).not.toBe(old.credentials.password);
    expect(fingerprintMatches(next.credentials.password, "pw-2")).toBe(true);
  });

  it("an update turns an older state's plaintext into fingerprints", () => {
    const out = sealed(plain, plain);
    expect(JSON.stringify(out)).not.toMatch(/pw-1|key-file/);
  });

  it("a refresh keeps an older state's plaintext as it is (no change), and fingerprints as they are", () => {
    expect(sealed(plain, plain, true)).toEqual(plain);
    const fps = sealed(plain, undefined);
    expect(sealed(fps, fps, true)).toEqual(fps);
  });

  it("a refresh fingerprints a read-back secret that changed on the server", () => {
    const old = { connectionString: fingerprint("AccountKey=old") };
    const out = sealed({ connectionString: "AccountKey=new" }, old, true) as any;
    expect(out.connectionString).not.toBe(old.connectionString);
    expect(fingerprintMatches(out.connectionString, "AccountKey=new")).toBe(true);
    expect(sealed({ connectionString: "AccountKey=old" }, old, true)).toEqual(old);
  });

  it("leaves non-string leaves as they are", () => {
    expect(sealed({ n: 1, b: true, z: null }, undefined)).toEqual({ n: 1, b: true, z: null });
  });
});

describe("propSecrets: what an error is blanked of", () => {
  it("takes an older state's plaintext credentials and the connection's keys, not fingerprints", () => {
    const props = {
      sourceSecrets: { credentials: { username: fingerprint("u"), password: "older-state-plaintext" } },
      connection: { keyId: "id", keySecret: "conn-key-secret" },
    };
    expect(propSecrets(props, pipeDiff.fields).sort()).toEqual(["conn-key-secret", "older-state-plaintext"]);
  });
});

describe("fingerprint parts: one MAC per part of a credential, same salt", () => {
  const keyFile = JSON.stringify({
    type: "service_account",
    private_key_id: "kid-0123",
    private_key: "-----BEGIN PRIVATE KEY-----\nMIIEline1AAAA\nQ2Fyline2BBBB\n-----END PRIVATE KEY-----\n",
  });

  it("a key file's fingerprint carries its private_key, private_key_id and each key line; the whole still matches", () => {
    const fp = fingerprint(keyFile);
    const parts = parseFingerprint(fp)!.parts;
    expect(parts.map((p) => p.length).sort((a, b) => a - b)).toEqual(
      ["kid-0123", "MIIEline1AAAA", "Q2Fyline2BBBB", JSON.parse(keyFile).private_key].map((p: string) => p.length).sort((a, b) => a - b),
    );
    expect(isFingerprint(fp)).toBe(true);
    expect(fingerprintMatches(fp, keyFile)).toBe(true);
    expect(fp).not.toContain("line1");
  });

  it("a short password has none: the compact form as before", () => {
    expect(parseFingerprint(fingerprint("p@ss"))!.parts).toEqual([]);
  });

  it("an unchanged credential keeps its fingerprint; one stored without parts gains them, with its salt", () => {
    const fp = fingerprint(keyFile);
    expect(sealed(keyFile, fp)).toBe(fp);
    const withoutParts = fp.slice(0, fp.indexOf(";"));
    expect(sealed(keyFile, withoutParts)).toBe(fp);
  });

  it("a fingerprint already sealed stays as it is", () => {
    const fp = fingerprint("p@ss");
    expect(sealed({ a: fp }, undefined)).toEqual({ a: fp });
  });
});

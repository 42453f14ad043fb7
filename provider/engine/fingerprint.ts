import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { secretParts } from "../client/redact";
import { canonical, isObj } from "./canonical";

/**
 * Fingerprints stand in for credentials in a resource's outputs. The SDK prints the engine's
 * answer to a registration (the outputs, secrets unwrapped) in its debug log, so outputs must not
 * hold a credential's plaintext. A fingerprint is an HMAC-SHA256 of the credential keyed by a
 * random salt of its own, with the salt and the credential's length in the string
 * (`hmac-sha256:<salt>:<length>:<mac>`): the same password in two pipes gives two different
 * fingerprints, the diff can still tell whether the program's credential is the one the outputs
 * were made from, and an error echoing it can still be blanked (`fingerprint-search.ts`: the
 * length keeps that search linear). A credential with parts that are credentials on their own
 * (each line of a multi-line key, each secret field of a key file: `secretParts`) also gets one
 * length and MAC per part, same salt (`;<length>:<mac>` after the whole one's), so that an error
 * echoing only a part of an old credential (a key file's `private_key`) is blanked too. Pure but
 * for the random salt.
 */

/**
 * The forms of a fingerprint, told apart by their salt's size. `compact` is written: a 96-bit
 * salt and the MAC's first 128 bits (as HMAC-SHA-256-128 does), both base64url, 53 characters for
 * a short credential; a pipe stores one per credential, each inside the state's ciphertext. `hex` is
 * what releases before issue 22 wrote (128-bit salt, the whole MAC, hex: 111 characters) and is
 * still read: states hold it, and an unchanged credential keeps its fingerprint.
 */
const FORMS = [
  {
    name: "compact",
    saltBytes: 12,
    macBytes: 16,
    encoding: "base64url",
    parts: true,
    pattern: /^hmac-sha256:([A-Za-z0-9_-]{16}):(\d{1,9}):([A-Za-z0-9_-]{22})((?:;\d{1,9}:[A-Za-z0-9_-]{22})*)$/,
  },
  { name: "hex", saltBytes: 16, macBytes: 32, encoding: "hex", parts: false, pattern: /^hmac-sha256:([0-9a-f]{32}):(\d{1,9}):([0-9a-f]{64})()$/ },
] as const;

type Form = (typeof FORMS)[number];

const PREFIX = "hmac-sha256:";
const WRITTEN: Form = FORMS[0];

/**
 * The fingerprint of `secret`, with a fresh random salt unless one is given. The form follows the
 * salt's size: remade with a stored fingerprint's salt, a fingerprint comes out in that one's form.
 */
export function fingerprint(secret: string, salt: Buffer = randomBytes(WRITTEN.saltBytes)): string {
  const form = FORMS.find((f) => f.saltBytes === salt.length);
  if (!form) throw new RangeError(`a fingerprint's salt has ${FORMS.map((f) => f.saltBytes).join(" or ")} bytes, not ${salt.length}`);
  const one = (s: string) => `${s.length}:${mac(salt, s, form.macBytes).toString(form.encoding)}`;
  const parts = form.parts ? [...new Set(secretParts(secret))].map((p) => `;${one(p)}`).join("") : "";
  return `${PREFIX}${salt.toString(form.encoding)}:${one(secret)}${parts}`;
}

/** A length and MAC: of a credential, or of one of its parts. */
export interface MacOf {
  length: number;
  mac: Buffer;
}

/** The HMAC-SHA256 of `secret` keyed by `salt`, its first `bytes` bytes. */
function mac(salt: Buffer, secret: string, bytes: number): Buffer {
  return createHmac("sha256", salt).update(secret, "utf8").digest().subarray(0, bytes);
}

/** A fingerprint's salt, the whole credential's length and MAC, and those of its parts; undefined for anything else. */
export function parseFingerprint(fp: unknown): ({ salt: Buffer; parts: MacOf[] } & MacOf) | undefined {
  if (typeof fp !== "string") return undefined;
  for (const form of FORMS) {
    const m = form.pattern.exec(fp);
    if (!m) continue;
    const parts = m[4]
      .split(";")
      .slice(1)
      .map((p) => ({ length: Number(p.slice(0, p.indexOf(":"))), mac: Buffer.from(p.slice(p.indexOf(":") + 1), form.encoding) }));
    return { salt: Buffer.from(m[1], form.encoding), length: Number(m[2]), mac: Buffer.from(m[3], form.encoding), parts };
  }
  return undefined;
}

/** True for a string in a fingerprint form. */
export function isFingerprint(value: unknown): value is string {
  return typeof value === "string" && FORMS.some((f) => f.pattern.test(value));
}

/** True when `candidate` is the credential (or part) of that length and MAC, keyed by `salt` (length, then MAC). */
export function macMatches(salt: Buffer, of: MacOf, candidate: string): boolean {
  return matchesAny(salt, [of], candidate);
}

/** True when `candidate` is any of the credentials (or parts) of those lengths and MACs, all keyed by `salt`: one MAC computed. */
export function matchesAny(salt: Buffer, macs: readonly MacOf[], candidate: string): boolean {
  const same = macs.filter((of) => of.length === candidate.length);
  if (same.length === 0) return false;
  const full = createHmac("sha256", salt).update(candidate, "utf8").digest();
  return same.some((of) => timingSafeEqual(full.subarray(0, of.mac.length), of.mac));
}

/** True when `fp` is a fingerprint of `secret` (computed with `fp`'s own salt). */
export function fingerprintMatches(fp: string, secret: unknown): boolean {
  const parts = parseFingerprint(fp);
  return parts !== undefined && typeof secret === "string" && macMatches(parts.salt, parts, secret);
}

/**
 * True when the stored value `old` (fingerprints, or plaintext as releases before fingerprints
 * stored it) stands for the program's `plain` value: same shape, each string leaf a fingerprint
 * of the program's string or equal to it. Compared in canonical form (nulls and empty objects
 * left out), as every other field is.
 */
export function sameCredential(old: unknown, plain: unknown): boolean {
  return sameLeaves(canonical(old), canonical(plain));
}

function sameLeaves(a: unknown, b: unknown): boolean {
  if (isFingerprint(a)) return fingerprintMatches(a, b);
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameLeaves(x, b[i]));
  if (isObj(a)) {
    if (!isObj(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameLeaves(a[k], b[k]));
  }
  return a === b;
}

/**
 * `plain` with every string leaf replaced by a fingerprint (a fingerprint already is one). A leaf
 * `previous` (the old outputs) already stands for keeps its salt, so an unchanged credential
 * leaves the state unchanged: a fingerprint always; a plaintext of an older state only when
 * `keepPlaintext` (a refresh keeps the old state's form, so that it reads as no change; an
 * update writes fingerprints).
 */
export function sealed(plain: unknown, previous: unknown, keepPlaintext = false): unknown {
  if (typeof plain === "string") {
    // Already sealed (outputs carried from the old ones).
    if (isFingerprint(plain)) return plain;
    // Remade with the stored salt: the same string, or (stored before parts were) the same with its parts.
    if (isFingerprint(previous) && fingerprintMatches(previous, plain)) return fingerprint(plain, parseFingerprint(previous)!.salt);
    if (keepPlaintext && previous === plain) return plain;
    return fingerprint(plain);
  }
  if (Array.isArray(plain)) return plain.map((x, i) => sealed(x, Array.isArray(previous) ? previous[i] : undefined, keepPlaintext));
  if (isObj(plain)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(plain)) out[k] = sealed(v, isObj(previous) ? previous[k] : undefined, keepPlaintext);
    return out;
  }
  return plain;
}

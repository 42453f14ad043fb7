import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { canonical, isObj } from "./canonical";

/**
 * Fingerprints stand in for credentials in a resource's outputs. The SDK prints the engine's
 * answer to a registration (the outputs, secrets unwrapped) in its debug log, so outputs must not
 * hold a credential's plaintext. A fingerprint is an HMAC-SHA256 of the credential keyed by a
 * random salt of its own, with the salt and the credential's length in the string
 * (`hmac-sha256:<salt>:<length>:<mac>`): the same password in two pipes gives two different
 * fingerprints, the diff can still tell whether the program's credential is the one the outputs
 * were made from, and an error echoing it can still be blanked (`fingerprint-search.ts`: the
 * length keeps that search linear). Pure but for the random salt.
 */

const PREFIX = "hmac-sha256:";
const FORM = /^hmac-sha256:([0-9a-f]{32}):(\d{1,9}):([0-9a-f]{64})$/;

/** The fingerprint of `secret`, with a fresh random salt unless one is given. */
export function fingerprint(secret: string, salt: Buffer = randomBytes(16)): string {
  return `${PREFIX}${salt.toString("hex")}:${secret.length}:${mac(salt, secret).toString("hex")}`;
}

function mac(salt: Buffer, secret: string): Buffer {
  return createHmac("sha256", salt).update(secret, "utf8").digest();
}

/** A fingerprint's parts; undefined for anything else. */
export function parseFingerprint(fp: unknown): { salt: Buffer; length: number; mac: Buffer } | undefined {
  const m = typeof fp === "string" ? FORM.exec(fp) : null;
  return m ? { salt: Buffer.from(m[1], "hex"), length: Number(m[2]), mac: Buffer.from(m[3], "hex") } : undefined;
}

/** True for a string in the fingerprint form. */
export function isFingerprint(value: unknown): value is string {
  return typeof value === "string" && FORM.test(value);
}

/** True when `fp` is a fingerprint of `secret` (computed with `fp`'s own salt). */
export function fingerprintMatches(fp: string, secret: unknown): boolean {
  const parts = parseFingerprint(fp);
  if (!parts || typeof secret !== "string" || secret.length !== parts.length) return false;
  return timingSafeEqual(mac(parts.salt, secret), parts.mac);
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
 * `plain` with every string leaf replaced by a fingerprint. A leaf `previous` (the old outputs)
 * already stands for is kept as it was, so an unchanged credential leaves the state unchanged:
 * a fingerprint always; a plaintext of an older state only when `keepPlaintext` (a refresh keeps
 * the old state's form, so that it reads as no change; an update writes fingerprints).
 */
export function sealed(plain: unknown, previous: unknown, keepPlaintext = false): unknown {
  if (typeof plain === "string") {
    if (isFingerprint(previous) && fingerprintMatches(previous, plain)) return previous;
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

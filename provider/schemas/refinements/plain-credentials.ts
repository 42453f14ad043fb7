import type { CheckFailure } from "../check-failures";
import { formatPath } from "../check-failures";
import type { Obj } from "../plain-object";

/**
 * Credentials written into fields that are not secret: a `user:password@` in a broker list or
 * URL, a signed object-storage URL (`?sig=`, `X-Amz-Signature`, SAS tokens). Such fields are
 * stored and shown in plaintext, so `check` refuses them and says where the credential belongs.
 * The value itself is never echoed. Pure.
 */

/** Query parameters that make a URL a credential (case-insensitive). */
const SIGNATURE_PARAMS = new Set([
  "sig",
  "signature",
  "x-amz-signature",
  "x-amz-credential",
  "x-amz-security-token",
  "x-goog-signature",
  "x-goog-credential",
  "access_token",
  "token",
  // A password in a connection URI's options (`mongodb://host/db?password=`).
  "password",
  "pwd",
  "pass",
  "secret",
]);
/** A shared-access-signature token without its `sig` still names its scope and expiry: refused too. */
const SAS_PARAMS = ["sv", "se", "sp"];

/** The credential-bearing query parameter names of a URL (or URL-like text), lower-cased. */
function signatureParams(text: string): string[] {
  const q = text.indexOf("?");
  if (q < 0) return [];
  const names = text
    .slice(q + 1)
    .split(/[&;]/)
    .map((pair) => decodeURIComponentSafe(pair.split("=")[0] ?? "").toLowerCase());
  const found = names.filter((n) => SIGNATURE_PARAMS.has(n));
  if (SAS_PARAMS.every((p) => names.includes(p))) found.push(...SAS_PARAMS);
  return [...new Set(found)];
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * True when the text carries a user (and password) before a host: in a URL its user-info part,
 * in a host or broker list any `@` (a host name never holds one).
 */
function hasUserinfo(text: string): boolean {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    try {
      const url = new URL(text);
      return url.username !== "" || url.password !== "";
    } catch {
      return /^[^/]*\/\/[^/]*@/.test(text);
    }
  }
  return text.includes("@");
}

const obj = (v: unknown): Obj | undefined => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : undefined);

/** One field to look at: where it is, and where its credential belongs instead. */
interface Field {
  path: (string | number)[];
  value: unknown;
  userinfo?: string;
  signature?: string;
}

function failuresOf(fields: Field[]): CheckFailure[] {
  const out: CheckFailure[] = [];
  for (const f of fields) {
    if (typeof f.value !== "string") continue;
    if (f.userinfo && hasUserinfo(f.value)) {
      out.push({
        property: formatPath(f.path),
        reason: `carries a credential (user:password@host), which would be stored and shown in plaintext: ${f.userinfo}`,
      });
    }
    const params = f.signature ? signatureParams(f.value) : [];
    if (f.signature && params.length) {
      out.push({
        property: formatPath(f.path),
        reason: `carries a credential in its query (${params.join(", ")}), which would be stored and shown in plaintext: ${f.signature}`,
      });
    }
  }
  return out;
}

/** Credentials in the plain (non-secret) fields of a pipe's source. */
export function pipeSourceCredentialFailures(source: unknown): CheckFailure[] {
  const s = obj(source) ?? {};
  const kafka = obj(s.kafka);
  const storage = obj(s.objectStorage);
  const postgres = obj(s.postgres);
  const mysql = obj(s.mysql);
  const mongodb = obj(s.mongodb);
  const registry = obj(kafka?.schemaRegistry);
  const signed = "leave the signature out of the URL and authenticate with accessKey or connectionString (kept as Pulumi secrets) or an IAM role";
  return failuresOf([
    {
      path: ["source", "kafka", "brokers"],
      value: kafka?.brokers,
      userinfo: "list brokers as host:port and put the user and password in source.kafka.credentials (kept as a Pulumi secret)",
    },
    {
      path: ["source", "kafka", "schemaRegistry", "url"],
      value: registry?.url,
      userinfo: "put them in source.kafka.schemaRegistry.credentials (kept as a Pulumi secret)",
      signature: "put the registry's user and password in source.kafka.schemaRegistry.credentials (kept as a Pulumi secret)",
    },
    { path: ["source", "objectStorage", "url"], value: storage?.url, userinfo: signed, signature: signed },
    { path: ["source", "objectStorage", "queueUrl"], value: storage?.queueUrl, userinfo: signed, signature: signed },
    {
      path: ["source", "postgres", "host"],
      value: postgres?.host,
      userinfo: "give the host alone and put the user and password in source.postgres.credentials (kept as a Pulumi secret)",
    },
    {
      path: ["source", "mysql", "host"],
      value: mysql?.host,
      userinfo: "give the host alone and put the user and password in source.mysql.credentials (kept as a Pulumi secret)",
    },
    {
      path: ["source", "mongodb", "uri"],
      value: mongodb?.uri,
      userinfo: "give the URI without a login and put the user and password in source.mongodb.credentials (kept as a Pulumi secret)",
      signature: "give the URI without a password option and put the user and password in source.mongodb.credentials (kept as a Pulumi secret)",
    },
  ]);
}

/** Credentials in a stack object's `stackUrl`. */
export function stackUrlCredentialFailures(stackUrl: unknown): CheckFailure[] {
  const advice = "give the server's address alone and its access key as `pulumi config set --secret pipestack:stackToken`";
  return failuresOf([{ path: ["stackUrl"], value: stackUrl, userinfo: advice, signature: advice }]);
}

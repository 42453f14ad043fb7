/**
 * What the summary knows about each resource of this package, worked out from the declarations
 * the providers use: which fields are secret and which changes replace (the field policies), and
 * what a gap between deleting the old object and creating the new one interrupts. Pure data.
 */
import { CONNECTION_KEY, CONNECTION_SECRETS } from "../schemas/connection";
import { policyAt, policyEntries, type PolicyTree } from "../schemas/field-policy";
import { registry, typeTokensOfBothFaces, type ResourceTypeName } from "../registry";
import type { FieldPath } from "./field-diff";

interface Kind {
  policy: PolicyTree;
  /** Fields whose values are never shown, as key paths (array indices left out). */
  secretPaths: readonly (readonly string[])[];
  /** What stops between deleting the old object and creating its replacement. */
  gap: string;
}

const connectionSecrets = CONNECTION_SECRETS.map((k) => [CONNECTION_KEY, k] as const);
const policySecrets = (tree: PolicyTree) =>
  policyEntries(tree)
    .filter((e) => e.node.secret)
    .map((e) => e.path);

/** Each registered kind: its policy, its secret paths (the policy's, the secrets kept apart, the connection's), its gap. */
const kinds = new Map<ResourceTypeName, Kind>(
  registry.map((d) => {
    const apart = d.secretsApart ? [[d.secretsApart.into]] : [];
    return [d.type, { policy: d.policy, secretPaths: [...apart, ...policySecrets(d.policy), ...connectionSecrets], gap: d.gap }];
  }),
);

/** Both faces: a dynamic resource's token and the native plugin's (`pipestack:index:Pipe`). */
const byToken = new Map<string, ResourceTypeName>(typeTokensOfBothFaces.map(([name, token]) => [token, name]));

/** This package's name for a type token (`Pipe`), or undefined for another package's resource. */
function ownKind(typeToken: string): ResourceTypeName | undefined {
  return byToken.get(typeToken);
}

/** The short name shown for a type: `Pipe`, or the last part of another package's token (`aws:s3/bucket:Bucket` -> `Bucket`). */
export function shortType(typeToken: string): string {
  return ownKind(typeToken) ?? typeToken.split(":").pop() ?? typeToken;
}

const keysOf = (path: FieldPath): string[] => path.filter((k): k is string => typeof k === "string");

/**
 * The part of `path` that names a secret field of the type, when the field at `path` is one or
 * lies in one (`source.kafka.credentials` for `source.kafka.credentials.password`).
 */
export function secretPrefix(typeToken: string, path: FieldPath): FieldPath | undefined {
  const kind = ownKind(typeToken);
  if (!kind) return undefined;
  const keys = keysOf(path);
  const hit = kinds.get(kind)!.secretPaths.find((p) => p.length <= keys.length && p.every((k, i) => keys[i] === k));
  if (!hit) return undefined;
  // Cut `path` after its hit.length-th key (array indices in between stay).
  let seen = 0;
  const end = path.findIndex((k) => typeof k === "string" && ++seen === hit.length);
  return path.slice(0, end + 1);
}

/**
 * Blanks out every secret field of the type in a value found at `at` (inputs or outputs, or a
 * part of them), leaving `[secret]`, whether the engine marked it secret or not.
 */
export function redact(typeToken: string, value: unknown, at: FieldPath = []): unknown {
  if (!ownKind(typeToken)) return value;
  const walk = (v: unknown, path: FieldPath): unknown => {
    if (v === undefined || v === null) return v;
    if (path.length > 0 && secretPrefix(typeToken, path)) return SECRET;
    if (Array.isArray(v)) return v.map((x, i) => walk(x, [...path, i]));
    if (typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, [...path, k])]));
    return v;
  };
  return walk(value, at);
}

/** How the engine (and this summary) shows a secret value. */
export const SECRET = "[secret]";

/**
 * What a change of the field at `path` does by the type's policy: the nearest declared field on
 * the path decides. Undefined for another package's resource or a field no policy names.
 */
export function changeOf(typeToken: string, path: FieldPath): "update" | "replace" | "none" | undefined {
  const kind = ownKind(typeToken);
  if (!kind) return undefined;
  const keys = keysOf(path);
  for (let n = keys.length; n > 0; n--) {
    const entry = policyAt(kinds.get(kind)!.policy, keys.slice(0, n));
    if (entry) return entry.node.change;
  }
  return undefined;
}

/** What deleting the old object before creating the new one interrupts. */
export function gapOf(typeToken: string): string {
  const kind = ownKind(typeToken);
  return kind ? kinds.get(kind)!.gap : "the resource does not exist between the delete and the create";
}

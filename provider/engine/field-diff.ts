import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { AnyNode, PolicyTree } from "../schemas/field-policy";
import { CONNECTION_KEY } from "../schemas/connection";
import { containsUnknown } from "../schemas/unknown";
import { sharedFields } from "../schemas/variants";
import { canonical, isObj, sameValue } from "./canonical";
import { sameCredential } from "./fingerprint";

/** What a change to a field means: the API changes it in place, or it needs a new object. */
export type ChangeKind = "update" | "replace";

/** One changed field: its dotted path, update or replace, and what it entails when that is not obvious. */
export interface FieldChange {
  path: string;
  kind: ChangeKind;
  detail?: string;
}

/** How one resource is diffed: its field policy, plus what the policy cannot say by itself. */
export interface DiffSpec {
  /** The rule of every top-level field of the resource's props. */
  fields: PolicyTree;
  /** Outputs of the server's own (state, timestamps) and retired output keys of older states: never a change. */
  outputsOnly: readonly string[];
  /** What a key the policy does not name means (a field an API answer has and this version does not know). */
  unlisted: ChangeKind | "ignore";
  /** Fields compared by a function of their own, by dotted path (tiles, matched by key). */
  compare?: Readonly<Record<string, (olds: unknown, news: unknown) => FieldChange[]>>;
  /** Fields put in a canonical form before comparing, by dotted path (tags as a set). */
  normalise?: Readonly<Record<string, (value: unknown) => unknown>>;
}

/**
 * Field-by-field changes between the old outputs and the new inputs, after normalising both: an
 * object field with a policy of its own is compared key by key (a union's by its variant's, when
 * both are of one variant), anything else whole, a secret field by its fingerprint; a value not
 * known yet is a change; leaving out a field the server fills in is none. Pure.
 */
export function fieldChanges(olds: Record<string, unknown>, news: Record<string, unknown>, spec: DiffSpec): FieldChange[] {
  const changes: FieldChange[] = [];
  const unlisted: AnyNode | undefined = spec.unlisted === "ignore" ? undefined : { change: spec.unlisted };

  const visitFields = (prefix: string, fields: PolicyTree, a: Record<string, unknown>, b: Record<string, unknown>) => {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      // The connection says how to reach the object, not what it is: see `connected` (connection.ts).
      if (prefix === "" && (key.startsWith("__") || key === CONNECTION_KEY || spec.outputsOnly.includes(key))) continue;
      const node = Object.hasOwn(fields, key) ? fields[key] : unlisted;
      if (node && node.change !== "none") visit(prefix ? `${prefix}.${key}` : key, node, a[key], b[key]);
    }
  };

  const visit = (path: string, node: AnyNode, a: unknown, b: unknown) => {
    const own = spec.compare?.[path];
    if (own) {
      changes.push(...own(a, b));
      return;
    }
    // An object (or two of the same variant of a union) is compared field by field; else whole.
    const fields = node.whole ? undefined : sharedFields(node, a, b);
    if (fields && isObj(b) && (isObj(a) || a === undefined || a === null)) {
      visitFields(path, fields, isObj(a) ? a : {}, b);
      return;
    }
    const kind = node.change as ChangeKind;
    if (containsUnknown(b)) {
      changes.push({ path, kind });
      return;
    }
    if (canonical(b) === undefined && node.serverDefault) return;
    // The outputs hold a secret as fingerprints (see `secret-fields.ts`): the program's plaintext is compared with them.
    if (node.secret) {
      if (!sameCredential(a, b)) changes.push({ path, kind });
      return;
    }
    const norm = spec.normalise?.[path] ?? ((v: unknown) => v);
    if (!sameValue(norm(a), norm(b))) changes.push({ path, kind });
  };

  visitFields("", spec.fields, olds, news);
  return changes;
}

/** The paths of the changes that need a new object: the engine's `replaces`. */
export function replacePaths(changes: readonly FieldChange[]): string[] {
  return changes.filter((c) => c.kind === "replace").map((c) => c.path);
}

/** The engine's answer to `diff`, with the changed paths (`diffs`) for tests and for users of this module. */
export type Diff = dynamic.DiffResult & { diffs: FieldChange[] };

/** A diff result from the changes; `deleteBeforeReplace` only matters when something is replaced. */
export function diffResult(changes: FieldChange[], deleteBeforeReplace = false): Diff {
  const replaces = replacePaths(changes);
  return { changes: changes.length > 0, replaces, deleteBeforeReplace: replaces.length > 0 && deleteBeforeReplace, diffs: changes };
}

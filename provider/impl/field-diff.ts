import { canonical, isObj, sameValue } from "./canonical";
import { containsUnknown } from "../schemas/unknown";

/** What a change to a field means: the API changes it in place, or it needs a new object. */
export type ChangeKind = "update" | "replace";

/** One row of a resource's diff table. */
export interface Rule {
  /** Dotted path; `*` matches one segment. */
  pattern: string;
  kind: ChangeKind;
  /** The API fills this in when left out: leaving it out is no change. */
  serverDefault?: boolean;
}

/** Whether a dotted path matches a pattern (`*` matches one segment). */
export function matches(pattern: string, path: string): boolean {
  const p = pattern.split(".");
  const s = path.split(".");
  return p.length === s.length && p.every((seg, i) => seg === "*" || seg === s[i]);
}

/** The first rule that matches; a path no rule matches needs a new object. */
export function ruleFor(rules: readonly Rule[], path: string): Rule {
  return rules.find((r) => matches(r.pattern, path)) ?? { pattern: path, kind: "replace" };
}

/** One changed field: its dotted path and whether it updates in place or replaces. */
export interface FieldChange {
  path: string;
  kind: ChangeKind;
}

export interface DiffTable {
  rules: Parameters<typeof ruleFor>[0];
  /** Paths compared key by key (`*` matches one segment); the rest are compared whole. */
  containers: readonly string[];
  /** Top-level keys that are not the user's to compare (ids, timestamps, state). */
  ignore: readonly string[];
}

/**
 * Field-by-field changes between the old outputs and the new inputs, after normalising both.
 * Pure: the provider's `diff` and the tests use it alike.
 */
export function fieldChanges(olds: Record<string, unknown>, news: Record<string, unknown>, table: DiffTable): FieldChange[] {
  const changes: FieldChange[] = [];
  const walk = (prefix: string, a: unknown, b: unknown) => {
    const isContainer = prefix === "" || table.containers.some((c) => matches(c, prefix));
    if (isContainer && isObj(b) && (isObj(a) || a === undefined || a === null)) {
      const oldObj = isObj(a) ? a : {};
      const keys = new Set([...Object.keys(oldObj), ...Object.keys(b)]);
      for (const key of [...keys].sort()) {
        if (prefix === "" && (table.ignore.includes(key) || key.startsWith("__"))) continue;
        walk(prefix ? `${prefix}.${key}` : key, oldObj[key], b[key]);
      }
      return;
    }
    const rule = ruleFor(table.rules, prefix);
    if (containsUnknown(b)) {
      changes.push({ path: prefix, kind: rule.kind });
      return;
    }
    if (canonical(b) === undefined && rule.serverDefault) return;
    if (!sameValue(a, b)) changes.push({ path: prefix, kind: rule.kind });
  };
  walk("", olds, news);
  return changes;
}

/** The paths of the changes that need a new object: the engine's `replaces`. */
export function replacePaths(changes: readonly { path: string; kind: ChangeKind }[]): string[] {
  return changes.filter((c) => c.kind === "replace").map((c) => c.path);
}

import { canonical, isObj, sameValue } from "./pipe/normalize";
import { matches, ruleFor, type ChangeKind } from "./pipe/diff-rules";
import { containsUnknown } from "../schemas/unknown";

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

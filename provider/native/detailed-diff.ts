import type { FieldChange } from "../engine/field-diff";
import { childAt, isObj, type Obj, type Walk } from "../schemas/plain-object";

/**
 * The engines' field changes as the Pulumi engine's detailed diff: one entry per changed
 * property path, with the kind (`add`, `update`, `delete`, each possibly `-replace`) worked out
 * from where the value is present, old (the outputs in state) against new (the checked inputs).
 * Pure.
 */

/** The kinds of the gRPC contract's `PropertyDiff.Kind`, by name. */
export type DiffKind = "add" | "addReplace" | "delete" | "deleteReplace" | "update" | "updateReplace";

type Segment = string | number;

const present = (v: unknown): boolean => v !== undefined && v !== null;

/**
 * An engine path (`source.kafka.brokers`, `tiles[Errors].w`) split into segments. A bracket
 * holds an array index or, for lists matched by key (dashboard tiles), the element's key.
 */
export function parseEnginePath(path: string): string[] {
  const out: string[] = [];
  const re = /([^.[\]]+)|\[([^\]]*)\]/g;
  for (let m = re.exec(path); m; m = re.exec(path)) out.push(m[1] ?? m[2]);
  return out;
}

/** The key an element of a keyed list goes by: its `key`, else its `name` (as tiles do). */
function elementKey(v: unknown): string | undefined {
  if (!isObj(v)) return undefined;
  const k = v.key ?? v.name;
  return typeof k === "string" ? k : undefined;
}

// The engine's keys name list items, by index or by the element's key: each step is the one walker's.
const ITEMS: Walk = { arrays: "index" };

/** Walks `segments` into `root`; array segments become indexes (by number or by element key). */
function resolve(root: unknown, segments: readonly string[]): { value: unknown; path: Segment[] } {
  let node: unknown = root;
  const path: Segment[] = [];
  for (const seg of segments) {
    if (Array.isArray(node)) {
      const i = /^\d+$/.test(seg) ? Number(seg) : node.findIndex((e) => elementKey(e) === seg);
      path.push(i < 0 ? seg : i);
      node = i < 0 ? undefined : childAt(node, i, ITEMS);
    } else {
      path.push(seg);
      node = childAt(node, seg, ITEMS);
    }
  }
  return { value: node, path };
}

/** A property path in the engine's syntax: `a.b[0].c`, `a["odd key"]`. */
export function formatPath(path: readonly Segment[]): string {
  let out = "";
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

/** The kind of one change: added where the old value is absent, deleted where the new one is. */
function kindOf(change: FieldChange, had: boolean, has: boolean): DiffKind {
  const base = !had && has ? "add" : had && !has ? "delete" : "update";
  return change.kind === "replace" ? (`${base}Replace` as DiffKind) : base;
}

/**
 * The detailed diff of `changes` between old outputs and new inputs. A path into a list matched by
 * key names the element's index in the new list (the old one for a removed element).
 */
export function detailedDiff(changes: readonly FieldChange[], olds: Obj, news: Obj): Record<string, DiffKind> {
  const out: Record<string, DiffKind> = {};
  for (const change of changes) {
    const segments = parseEnginePath(change.path);
    const before = resolve(olds, segments);
    const after = resolve(news, segments);
    const had = present(before.value);
    const has = present(after.value);
    const kind = kindOf(change, had, has);
    // A removed element exists only in the old list: its path is the old one.
    const path = has || !had ? after.path : before.path;
    out[formatPath(path)] = kind;
  }
  return out;
}

/**
 * Top-level properties an update can never change: those whose every field needs a new object
 * (a change of them is a replacement, not an update), and the server's fixed ones.
 */
export function stables(fields: Record<string, { change: string; fields?: Record<string, unknown> }>, fixedOutputs: readonly string[]): string[] {
  const fixed = (node: { change: string; fields?: Record<string, unknown> }): boolean =>
    node.change === "replace" && Object.values(node.fields ?? {}).every((n) => fixed(n as { change: string; fields?: Record<string, unknown> }));
  return [
    ...Object.entries(fields)
      .filter(([, node]) => fixed(node))
      .map(([k]) => k),
    ...fixedOutputs,
  ];
}

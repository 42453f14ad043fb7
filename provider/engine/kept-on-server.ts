import { policyAt, policyEntries, type AnyNode, type PolicyTree } from "../schemas/field-policy";
import { canonical } from "./canonical";
import type { CheckFailure } from "../schemas/check-failures";
import { holderAt, isObj, valueAt, type Obj, type Walk } from "../schemas/plain-object";
import type { FieldChange } from "./field-diff";

/**
 * An existing object's write-only fields are the server's until the program sets them. The API
 * never answers them (credentials, a webhook's headers), so a program that leaves one out says
 * nothing about it: an imported program, or one written before the field was, must not clear
 * what the server holds. So, for every kind, from its field policy alone:
 * - `check` of an existing object (old inputs, or an adoption) does not ask for them; a create
 *   or a replacement (checked with no old inputs) still does, with the path;
 * - `diff` and `update` see no change in one the program leaves out, and the outputs keep the
 *   value the state had; one the program sets, even to empty, is the program's and is sent;
 * - where the API drops what a request leaves out (a kind's `clears`), the preview names each
 *   such field as a change and warns.
 * Pure functions; the engine skeleton (`define-engine.ts`) applies them.
 */

/** True for a field the server keeps and never answers: write-only secret material. Pure. */
export const keptOnServer = (node: AnyNode): boolean => node.writeOnly === true && node.secret !== undefined;

/** The dotted paths of every such field of a policy, parents before children. Pure. */
export function keptPaths(tree: PolicyTree): string[] {
  return policyEntries(tree)
    .filter((e) => keptOnServer(e.node))
    .map((e) => e.path.join("."));
}

// A kept path is a policy's field path: it names no list item, so an array on the way ends it.
const FIELDS: Walk = { arrays: "stop" };
const at = (o: unknown, path: string): unknown => valueAt(o, path.split("."), FIELDS);

/** True when `check` checks an existing object: it has old inputs, or the program adopts one. Pure. */
export function existingObject(olds: unknown, adopts: boolean): boolean {
  return adopts || (isObj(olds) && Object.keys(olds).length > 0);
}

/**
 * The failures of an existing object's check, those asking for a kept field the program leaves
 * out dropped (`view`: the inputs as the program wrote them, where the paths point). A value the
 * program does give is checked as ever. Pure.
 */
export function keptFailures(failures: readonly CheckFailure[], kept: readonly string[], view: Obj): CheckFailure[] {
  return failures.filter((f) => !(kept.includes(f.property) && at(view, f.property) === undefined));
}

/** The kept paths `props` leave out (a value not known yet is set). Pure. */
export function omitted(kept: readonly string[], props: Obj): string[] {
  return kept.filter((p) => at(props, p) === undefined);
}

/** `o` without the values at `paths`, copied level by level (`o` is not changed). Pure. */
export function without(o: Obj, paths: readonly string[]): Obj {
  let out = o;
  for (const path of paths) {
    const [key, ...rest] = path.split(".");
    if (!isObj(out) || !(key in out)) continue;
    if (rest.length === 0) {
      const { [key]: _gone, ...others } = out;
      out = others;
    } else if (isObj(out[key])) {
      out = { ...out, [key]: without(out[key], [rest.join(".")]) };
    }
  }
  return out;
}

/** `outs` with the values `from` holds at `paths` (where `outs` has none), copied level by level. Pure. */
export function carried(outs: Obj, from: Obj, paths: readonly string[]): Obj {
  let out = outs;
  for (const path of paths) {
    const value = at(from, path);
    if (value === undefined || at(out, path) !== undefined) continue;
    const keys = path.split(".");
    const put = (node: Obj, i: number): Obj => {
      const inner = node[keys[i]];
      return { ...node, [keys[i]]: i === keys.length - 1 ? value : put(isObj(inner) ? inner : {}, i + 1) };
    };
    out = put(out, 0);
  }
  return out;
}

/**
 * The changes of the fields the server clears with this change though the program leaves them
 * out (those not already changes): each an in-place change the preview shows. Pure.
 */
export function clearedChanges(cleared: readonly string[], changes: readonly FieldChange[]): FieldChange[] {
  return cleared
    .filter((p) => !changes.some((c) => c.path === p || c.path.startsWith(`${p}.`)))
    .map((path) => ({ path, kind: "update", detail: "cleared by the server: this change drops what the request leaves out" }));
}

/**
 * The changes of kept fields the program sets empty (`headers: {}`) where the state holds no
 * value (an import, an adoption): empty and unknown compare equal, but the server may hold
 * something, which the request clears. Pure.
 */
export function emptiedChanges(tree: PolicyTree, kept: readonly string[], olds: Obj, news: Obj, changes: readonly FieldChange[]): FieldChange[] {
  return kept
    .filter((p) => at(news, p) !== undefined && canonical(at(news, p)) === undefined && at(olds, p) === undefined)
    .filter((p) => !changes.some((c) => c.path === p))
    .map((path) => ({
      path,
      kind: policyAt(tree, path.split("."))?.node.change === "replace" ? "replace" : "update",
      detail: "set empty: clears what the server holds",
    }));
}

/**
 * The kept fields a preview names (`view`: the inputs as the program wrote them): those the
 * program leaves out whose parent it sets (`source.kafka.credentials` of a kafka source), so
 * another kind's or variant's field is not named. Pure.
 */
export function keptNamed(kept: readonly string[], view: Obj): string[] {
  return kept.filter((p) => at(view, p) === undefined && holderAt(view, p.split("."), FIELDS) !== undefined);
}

/** What the preview says of the kept fields and of those the server clears (worded beside its forms, for the PR summary). */
export { keptMessage } from "../progress/kept-warnings";

/**
 * True when the state may hold something at the kept path `p`: a value (the program's last, as a
 * fingerprint), or none recorded at all (an import, an adoption, an older state: the server may
 * hold one). A value the state records empty (`{}`: made without it, cleared, or set empty) holds
 * nothing, so no preview warns that it is kept or cleared. Pure.
 */
export function mayHold(olds: Obj, p: string): boolean {
  const value = at(olds, p);
  return value === undefined || canonical(value) !== undefined;
}

/**
 * `outs` recording as empty the kept fields at `paths` whose policy declares how (`noneHeld`): the object holds none of them (made without them, or the server cleared them), so
 * later previews know there is nothing kept. Pure.
 */
export function recordedEmpty(tree: PolicyTree, outs: Obj, paths: readonly string[]): Obj {
  let out = outs;
  for (const p of paths) {
    const empty = policyAt(tree, p.split("."))?.node.noneHeld;
    if (empty === undefined || empty === null) continue;
    const from: Obj = {};
    let holder = from;
    const keys = p.split(".");
    keys.forEach((k, i) => {
      holder[k] = i === keys.length - 1 ? structuredClone(empty) : {};
      holder = holder[k] as Obj;
    });
    out = carried(out, from, [p]);
  }
  return out;
}

/**
 * What `check` answers at a kept field the program leaves out and this change makes the server
 * clear, where the old inputs hold none (an adopted or imported object). A dynamic provider's
 * diff carries no field list: the engine lists the changed fields by comparing the old inputs
 * with the checked ones, and would list nothing there. `diff`, `create` and `update` drop the
 * mark before anything else sees the inputs ({@link unmarked}); the state's inputs keep it, which
 * says what the change did.
 */
export const CLEARED = "[cleared by the server with this change]";

/** The kept paths of `news` to mark {@link CLEARED}: left out, their parent set, none in `olds` (the old inputs) but a mark. Pure. */
export function toMark(kept: readonly string[], olds: Obj, news: Obj): string[] {
  return keptNamed(kept, news).filter((p) => at(olds, p) === undefined || at(olds, p) === CLEARED);
}

/** `news` with {@link CLEARED} at `paths`, copied level by level. Pure. */
export function marked(news: Obj, paths: readonly string[]): Obj {
  const marks: Obj = {};
  for (const p of paths) {
    const keys = p.split(".");
    let holder = marks;
    keys.slice(0, -1).forEach((k) => (holder = (holder[k] ??= {}) as Obj));
    holder[keys[keys.length - 1]] = CLEARED;
  }
  return carried(news, marks, paths);
}

/** `inputs` without the {@link CLEARED} marks at kept paths. Pure. */
export function unmarked<T>(kept: readonly string[], inputs: T): T {
  const paths = kept.filter((p) => at(inputs, p) === CLEARED);
  return (paths.length ? without(inputs as Obj, paths) : inputs) as T;
}

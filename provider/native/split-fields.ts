import { z, type ZodTypeAny } from "zod";
import { isObj, valueAt, type Obj } from "../schemas/plain-object";
import { formatPath, parseEnginePath } from "./detailed-diff";
import { objectForms, splitByKind } from "./schema-unions";
import { unwrap } from "./zod-walk";

/**
 * Fields the native schema splits by kind (schema-unions.ts): where one form of a union holds a
 * list of objects and another a string under the same key (a tile's `select`), the package schema
 * names the string `<key>Text` (`selectText`), since no union of a list and a string is typed in
 * every SDK. The engines know one name; these pure functions move values and paths between the
 * two at the plugin's edge.
 */

/** One split field: in the objects at `path` (`*`: each item of a list), the string `key` is `alias` in the native schema. */
export interface SplitField {
  readonly path: readonly string[];
  readonly key: string;
  readonly alias: string;
}

/** Every split field of a resource's spec, walking its objects, lists and union forms. Pure. */
export function splitFieldsOf(spec: ZodTypeAny): SplitField[] {
  const out: SplitField[] = [];
  const seen = new Set<ZodTypeAny>();
  const walk = (t: ZodTypeAny, path: string[]): void => {
    const n = unwrap(t);
    if (seen.has(n)) return;
    seen.add(n);
    if (n instanceof z.ZodArray) return walk(n.element as ZodTypeAny, [...path, "*"]);
    if (n instanceof z.ZodRecord) return walk(n.valueSchema as ZodTypeAny, [...path, "*"]);
    const forms = objectForms(n);
    if (!forms) return;
    const shapes = forms.map((f) => f.shape);
    for (const key of new Set(shapes.flatMap((s) => Object.keys(s)))) {
      const split = splitByKind(shapes, key);
      if (split) out.push({ path, key, alias: split.alias });
      for (const f of split ? split.list : shapes.filter((s) => key in s).map((s) => s[key])) walk(f, [...path, key]);
    }
  };
  walk(spec, []);
  return out;
}

/** `value` with `edit` applied to a copy of each object at `path`. */
function atPath(value: unknown, path: readonly string[], edit: (o: Obj) => Obj): unknown {
  if (path.length === 0) return isObj(value) ? edit({ ...value }) : value;
  const [head, ...rest] = path;
  if (head === "*") {
    if (Array.isArray(value)) return value.map((v) => atPath(v, rest, edit));
    return isObj(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, atPath(v, rest, edit)])) : value;
  }
  return isObj(value) && head in value ? { ...value, [head]: atPath(value[head], rest, edit) } : value;
}

/** Properties in the engine's names: each `alias` set by the program moved to its `key`. Pure. */
export function toEngine<T>(props: T, splits: readonly SplitField[]): T {
  let out: unknown = props;
  for (const s of splits) {
    out = atPath(out, s.path, (o) => {
      if (o[s.alias] === undefined || o[s.key] !== undefined) return o;
      const { [s.alias]: text, ...rest } = o;
      return { ...rest, [s.key]: text };
    });
  }
  return out as T;
}

/** Properties in the native schema's names: each string `key` moved to its `alias`. Pure. */
export function toNative<T>(props: T, splits: readonly SplitField[]): T {
  let out: unknown = props;
  for (const s of splits) {
    out = atPath(out, s.path, (o) => {
      if (typeof o[s.key] !== "string") return o;
      const { [s.key]: text, ...rest } = o;
      return { ...rest, [s.alias]: text };
    });
  }
  return out as T;
}

/**
 * A property path of the engine's (a check failure's, a diff's: `tiles[0].config.select`) in the
 * native schema's names: a split key becomes its alias where the native value there holds the
 * alias. Pure.
 */
export function nativePath(path: string, nativeProps: unknown, splits: readonly SplitField[]): string {
  const parts = parseEnginePath(path);
  for (const s of splits) {
    const at = s.path.length;
    if (parts[at] !== s.key || !s.path.every((p, i) => p === "*" || p === parts[i])) continue;
    const node = valueAt(nativeProps, parts.slice(0, at), { arrays: "index" });
    if (!isObj(node) || node[s.alias] === undefined) continue;
    return formatPath([...parts.slice(0, at), s.alias, ...parts.slice(at + 1)].map((p) => (/^\d+$/.test(p) ? Number(p) : p)));
  }
  return path;
}

/** Each object at `path` (`*`: each item) in `value`, with its concrete path. */
function objectsAt(value: unknown, path: readonly string[], at: (string | number)[] = []): [(string | number)[], Obj][] {
  if (path.length === 0) return isObj(value) ? [[at, value]] : [];
  const [head, ...rest] = path;
  if (head === "*") {
    if (Array.isArray(value)) return value.flatMap((v, i) => objectsAt(v, rest, [...at, i]));
    return isObj(value) ? Object.entries(value).flatMap(([k, v]) => objectsAt(v, rest, [...at, k])) : [];
  }
  return isObj(value) ? objectsAt(value[head], rest, [...at, head]) : [];
}

/**
 * Where a program gives a split field both ways (`select` and `selectText` in one object): one
 * failure at the alias, with the one true reason, and the property paths of both (the engine's
 * failures there would contradict the schema: it knows one name only). Pure.
 */
export function bothForms(nativeProps: unknown, splits: readonly SplitField[]): { failure: { property: string; reason: string }; paths: string[] }[] {
  return splits.flatMap((s) =>
    objectsAt(nativeProps, s.path)
      .filter(([, o]) => o[s.key] !== undefined && o[s.alias] !== undefined)
      .map(([at]) => ({
        failure: {
          property: formatPath([...at, s.alias]),
          reason: `is the text form of \`${s.key}\`: give \`${s.key}\` (a list) or \`${s.alias}\` (a string), not both (which one a display type takes is in its schema)`,
        },
        paths: [formatPath([...at, s.key]), formatPath([...at, s.alias])],
      })),
  );
}

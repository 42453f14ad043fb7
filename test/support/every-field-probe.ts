/**
 * The probe of test/package/hover-docs-every-field.test.ts: every field of every args type the
 * package exports, written into a probe program as a user writes it, and what an editor shows on
 * hover over each. Synchronous (the type checker's walk and a language service's program build,
 * minutes on a loaded machine): run it in a worker thread (`inWorker`), never in a test worker,
 * whose event loop would stall past vitest's 60 s RPC timeout (issue 46: 59 s measured at load 28).
 */
import * as ts from "typescript";
import { probeLanguageService } from "./probe-language-service";

/**
 * One field: the args type it belongs to and its path of keys (`[]` after an array field). Each
 * key comes with the tags of the shape that holds it: the fields with one allowed value
 * (`displayType: "line"`), which a program writes beside it to say which shape of a union it is.
 */
export interface Field {
  args: string;
  path: { key: string; array: boolean; tags: [string, string][]; value?: string }[];
}

/** A field probed, and its name (`a[].b.c`). */
export type Probed = Field & { name: string };

/** `a[].b.c`: how a field is named in the list of known gaps and in failures. */
const named = (f: Field) => `${f.args}.${f.path.map((p) => p.key + (p.array ? "[]" : "")).join(".")}`;

/** Every field reachable from every exported `*Args` type, found with the probe's type checker. */
function fields(service: ts.LanguageService, file: string): Field[] {
  const program = service.getProgram()!;
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const importDecl = source.statements.find(ts.isImportDeclaration)!;
  const moduleSym = checker.getSymbolAtLocation(importDecl.moduleSpecifier)!;
  const names = checker
    .getExportsOfModule(moduleSym)
    .map((s) => s.getName())
    .filter((n) => /Args$/.test(n))
    .sort();
  const resolve = (s: ts.Symbol) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s);
  const exported = new Map(checker.getExportsOfModule(moduleSym).map((s) => [s.getName(), resolve(s)]));

  /** The object types a type stands for (through Input, Output, Promise, unions and arrays), and whether through an array. */
  function parts(type: ts.Type, seen: Set<ts.Type>, array = false): { type: ts.Type; array: boolean }[] {
    if (seen.has(type)) return [];
    seen.add(type);
    if (type.isUnion() || type.isIntersection()) return type.types.flatMap((t) => parts(t, seen, array));
    const name = type.getSymbol()?.getName();
    if (name === "Promise" || name === "OutputInstance" || name === "Output") return [];
    if (checker.isArrayType(type)) return parts(checker.getTypeArguments(type as ts.TypeReference)[0], seen, true);
    if (type.flags & ts.TypeFlags.Object && !(type.getCallSignatures().length > 0)) return [{ type, array }];
    return [];
  }

  const out: Field[] = [];
  for (const args of names) {
    const keys = new Set<string>();
    // Arrays are marked on the parent key before its children are written.
    const walkTyped = (type: ts.Type, prefix: Field["path"], depth: number) => {
      if (depth > 8) return;
      for (const part of parts(type, new Set())) {
        if (prefix.length && part.array) prefix[prefix.length - 1].array = true;
        const props = checker.getPropertiesOfType(part.type).map((prop) => {
          const decl = prop.valueDeclaration ?? prop.declarations?.[0];
          return { prop, type: decl && checker.getTypeOfSymbolAtLocation(prop, decl) };
        });
        // A shape of a one-of union (a pipe source of one kind) forbids the others' fields
        // (`?: never`): its one required field is what tells it apart, as a tag does, written
        // with a value an editor can tell from `never`.
        const forbidden = (type: ts.Type | undefined) => type !== undefined && (type.flags & (ts.TypeFlags.Never | ts.TypeFlags.Undefined)) !== 0;
        const selectors = props.some(({ type }) => forbidden(type))
          ? props.filter(({ prop, type }) => !(prop.flags & ts.SymbolFlags.Optional) && type && !forbidden(type)).map(({ prop }) => prop.getName())
          : [];
        const tags = [
          ...props.flatMap(({ prop, type }): [string, string][] => (type?.isStringLiteral() ? [[prop.getName(), type.value]] : [])),
          ...selectors.map((name): [string, string] => [name, ""]),
        ];
        // Every shape of a union that has the field is probed, each with its own tags.
        for (const { prop, type } of props) {
          // A field a shape forbids (`?: never`: in a pipe source of one kind, each other kind) is
          // no field of that shape: the shape that has it is probed.
          if (forbidden(type)) continue;
          // A field that takes one of some strings is written with the first, as a program would.
          const value = (type?.isUnion() ? type.types : type ? [type] : []).find((t): t is ts.StringLiteralType => t.isStringLiteral());
          const path = [
            ...prefix.map((p) => ({ ...p })),
            { key: prop.getName(), array: false, tags, value: value?.value ?? (selectors.includes(prop.getName()) ? "" : undefined) },
          ];
          const id = JSON.stringify(path.map((p) => [p.key, p.tags]));
          if (keys.has(id)) continue;
          keys.add(id);
          out.push({ args, path });
          if (type) walkTyped(type, path, depth + 1);
        }
      }
    };
    walkTyped(checker.getDeclaredTypeOfSymbol(exported.get(args)!), [], 0);
  }
  return out;
}

/**
 * `{ a: [{ b: { c: null! } }] }` for the path a[].b.c, with each level's tags written first
 * (`{ displayType: "line", c: null! }`), and where `c` is in it. A field that takes one of some
 * strings gets the first (`{ type: "lucene" }`) rather than `null!`.
 */
function literal(path: Field["path"]): { code: string; at: number } {
  const last = path[path.length - 1];
  let code = last.value === undefined ? "null!" : JSON.stringify(last.value);
  let at = 1;
  for (let i = path.length - 1; i >= 0; i--) {
    const tags = path[i].tags.filter(([k]) => k !== path[i].key).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}, `);
    const head = `{ ${tags.join("")}${JSON.stringify(path[i].key)}: `;
    const open = i < path.length - 1 && path[i].array ? "[" : "";
    at += i === path.length - 1 ? head.length - JSON.stringify(path[i].key).length - 2 : head.length + open.length;
    code = `${head}${open}${code}${open ? "]" : ""} }`;
  }
  return { code, at };
}

/**
 * Every field (found through a probe that imports the package as `P`), and the hover over each once
 * the probe writes them all: its signature and whether it has a doc comment.
 */
export function everyFieldHover(file: string, start: string): { probed: Probed[]; hovers: { signature: string; documented: boolean }[] } {
  let text = start;
  let version = 1;
  const service = probeLanguageService(
    file,
    () => text,
    () => version,
  );
  const probed = fields(service, file);
  const lines: string[] = [];
  const at: number[] = [];
  let offset = text.length;
  for (const [i, f] of probed.entries()) {
    const { code, at: pos } = literal(f.path);
    const head = `export const p${i}: P.${f.args} = `;
    lines.push(`${head}${code};\n`);
    at.push(offset + head.length + pos);
    offset += head.length + code.length + 2;
  }
  text += lines.join("");
  version++;
  const hovers = probed.map((_f, i) => {
    const info = service.getQuickInfoAtPosition(file, at[i]);
    return { signature: ts.displayPartsToString(info?.displayParts), documented: ts.displayPartsToString(info?.documentation).trim() !== "" };
  });
  return { probed: probed.map((f) => ({ ...f, name: named(f) })), hovers };
}

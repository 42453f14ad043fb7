/**
 * Every field of every args type the package exports (`PipeArgs`, `StackDashboardArgs`, ...,
 * `GetStackSourcesArgs`, and each object type nested in them) shows a doc comment on hover,
 * asked of TypeScript's language service as an editor asks it: a probe file imports the package
 * by name (its dist/ types), writes each field as an object-literal key, and
 * `getQuickInfoAtPosition` hovers it. A field without a doc fails here, by its path.
 *
 * Known gaps are listed in fixtures/fields-without-docs.json: fields of a union that several
 * (not all) members have, such as most tile `config` fields, where the language service finds
 * one symbol per member and shows no doc; and the stack target fields (`adoptId`,
 * `organizationId`, ...), spread from another file, whose docs the published .d.ts loses. The
 * list may only shrink: a listed field that gains a doc fails too, until it is taken off the list.
 */
import * as path from "node:path";
import * as ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { probeLanguageService } from "../support/probe-language-service";
import known from "./fixtures/fields-without-docs.json";

const root = path.resolve(__dirname, "..", "..");
const file = path.join(root, "examples", "__hover-every-field.ts");
let text = `import type * as P from "pulumi-pipestack";\nexport type Probe = P.PipeArgs;\n`;
let version = 1;

let service: ts.LanguageService;
beforeAll(() => {
  service = probeLanguageService(
    file,
    () => text,
    () => version,
  );
});

/** One field: the args type it belongs to and its path of keys (`[]` after an array field). */
interface Field {
  args: string;
  path: { key: string; array: boolean }[];
}

/** Every field reachable from every exported `*Args` type, found with the probe's type checker. */
function fields(): Field[] {
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
        for (const prop of checker.getPropertiesOfType(part.type)) {
          const path = [...prefix.map((p) => ({ ...p })), { key: prop.getName(), array: false }];
          const id = path.map((p) => p.key).join(".");
          if (keys.has(id)) continue;
          keys.add(id);
          out.push({ args, path });
          const decl = prop.valueDeclaration ?? prop.declarations?.[0];
          if (decl) walkTyped(checker.getTypeOfSymbolAtLocation(prop, decl), path, depth + 1);
        }
      }
    };
    walkTyped(checker.getDeclaredTypeOfSymbol(exported.get(args)!), [], 0);
  }
  return out;
}

/** `{ a: [{ b: { c: null! } }] }` for the path a[].b.c, and where `c` is in it. */
function literal(path: Field["path"]): { code: string; at: number } {
  let code = "null!";
  for (let i = path.length - 1; i >= 0; i--) {
    const inner = i < path.length - 1 && path[i].array ? `[${code}]` : code;
    code = `{ ${JSON.stringify(path[i].key)}: ${inner} }`;
  }
  return { code, at: code.lastIndexOf(JSON.stringify(path[path.length - 1].key)) + 1 };
}

describe("hover docs on every field of every args type", () => {
  let probed: Field[] = [];
  let missing: string[] = [];
  beforeAll(() => {
    probed = fields();
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
    missing = probed
      .filter((f, i) => {
        const info = service.getQuickInfoAtPosition(file, at[i]);
        expect(ts.displayPartsToString(info?.displayParts), `${f.args}: ${f.path.map((p) => p.key).join(".")}`).toContain(f.path[f.path.length - 1].key);
        return ts.displayPartsToString(info?.documentation).trim() === "";
      })
      .map((f) => `${f.args}.${f.path.map((p) => p.key + (p.array ? "[]" : "")).join(".")}`);
  });

  it("probes the fields of every args type (the five resources', the functions', their nested types)", () => {
    const args = new Set(probed.map((f) => f.args));
    for (const name of ["PipeArgs", "ReversePrivateEndpointArgs", "StackDashboardArgs", "StackAlertArgs", "StackSavedSearchArgs", "GetStackSourcesArgs"]) {
      expect(args, name).toContain(name);
    }
    expect(probed.length).toBeGreaterThan(150);
  });

  it("every field has a doc comment (but the listed known gaps)", () => {
    expect(missing.filter((m) => !known.includes(m))).toEqual([]);
  });

  it("the list of known gaps is current: a field that has a doc now is taken off it", () => {
    expect(known.filter((k) => !missing.includes(k))).toEqual([]);
  });

  it.each([
    "PipeArgs.source.kafka.format",
    "PipeArgs.source.kafka.offset",
    "PipeArgs.fieldMappings[]",
    "PipeArgs.scaling",
    "PipeArgs.settings.streaming_max_insert_wait_ms",
    "PipeArgs.source.postgres.settings.replicationMode",
    "PipeArgs.source.postgres.tableMappings[]",
    "PipeArgs.source.mysql.settings.syncIntervalSeconds",
    "GetReversePrivateEndpointsArgs.status",
    "PipeArgs.connection.apiUrl",
  ])("%s (reported without a hover doc) has one", (field) => {
    expect(
      probed.some((f) => `${f.args}.${f.path.map((p) => p.key + (p.array ? "[]" : "")).join(".")}` === field),
      field,
    ).toBe(true);
    expect(missing).not.toContain(field);
  });
});

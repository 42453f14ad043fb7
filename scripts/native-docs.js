#!/usr/bin/env node
// Writes dist/provider/native/docs.json: the doc comment of every argument and output of the
// resources, by path (`Pipe.source.kafka.brokers`, `Pipe#state`), and of every setting, read with
// the TypeScript compiler from the very declarations editors show on hover (the `XArgs`
// interfaces, the resource classes, the settings schema). The native provider's package schema
// takes its descriptions from it, so the two never drift. Run by `npm run build`.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const ts = require("typescript");

const root = path.resolve(__dirname, "..");
const RESOURCES = ["Pipe", "ReversePrivateEndpoint", "StackDashboard", "StackAlert", "StackSavedSearch"];
const FUNCTIONS = ["getReversePrivateEndpoints", "getStackSources", "getStackWebhooks"];
const entry = path.join(root, "provider", "index.ts");
const program = ts.createProgram([entry, path.join(root, "provider", "config.ts")], {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.CommonJS,
  skipLibCheck: true,
  noEmit: true,
});
const checker = program.getTypeChecker();
const docs = {};

const text = (sym) => ts.displayPartsToString(sym.getDocumentationComment(checker)).trim();
const tags = (sym) =>
  sym
    .getJsDocTags(checker)
    .filter((t) => t.name === "default")
    .map((t) => `Default: ${ts.displayPartsToString(t.text ?? []).trim()}.`);
const docOf = (sym) => [text(sym), ...tags(sym)].filter(Boolean).join("\n\n");

/** The object types a (possibly Input-wrapped, optional, array) type stands for. */
function objectParts(type, seen = new Set()) {
  if (seen.has(type)) return [];
  seen.add(type);
  if (type.isUnion() || type.isIntersection()) return type.types.flatMap((t) => objectParts(t, seen));
  const name = type.getSymbol()?.getName();
  if (name === "Promise" || name === "OutputInstance" || name === "Output") return [];
  if (checker.isArrayType(type)) return objectParts(checker.getTypeArguments(type)[0], seen);
  if (type.flags & ts.TypeFlags.Object) return [type];
  return [];
}

function walk(prefix, type, depth) {
  if (depth > 8) return;
  for (const part of objectParts(type)) {
    for (const prop of checker.getPropertiesOfType(part)) {
      const key = `${prefix}.${prop.getName()}`;
      const doc = docOf(prop);
      if (doc && !docs[key]) docs[key] = doc;
      const decl = prop.valueDeclaration ?? prop.declarations?.[0];
      if (decl) walk(key, checker.getTypeOfSymbolAtLocation(prop, decl), depth + 1);
    }
  }
}

const index = program.getSourceFile(entry);
const moduleSym = checker.getSymbolAtLocation(index);
const exported = new Map(checker.getExportsOfModule(moduleSym).map((s) => [s.getName(), s]));
const resolve = (s) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s);
for (const name of RESOURCES) {
  const cls = resolve(exported.get(name));
  const args = resolve(exported.get(`${name}Args`));
  docs[name] = docOf(cls);
  walk(name, checker.getDeclaredTypeOfSymbol(args), 0);
  for (const prop of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(cls))) {
    const doc = docOf(prop);
    if (doc) docs[`${name}#${prop.getName()}`] = doc;
  }
}
for (const name of FUNCTIONS) {
  const fn = resolve(exported.get(name));
  // The summary line only: the rest speaks of the TypeScript forms (Promise, Output).
  docs[name] = text(fn).split(/\s*Returns a\s+Promise/)[0];
  const args = resolve(exported.get(`${name.charAt(0).toUpperCase()}${name.slice(1)}Args`));
  walk(name, checker.getDeclaredTypeOfSymbol(args), 0);
}
// Settings: the keys of the settings schema's object literal in config.ts (a key that reuses a
// connection field has that field's doc).
const config = program.getSourceFile(path.join(root, "provider", "config.ts"));
ts.forEachChild(config, function visit(node) {
  if (ts.isVariableDeclaration(node) && node.name.getText(config) === "settingsSchema") {
    const literal = node.initializer && ts.isCallExpression(node.initializer) ? node.initializer.arguments[0] : undefined;
    for (const prop of literal && ts.isObjectLiteralExpression(literal) ? literal.properties : []) {
      const key = prop.name.getText(config);
      const sym = checker.getSymbolAtLocation(prop.name);
      const doc = (sym && docOf(sym)) || docs[`Pipe.connection.${key}`]?.replace(/\n\nDefault: .*$/s, "");
      if (doc) docs[`config.${key}`] = doc;
    }
    return;
  }
  ts.forEachChild(node, visit);
});
const out = path.join(root, "dist", "provider", "native", "docs.json");
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(docs, null, 1) + "\n");
console.log(`native-docs: ${Object.keys(docs).length} doc comments -> ${path.relative(root, out)}`);

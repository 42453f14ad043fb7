// The doc comment of every argument and output of the resources and functions, by path
// (`Pipe.source.kafka.brokers`, `Pipe#state`), of every setting, and each resource's and
// function's `@example` (`Pipe@example`), read with the TypeScript compiler from the very
// declarations editors show on hover (the `XArgs` interfaces, the resource classes, the settings
// schema). One extractor for the native provider's schema (scripts/native-docs.js) and the
// reference pages under docs/ (scripts/docs.js), so neither drifts from the hover docs.
"use strict";
const path = require("node:path");
const ts = require("typescript");

/** Every doc comment of the package whose sources are under `root/provider`. */
function collectDocs(root) {
  // The resources are the registry's, the functions the native plugin's list (both read from the
  // build, which runs before the docs).
  const RESOURCES = require(path.join(root, "dist", "provider", "registry")).registry.map((d) => d.type);
  const FUNCTIONS = require(path.join(root, "dist", "provider", "native", "functions")).nativeFunctions.map((f) => f.name);
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
  const exampleOf = (sym) =>
    sym
      .getJsDocTags(checker)
      .filter((t) => t.name === "example")
      .map((t) => ts.displayPartsToString(t.text ?? []).trim())[0];

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

  // In a union of object forms (a saved search's filter: a condition, or a comparison), a field
  // two forms share with different docs is also keyed by its form's field names
  // (`StackSavedSearch.filters{condition,type}.type`), so each form keeps its own doc; the
  // reference pages show the forms apart.
  function walk(prefix, type, depth, into = docs) {
    if (depth > 8) return;
    const parts = objectParts(type);
    for (const part of parts) {
      const props = checker.getPropertiesOfType(part);
      const names = props.map((p) => p.getName()).sort();
      const form = parts.length > 1 ? `${prefix}{${names.join(",")}}` : undefined;
      for (const prop of props) {
        const key = `${prefix}.${prop.getName()}`;
        const doc = docOf(prop);
        if (doc && !into[key]) into[key] = doc;
        if (doc && form && into[key] !== doc) into[`${form}.${prop.getName()}`] = doc;
        const decl = prop.valueDeclaration ?? prop.declarations?.[0];
        if (decl) walk(key, checker.getTypeOfSymbolAtLocation(prop, decl), depth + 1, into);
      }
    }
  }

  /** X of a class's `Output<X>` property. */
  function outputValue(type) {
    if (type.aliasSymbol?.getName() === "Output" && type.aliasTypeArguments?.length === 1) return type.aliasTypeArguments[0];
    const instance = (type.isIntersection() ? type.types : [type]).find((t) => t.getSymbol()?.getName() === "OutputInstance");
    return instance && checker.getTypeArguments(instance)[0];
  }

  // Inside an output that is also an argument (`StackDashboard#tiles.id`), only the docs that
  // differ from the argument's at the same path: the schema reads the argument's for the rest.
  function walkOutput(name, prop) {
    const value = outputValue(checker.getTypeOfSymbol(prop));
    if (!value || docs[`${name}.${prop.getName()}`] === undefined) return;
    const own = {};
    walk(`${name}#${prop.getName()}`, value, 0, own);
    for (const [key, doc] of Object.entries(own)) if (docs[key.replace("#", ".")] !== doc) docs[key] = doc;
  }

  const index = program.getSourceFile(entry);
  const moduleSym = checker.getSymbolAtLocation(index);
  const exported = new Map(checker.getExportsOfModule(moduleSym).map((s) => [s.getName(), s]));
  const resolve = (s) => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s);
  for (const name of RESOURCES) {
    const cls = resolve(exported.get(name));
    const args = resolve(exported.get(`${name}Args`));
    docs[name] = docOf(cls);
    const example = exampleOf(cls);
    if (example) docs[`${name}@example`] = example;
    walk(name, checker.getDeclaredTypeOfSymbol(args), 0);
    for (const prop of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(cls))) {
      const doc = docOf(prop);
      if (doc) docs[`${name}#${prop.getName()}`] = doc;
      walkOutput(name, prop);
    }
  }
  for (const name of FUNCTIONS) {
    const fn = resolve(exported.get(name));
    // The summary line only: the rest speaks of the TypeScript forms (Promise, Output).
    docs[name] = text(fn).split(/\s*Returns a\s+Promise/)[0];
    const example = exampleOf(fn);
    if (example) docs[`${name}@example`] = example;
    const args = resolve(exported.get(`${name.charAt(0).toUpperCase()}${name.slice(1)}Args`));
    walk(name, checker.getDeclaredTypeOfSymbol(args), 0);
    // What one item of the answer holds (`getStackSources#item.kind`).
    const sig = checker.getSignaturesOfType(checker.getTypeOfSymbol(fn), ts.SignatureKind.Call)[0];
    const item = sig && checker.getPromisedTypeOfPromise(sig.getReturnType());
    if (item) walk(`${name}#item`, item, 0);
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
  return docs;
}

module.exports = { collectDocs };

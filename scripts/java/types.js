// The Java SDK's names and types, read from the package schema: which Java class each schema type
// becomes (an input `...Args` class, an output class, an enum), and the Java type of each property.
// Pure functions of the schema; scripts/java/emit.js writes the classes from them.
"use strict";

/** Java's reserved words and literals: a property named so gets a trailing underscore, as pulumi-java names it. */
const RESERVED = new Set(
  (
    "abstract assert boolean break byte case catch char class const continue default do double else enum extends final " +
    "finally float for goto if implements import instanceof int interface long native new package private protected " +
    "public return short static strictfp super switch synchronized this throw throws transient try void volatile while " +
    "true false null"
  ).split(" "),
);

/** A Java identifier for a schema name (the wire name stays in the annotation). */
const ident = (name) => {
  const safe = name.replace(/[^A-Za-z0-9_$]/g, "_").replace(/^(?=[0-9])/, "_");
  return RESERVED.has(safe) ? `${safe}_` : safe;
};

const upperFirst = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** The last segment of a token, `pipestack:index:PipeSource` -> `PipeSource`. */
const tokenName = (token) => token.split(":").pop().split("/").pop();

/** Where the SDK lives: the Java package and the Maven coordinates, from the schema (or neutral defaults). */
function coordinates(schema) {
  const java = schema.language?.java ?? {};
  const basePackage = java.basePackage ?? "com.pipestack";
  return {
    packageName: java.packageName ?? `${basePackage}.${ident(schema.name)}`,
    groupId: java.groupId ?? basePackage,
    artifactId: java.artifactId ?? schema.name,
    version: schema.version,
    pulumiVersion: java.dependencies?.["com.pulumi:pulumi"] ?? "1.36.1",
  };
}

/** The class names of one package: each input and output type, enum, resource, function. */
function classNames(packageName) {
  return {
    enumClass: (token) => `${packageName}.enums.${upperFirst(tokenName(token))}`,
    inputClass: (token) => `${packageName}.inputs.${upperFirst(tokenName(token))}Args`,
    outputClass: (token) => `${packageName}.outputs.${upperFirst(tokenName(token))}`,
    resourceClass: (token) => `${packageName}.${upperFirst(tokenName(token))}`,
    functionArgsClass: (token) => `${packageName}.inputs.${upperFirst(tokenName(token))}Args`,
    functionResultClass: (token) => `${packageName}.outputs.${upperFirst(tokenName(token))}Result`,
  };
}

const PRIMITIVES = { string: "java.lang.String", integer: "java.lang.Integer", number: "java.lang.Double", boolean: "java.lang.Boolean" };
const ANY = new Set(["pulumi.json#/Any", "pulumi.json#/Json"]);

/** A type: `{ name, args }`, `name` a fully qualified class, `args` its type arguments. */
const t = (name, ...args) => ({ name, args });

/**
 * The Java type of a property's value (not wrapped in `Output`), for `mode` "input" (nested
 * objects are `...Args` classes) or "output" (output classes). Throws on a schema form the
 * generator has no Java type for, naming the property.
 */
function javaType(schema, names, prop, mode, where) {
  if (prop.$ref) {
    if (ANY.has(prop.$ref)) return t("java.lang.Object");
    const token = decodeURIComponent(prop.$ref.replace(/^#\/types\//, ""));
    const type = schema.types?.[token];
    if (!type) throw new Error(`java: ${where} refers to ${prop.$ref}, which the schema does not declare`);
    if (type.enum) return t(names.enumClass(token));
    return t(mode === "input" ? names.inputClass(token) : names.outputClass(token));
  }
  if (PRIMITIVES[prop.type]) return t(PRIMITIVES[prop.type]);
  if (prop.type === "array") return t("java.util.List", javaType(schema, names, prop.items, mode, `${where}[]`));
  if (prop.type === "object")
    return t(
      "java.util.Map",
      t("java.lang.String"),
      prop.additionalProperties ? javaType(schema, names, prop.additionalProperties, mode, `${where}{}`) : t("java.lang.Object"),
    );
  throw new Error(`java: ${where} has a type the Java SDK cannot express: ${JSON.stringify(prop)}`);
}

/** The object types a set of properties reaches, by token (through lists, maps and other object types). */
function reachedTypes(schema, propertyMaps) {
  const seen = new Set();
  const visit = (prop) => {
    if (!prop || typeof prop !== "object") return;
    if (prop.$ref?.startsWith("#/types/")) {
      const token = decodeURIComponent(prop.$ref.slice("#/types/".length));
      const type = schema.types?.[token];
      if (!type || type.enum || seen.has(token)) return;
      seen.add(token);
      for (const p of Object.values(type.properties ?? {})) visit(p);
      return;
    }
    visit(prop.items);
    visit(prop.additionalProperties);
  };
  for (const props of propertyMaps) for (const p of Object.values(props ?? {})) visit(p);
  return [...seen].sort();
}

/** Which object types need an input class and which an output class (a type may need both). */
function typeUsage(schema) {
  const resources = Object.values(schema.resources ?? {});
  const functions = Object.values(schema.functions ?? {});
  return {
    inputs: reachedTypes(schema, [schema.provider?.inputProperties, ...resources.map((r) => r.inputProperties), ...functions.map((f) => f.inputs?.properties)]),
    outputs: reachedTypes(schema, [schema.provider?.properties, ...resources.map((r) => r.properties), ...functions.map((f) => f.outputs?.properties)]),
  };
}

/** The class a `@Export` names and the tree of its type arguments, as the Java SDK's deserializer reads them. */
function exportRefs(type) {
  const refs = [];
  const index = (name) => {
    const at = refs.indexOf(name);
    if (at >= 0) return at;
    refs.push(name);
    return refs.length - 1;
  };
  const tree = (ty) => (ty.args.length ? `[${[index(ty.name), ...ty.args.map(tree)].join(",")}]` : String(index(ty.name)));
  const top = tree(type);
  return { refs, tree: type.args.length ? top : `[${top}]` };
}

module.exports = { RESERVED, ident, upperFirst, tokenName, coordinates, classNames, javaType, typeUsage, reachedTypes, exportRefs, t };

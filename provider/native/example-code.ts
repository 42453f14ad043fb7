import type { ExampleProgram, ExampleValue, ConfigValue, IdOf } from "./examples";

/**
 * An example program (examples.ts) as TypeScript, Python, Go and YAML, on the SDKs generated from
 * the package schema: the schema's types say what each value is (an enum, an object type, a list
 * of them, a map), which Go spells out and the others do not. Pure.
 */

/** What the renderers read of the package schema. */
export interface SchemaView {
  readonly packageName: string;
  readonly nodejsPackage: string;
  readonly pythonPackage: string;
  readonly goImportPath: string;
  readonly resources: Readonly<Record<string, { inputProperties: Readonly<Record<string, Prop>>; requiredInputs: readonly string[] }>>;
  readonly types: Readonly<Record<string, { type: string; properties?: Readonly<Record<string, Prop>>; required?: readonly string[]; enum?: unknown }>>;
}
interface Prop {
  type?: string;
  items?: Prop;
  additionalProperties?: Prop;
  $ref?: string;
}

export type Language = "typescript" | "python" | "go" | "yaml";
export const LANGUAGES: readonly Language[] = ["typescript", "python", "go", "yaml"];

const isConfig = (v: ExampleValue): v is ConfigValue => typeof v === "object" && v !== null && "$config" in v;
const isIdOf = (v: ExampleValue): v is IdOf => typeof v === "object" && v !== null && "$idOf" in v;
const isList = (v: ExampleValue): v is readonly ExampleValue[] => Array.isArray(v);
const isObject = (v: ExampleValue): v is { readonly [key: string]: ExampleValue } =>
  typeof v === "object" && v !== null && !isList(v) && !isConfig(v) && !isIdOf(v);
const isScalar = (v: ExampleValue): boolean => typeof v !== "object" || isConfig(v) || isIdOf(v);

const camel = (name: string): string => name.replace(/[-_ ]+(\w)/g, (_m, c: string) => c.toUpperCase());
const snake = (name: string): string =>
  camel(name)
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase();
/** Python's reserved words: the SDK's generator names such a property with a trailing underscore (`from_`). */
const PYTHON_KEYWORDS = new Set([
  "and",
  "as",
  "assert",
  "async",
  "await",
  "break",
  "class",
  "continue",
  "def",
  "del",
  "elif",
  "else",
  "except",
  "finally",
  "for",
  "from",
  "global",
  "if",
  "import",
  "in",
  "is",
  "lambda",
  "nonlocal",
  "not",
  "or",
  "pass",
  "raise",
  "return",
  "try",
  "while",
  "with",
  "yield",
]);
/** A property's name in the Python SDK: snake_case, a reserved word with a trailing underscore. */
const pythonName = (name: string): string => (PYTHON_KEYWORDS.has(snake(name)) ? `${snake(name)}_` : snake(name));
const title = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);
const pad = (depth: number): string => "    ".repeat(depth);
const typeName = (ref: string): string => ref.slice(ref.lastIndexOf(":") + 1);

/** Walks the schema along a value: the type of a field, of a list's element, of a map's value. */
class Types {
  constructor(private readonly schema: SchemaView) {}
  resource(type: string) {
    const r = this.schema.resources[`${this.schema.packageName}:index:${type}`];
    if (!r) throw new Error(`example: no resource ${type} in the schema`);
    return { props: r.inputProperties, required: r.requiredInputs };
  }
  def(prop: Prop) {
    return prop.$ref?.startsWith("#/types/") ? this.schema.types[prop.$ref.slice("#/types/".length)] : undefined;
  }
  fields(prop: Prop) {
    const t = this.def(prop);
    if (t?.type !== "object" || !t.properties) throw new Error(`example: ${prop.$ref ?? prop.type} is no object type`);
    return { props: t.properties, required: t.required ?? [] };
  }
  isEnum = (prop: Prop): boolean => this.def(prop)?.enum !== undefined;
  /** The name the schema gives `value` of an enum type. */
  enumName(prop: Prop, value: ExampleValue): string {
    const found = (this.def(prop)?.enum as readonly { value: string; name: string }[] | undefined)?.find((e) => e.value === value);
    if (!found) throw new Error(`example: ${JSON.stringify(value)} is no value of ${prop.$ref}`);
    return found.name;
  }
}

/** The field's schema entry, or an error naming it (an example of a field the schema lacks). */
function field(props: Readonly<Record<string, Prop>>, key: string): Prop {
  const prop = props[key];
  if (!prop) throw new Error(`example: no field ${key} in the schema`);
  return prop;
}

function typescript(program: ExampleProgram, schema: SchemaView): string {
  const value = (v: ExampleValue, depth: number): string => {
    if (isConfig(v)) return `config.${program.config.find((c) => c.name === v.$config)?.secret ? "requireSecret" : "require"}(${JSON.stringify(v.$config)})`;
    if (isIdOf(v)) return `${camel(v.$idOf)}.id`;
    if (isList(v)) return `[${v.map((x) => value(x, depth)).join(", ")}]`;
    if (isObject(v))
      return `{\n${Object.entries(v)
        .map(([k, x]) => `${pad(depth + 1)}${k}: ${value(x, depth + 1)},\n`)
        .join("")}${pad(depth)}}`;
    return JSON.stringify(v);
  };
  return [
    `import * as pulumi from "@pulumi/pulumi";`,
    `import * as ${schema.packageName} from "${schema.nodejsPackage}";`,
    "",
    ...(program.config.length ? ["const config = new pulumi.Config();"] : []),
    ...program.resources.map((r) => `const ${camel(r.name)} = new ${schema.packageName}.${r.type}(${JSON.stringify(r.name)}, ${value(r.inputs, 0)});`),
  ].join("\n");
}

function python(program: ExampleProgram, schema: SchemaView, types: Types): string {
  const py = (v: ExampleValue, prop: Prop, depth: number): string => {
    if (isConfig(v)) return `config.${program.config.find((c) => c.name === v.$config)?.secret ? "require_secret" : "require"}(${JSON.stringify(v.$config)})`;
    if (isIdOf(v)) return `${snake(v.$idOf)}.id`;
    if (typeof v === "boolean") return v ? "True" : "False";
    if (isList(v)) {
      return `[${v.map((x) => py(x, prop.items ?? {}, depth)).join(", ")}]`;
    }
    if (isObject(v)) {
      // Object types take snake_case keys (the SDK's dict forms); a map keeps its keys.
      const entries = Object.entries(v).map(([k, x]) =>
        prop.additionalProperties
          ? [JSON.stringify(k), py(x, prop.additionalProperties, depth + 1)]
          : [JSON.stringify(pythonName(k)), py(x, field(types.fields(prop).props, k), depth + 1)],
      );
      return `{\n${entries.map(([k, x]) => `${pad(depth + 1)}${k}: ${x},\n`).join("")}${pad(depth)}}`;
    }
    return JSON.stringify(v);
  };
  const resource = (r: ExampleProgram["resources"][number]) => {
    const { props } = types.resource(r.type);
    const args = Object.entries(r.inputs).map(([k, v]) => `${pad(1)}${pythonName(k)}=${py(v, field(props, k), 1)}`);
    return `${snake(r.name)} = ${schema.packageName}.${r.type}(${JSON.stringify(r.name)},\n${args.join(",\n")})`;
  };
  return [
    "import pulumi",
    `import ${schema.pythonPackage} as ${schema.packageName}`,
    "",
    ...(program.config.length ? ["config = pulumi.Config()"] : []),
    ...program.resources.map(resource),
  ].join("\n");
}

function go(program: ExampleProgram, schema: SchemaView, types: Types): string {
  const pkg = schema.packageName;
  const scalar: Record<string, string> = { string: "String", integer: "Int", number: "Float64", boolean: "Bool" };
  const goValue = (v: ExampleValue, prop: Prop, required: boolean, depth: number): string => {
    if (isConfig(v)) {
      return program.config.find((c) => c.name === v.$config)?.secret
        ? `cfg.RequireSecret(${JSON.stringify(v.$config)})`
        : `pulumi.String(cfg.Require(${JSON.stringify(v.$config)}))`;
    }
    if (isIdOf(v)) return `${camel(v.$idOf)}.ID().ToStringOutput()`;
    // An enum value by its constant: the type's name and the value's (one rule, schema-enums.ts).
    if (prop.$ref && types.isEnum(prop)) return `${pkg}.${typeName(prop.$ref)}${types.enumName(prop, v)}`;
    if (prop.$ref && isObject(v)) {
      const { props } = types.fields(prop);
      const { required: inner } = types.fields(prop);
      const fields = Object.entries(v).map(([k, x]) => `${pad(depth + 1)}${title(k)}: ${goValue(x, field(props, k), inner.includes(k), depth + 1)},\n`);
      return `${required ? "" : "&"}${pkg}.${typeName(prop.$ref)}Args{\n${fields.join("")}${pad(depth)}}`;
    }
    if (isList(v) && prop.items) {
      const items = v.map((x) => goValue(x, prop.items!, true, depth + 1));
      const arrayType = prop.items.$ref ? `${pkg}.${typeName(prop.items.$ref)}Array` : `pulumi.${scalar[prop.items.type ?? ""] ?? "Any"}Array`;
      return v.every(isScalar) ? `${arrayType}{${items.join(", ")}}` : `${arrayType}{\n${items.map((x) => `${pad(depth + 1)}${x},\n`).join("")}${pad(depth)}}`;
    }
    if (isObject(v) && prop.additionalProperties) {
      const entries = Object.entries(v).map(([k, x]) => `${pad(depth + 1)}${JSON.stringify(k)}: ${goValue(x, prop.additionalProperties!, true, depth + 1)},\n`);
      return `pulumi.${scalar[prop.additionalProperties.type ?? ""] ?? "Any"}Map{\n${entries.join("")}${pad(depth)}}`;
    }
    const kind = scalar[prop.type ?? ""];
    if (!kind) throw new Error(`example: no Go form for ${JSON.stringify(v)} as ${JSON.stringify(prop)}`);
    return `pulumi.${kind}(${JSON.stringify(v)})`;
  };
  const used = new Set(
    JSON.stringify(program.resources)
      .match(/"\$idOf":"[^"]+"/g)
      ?.map((m) => m.slice(9, -1)),
  );
  let declared = false;
  const resource = (r: ExampleProgram["resources"][number]) => {
    const { props, required } = types.resource(r.type);
    const fields = Object.entries(r.inputs).map(([k, v]) => `${pad(3)}${title(k)}: ${goValue(v, field(props, k), required.includes(k), 3)},\n`);
    const target = used.has(r.name) ? camel(r.name) : "_";
    const assign = target === "_" && declared ? "=" : ":=";
    declared = true;
    return [
      `${pad(2)}${target}, err ${assign} ${pkg}.New${r.type}(ctx, ${JSON.stringify(r.name)}, &${pkg}.${r.type}Args{\n${fields.join("")}${pad(2)}})`,
      `${pad(2)}if err != nil {`,
      `${pad(3)}return err`,
      `${pad(2)}}`,
    ].join("\n");
  };
  return [
    "package main",
    "",
    "import (",
    `${pad(1)}"github.com/pulumi/pulumi/sdk/v3/go/pulumi"`,
    ...(program.config.length ? [`${pad(1)}"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"`] : []),
    `${pad(1)}"${schema.goImportPath}"`,
    ")",
    "",
    "func main() {",
    `${pad(1)}pulumi.Run(func(ctx *pulumi.Context) error {`,
    ...(program.config.length ? [`${pad(2)}cfg := config.New(ctx, "")`] : []),
    ...program.resources.map(resource),
    `${pad(2)}return nil`,
    `${pad(1)}})`,
    "}",
  ]
    .join("\n")
    .replace(/ {4}/g, "\t");
}

/** A YAML scalar: plain where YAML reads it back as the same string, else quoted. */
const yamlScalar = (v: string | number | boolean): string =>
  typeof v === "string" && (!/^[A-Za-z0-9_./-][A-Za-z0-9_./:-]*$/.test(v) || /^(true|false|null|yes|no|on|off|~|[-+.\d][\d.e+-]*)$/i.test(v))
    ? JSON.stringify(v)
    : String(v);

function yaml(program: ExampleProgram, schema: SchemaView): string {
  const ind = (depth: number) => "  ".repeat(depth);
  const block = (v: ExampleValue, depth: number): string => {
    if (isConfig(v)) return JSON.stringify(`\${${v.$config}}`);
    if (isIdOf(v)) return `\${${v.$idOf}.id}`;
    if (isList(v)) {
      if (v.every(isScalar)) return `[${v.map((x) => block(x, depth)).join(", ")}]`;
      return v.map((x) => `\n${ind(depth)}- ${block(x, depth + 1).replace(/^\n\s*/, "")}`).join("");
    }
    if (isObject(v))
      return Object.entries(v)
        .map(([k, x]) => `\n${ind(depth)}${k}: ${block(x, depth + 1)}`.replace(/: \n/, ":\n"))
        .join("");
    return yamlScalar(v);
  };
  const lines: string[] = [];
  if (program.config.length) {
    // `configuration`: the YAML language host 1.19 did not find values declared under `config`.
    lines.push("configuration:");
    for (const c of program.config) lines.push(`  ${c.name}:`, "    type: String", ...(c.secret ? ["    secret: true"] : []));
  }
  lines.push("resources:");
  for (const r of program.resources) {
    lines.push(`  ${r.name}:`, `    type: ${schema.packageName}:index:${r.type}`, `    properties:${block(r.inputs, 3)}`);
  }
  return lines.join("\n");
}

/** The program in each language. */
export function exampleCode(program: ExampleProgram, schema: SchemaView): Record<Language, string> {
  const types = new Types(schema);
  return { typescript: typescript(program, schema), python: python(program, schema, types), go: go(program, schema, types), yaml: yaml(program, schema) };
}

/** The program as Pulumi's schema descriptions carry examples: each generator keeps its language's block. */
export function examplesSection(program: ExampleProgram, schema: SchemaView): string {
  const code = exampleCode(program, schema);
  return [
    "{{% examples %}}",
    "## Example Usage",
    "",
    "{{% example %}}",
    `### ${program.title}`,
    "",
    ...LANGUAGES.map((l) => ["```" + l, code[l], "```"].join("\n")),
    "{{% /example %}}",
    "{{% /examples %}}",
  ].join("\n");
}

import { z, type ZodTypeAny } from "zod";
import { settingKeys, settingsSchema, type SettingKey } from "../config";
import { connectionSchema, CONNECTION_SECRETS } from "../schemas/connection";
import { FIXED_AT_CREATION, fixedAtCreation, policyEntries, type PolicyTree } from "../schemas/field-policy";
import { functionToken, nativeFunctions, type NativeFunction } from "./functions";
import { nativeResources, PACKAGE, tokenOf, type NativeResource } from "./resources";
import { examplesSection, type SchemaView } from "./example-code";
import { examples } from "./examples";
import { closedSet, enumValues, type EnumValueSpec } from "./schema-enums";
import { languages } from "./schema-language";
import { singular, typeName, TypeNames } from "./schema-names";
import { REPOSITORY } from "./docs-url";

import { unwrap } from "./zod-walk";
import { mergedField, objectForms, optional, requiredInEvery, splitByKind, splitOptions } from "./schema-unions";

/**
 * The Pulumi package schema of the native provider, worked out from the resources' definitions:
 * types from the zod schemas, secret fields from the field policies, descriptions from the doc
 * comments editors show (collected at build time into docs.json, see scripts/native-docs.js),
 * config variables from the settings schema. Pure: the docs come in as an argument.
 */

/** A doc comment by path: `Pipe`, `Pipe.source.kafka.brokers`, `Pipe#state`, `config.apiUrl`. */
export type Docs = Readonly<Record<string, string>>;

/** A property or type reference of the schema (the subset this package uses). */
export interface TypeSpec {
  type?: "string" | "integer" | "number" | "boolean" | "array" | "object";
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
  $ref?: string;
}
export interface PropertySpec extends TypeSpec {
  description?: string;
  secret?: boolean;
  willReplaceOnChanges?: boolean;
}
export interface ObjectTypeSpec {
  type: "object";
  description?: string;
  properties: Record<string, PropertySpec>;
  required?: string[];
}
export interface EnumTypeSpec {
  type: "string";
  description?: string;
  enum: EnumValueSpec[];
}
interface ResourceSpec {
  description?: string;
  inputProperties: Record<string, PropertySpec>;
  requiredInputs: string[];
  properties: Record<string, PropertySpec>;
  required: string[];
}
interface FunctionSpec {
  description?: string;
  inputs: { properties: Record<string, PropertySpec>; required?: string[] };
  outputs: { properties: Record<string, PropertySpec>; required: string[] };
}
interface PackageSpec {
  name: string;
  displayName: string;
  version?: string;
  pluginDownloadURL?: string;
  description: string;
  keywords: string[];
  license: string;
  repository: string;
  meta: { moduleFormat: string; supportPack?: boolean };
  config: { variables: Record<string, PropertySpec> };
  provider: { description: string; inputProperties: Record<string, PropertySpec> };
  types: Record<string, ObjectTypeSpec | EnumTypeSpec>;
  resources: Record<string, ResourceSpec>;
  functions: Record<string, FunctionSpec>;
  language: typeof languages;
}

/** What the TypeScript face types as `unknown` (a value passed through as written); nothing else. */
export const ANY: TypeSpec = { $ref: "pulumi.json#/Any" };
const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/_(\w)/g, (_m, c: string) => c.toUpperCase());

/** The doc of a union's tag in the merged object: the form-specific docs of each literal would contradict each other. */
const TAG_DOC = "Which form this object takes: only the fields of that form may be set beside it (`check` names any other).";

/** The values an enum field takes, for its description. */
function listedValues(t: ZodTypeAny): string[] | undefined {
  const n = unwrap(t);
  if (n instanceof z.ZodArray) return listedValues(n.element as ZodTypeAny);
  return closedSet(n);
}

/** Builds types into `types` while it converts zod schemas. */
class Builder {
  readonly types: Record<string, ObjectTypeSpec | EnumTypeSpec> = {};
  /** What each type token was made of, so that two different schemas never share a name. */
  private readonly names = new TypeNames(PACKAGE);
  private readonly ids = new Map<ZodTypeAny, number>();
  /** The first token of each object type by what it is made of. */
  private readonly made = new Map<string, string>();
  /** While true, an object made of a schema already typed takes that type (see {@link outputProperty}). */
  private sharing = false;
  constructor(private readonly docs: Docs) {}

  /** The schema type of `t`; nested types are named after their path (`PipeSourceKafka`), list elements in the singular. */
  type(t: ZodTypeAny, name: string, docPath: string): TypeSpec {
    const n = unwrap(t);
    const values = closedSet(n);
    if (values) return this.enumType(values, name);
    if (n instanceof z.ZodString || n instanceof z.ZodNativeEnum || n instanceof z.ZodDate) return { type: "string" };
    if (n instanceof z.ZodNumber) return { type: n.isInt ? "integer" : "number" };
    if (n instanceof z.ZodBoolean) return { type: "boolean" };
    if (n instanceof z.ZodLiteral) {
      const v: unknown = n.value;
      return { type: typeof v === "number" ? "number" : typeof v === "boolean" ? "boolean" : "string" };
    }
    if (n instanceof z.ZodArray) return { type: "array", items: this.type(n.element as ZodTypeAny, singular(name), docPath) };
    if (n instanceof z.ZodRecord) return { type: "object", additionalProperties: this.type(n.valueSchema as ZodTypeAny, name, docPath) };
    const forms = objectForms(n);
    if (forms) return this.object(forms, name, docPath);
    if (n instanceof z.ZodUnion || n instanceof z.ZodDiscriminatedUnion) return this.union(n.options as ZodTypeAny[], name, docPath);
    if (n instanceof z.ZodUnknown || n instanceof z.ZodAny) return ANY;
    // A zod type with no schema form would become Any where the TypeScript face has a type.
    throw new Error(`package schema: no schema type for ${docPath} (${n.constructor.name})`);
  }

  /**
   * A union that is no union of objects: its lists of objects as one list of the merged object,
   * the rest typed each, all of one type. Anything else is an error, not a `oneOf`: the Go
   * generator renders that untyped, the Python SDK fails on a list in it (schema-unions.ts).
   */
  union(options: readonly ZodTypeAny[], name: string, docPath: string): TypeSpec {
    const { listForms, rest } = splitOptions(options);
    const specs = [
      ...(listForms.length ? [{ type: "array", items: this.object(listForms, singular(name), docPath) } satisfies TypeSpec] : []),
      ...rest.map((o) => this.type(o, name, docPath)),
    ];
    const distinct = [...new Set(specs.map((s) => JSON.stringify(s)))];
    if (distinct.length > 1) throw new Error(`package schema: ${docPath} is a union of kinds no SDK types alike (${distinct.join(" | ")})`);
    return JSON.parse(distinct[0]) as TypeSpec;
  }

  /** An object type (the fields of every variant, for a union of objects: each variant checked by `check`). */
  object(forms: z.ZodObject<z.ZodRawShape>[], name: string, docPath: string): TypeSpec {
    const variants = [...new Set(forms)];
    const identity = this.identity(variants);
    const made = this.sharing ? this.made.get(identity) : undefined;
    if (made) return { $ref: `#/types/${made}` };
    const { token, fresh } = this.names.claim(name, identity);
    if (!this.made.has(identity)) this.made.set(identity, token);
    if (fresh) {
      this.types[token] = { type: "object", properties: {} };
      const shapes = variants.map((v) => v.shape);
      const keys = [...new Set(shapes.flatMap((s) => Object.keys(s)))];
      const props: Record<string, PropertySpec> = {};
      const base = typeName(token);
      for (const key of keys) {
        const split = splitByKind(shapes, key);
        if (split) {
          // The list keeps the key; the string form gets its own name (split-fields.ts moves it back).
          props[key] = this.property(z.union(split.list as [ZodTypeAny, ZodTypeAny, ...ZodTypeAny[]]), base + pascal(key), `${docPath}.${key}`);
          const textDoc = this.formDoc(docPath, shapes, key, split.text[0]);
          props[split.alias] = this.property(split.text[0], base + pascal(split.alias), `${docPath}.${split.alias}`, textDoc);
          continue;
        }
        const { field, tag } = mergedField(shapes, key);
        props[key] = this.property(field, base + pascal(key), `${docPath}.${key}`, tag ? TAG_DOC : undefined);
      }
      const required = requiredInEvery(shapes, keys);
      this.types[token] = { type: "object", properties: props, ...(required.length ? { required } : {}) };
    }
    return { $ref: `#/types/${token}` };
  }

  /** The doc of the form holding `field` under `key` (docs of a union's forms are keyed by the form's fields), noting the API's name. */
  private formDoc(docPath: string, shapes: readonly z.ZodRawShape[], key: string, field: ZodTypeAny): string {
    const shape = shapes.find((s) => s[key] === field);
    const doc = shape ? this.docs[`${docPath}{${Object.keys(shape).sort().join(",")}}.${key}`] : undefined;
    return [doc, `The API's \`${key}\` of the forms that take it as a string.`].filter(Boolean).join(" ");
  }

  /** A closed set of strings as an enum type (one per distinct set of values under a name). */
  enumType(values: string[], name: string): TypeSpec {
    const { token, fresh } = this.names.claim(name, JSON.stringify(values));
    if (fresh) this.types[token] = { type: "string", enum: enumValues(values) };
    return { $ref: `#/types/${token}` };
  }

  /** Which zod objects a type is made of, as a key: the same objects are the same type. */
  private identity(variants: ZodTypeAny[]): string {
    return variants.map((v) => this.ids.get(v) ?? this.ids.set(v, this.ids.size).size - 1).join(",");
  }

  /**
   * A computed output's property, or that of an output its policy types apart (`output`): its
   * objects made of the schemas of the inputs take the inputs' types (a dashboard's stored tiles:
   * their series and config are the tiles' types, not copies named after the output), and one
   * made of a schema an output already typed takes that type (`tiles` and `pendingTiles` hold
   * the same stored tile). Inputs keep a type per path, as SDKs name them.
   */
  outputProperty(field: ZodTypeAny, name: string, docPath: string): PropertySpec {
    this.sharing = true;
    try {
      return this.property(field, name, docPath);
    } finally {
      this.sharing = false;
    }
  }

  /**
   * The doc comment at a path; inside an output typed apart (`StackDashboard#tiles.name`, see
   * {@link outputProperty}) the input's at the same path when the output's says nothing else
   * (scripts/doc-comments.js keeps only those that differ).
   */
  private doc(docPath: string): string | undefined {
    return this.docs[docPath] ?? (this.sharing && /#.*\./.test(docPath) ? this.docs[docPath.replace("#", ".")] : undefined);
  }

  property(field: ZodTypeAny, name: string, docPath: string, doc: string | undefined = this.doc(docPath)): PropertySpec {
    const values = listedValues(field);
    const description = [doc, values ? `One of: ${values.map((v) => `\`${v}\``).join(", ")}.` : undefined].filter(Boolean).join("\n\n");
    return { ...this.type(field, name, docPath), ...(description ? { description } : {}) };
  }
}

/** Marks the secret fields of a policy in the types built for a resource (walking the refs). */
function markSecrets(types: Record<string, ObjectTypeSpec | EnumTypeSpec>, props: Record<string, PropertySpec>, tree: PolicyTree): void {
  for (const [key, node] of Object.entries(tree)) {
    const prop = props[key];
    if (!prop) continue;
    if (node.secret) prop.secret = true;
    const ref = prop.$ref ?? prop.items?.$ref;
    const type = ref?.startsWith("#/types/") ? types[ref.slice("#/types/".length)] : undefined;
    if (type?.type === "object" && node.fields) markSecrets(types, type.properties, node.fields);
  }
}

/** A doc with "Fixed at creation." at the end of its text, before its `Default:` line if it has one. */
function sayFixed(doc: string): string {
  const at = doc.search(/\n\nDefault: /);
  const [text, rest] = at < 0 ? [doc, ""] : [doc.slice(0, at), doc.slice(at)];
  return [text, FIXED_AT_CREATION].filter(Boolean).join(" ") + rest;
}

/**
 * The doc comments with what the field policies say of each field appended: "Fixed at
 * creation." on every field no change of which is made in place, so that no doc says it by
 * hand (and none can say it wrongly). What the native schema and the reference pages show. Pure.
 */
export function withPolicyDocs(docs: Docs): Docs {
  const out: Record<string, string> = { ...docs };
  for (const r of nativeResources) {
    for (const { path, node } of policyEntries(r.diff.fields)) {
      if (!fixedAtCreation(node)) continue;
      const key = [r.name, ...path].join(".");
      out[key] = sayFixed(out[key] ?? "");
    }
  }
  return out;
}

function resourceSpec(r: NativeResource, b: Builder, docs: Docs): ResourceSpec {
  const shape = r.spec.shape;
  const inputs: Record<string, PropertySpec> = {};
  for (const [key, field] of Object.entries(shape)) inputs[key] = b.property(field, r.name + pascal(key), `${r.name}.${key}`);
  inputs.connection = { ...b.property(connectionSchema, "Connection", `${r.name}.connection`), secret: true };
  markSecrets(b.types, inputs, r.diff.fields);
  // Every resource but an endpoint names itself after the resource when `name` is left out.
  const requiredInputs = Object.keys(shape).filter((k) => k !== "name" && !optional(shape[k]));
  const outputs: Record<string, PropertySpec> = {};
  for (const [key, prop] of Object.entries(inputs)) {
    // A field the server stores in another shape (the policy's `output`) has a type of its own: `StackDashboardStoredTile`.
    const own = r.diff.fields[key]?.output;
    const typed = own ? b.outputProperty(own, `${r.name}Stored${pascal(key)}`, `${r.name}#${key}`) : prop;
    outputs[key] = { ...typed, ...(prop.secret ? { secret: true } : {}), description: docs[`${r.name}#${key}`] ?? prop.description };
  }
  for (const [key, t] of Object.entries(r.serverOutputs)) outputs[key] = b.outputProperty(t, r.name + pascal(key), `${r.name}#${key}`);
  if (r.credentials) {
    outputs[r.credentials.key] = { ...b.property(r.credentials.shape, r.name + pascal(r.credentials.key), `${r.name}#${r.credentials.key}`), secret: true };
  }
  for (const p of Object.values(outputs)) if (p.description === undefined) delete p.description;
  return {
    description: docs[r.name],
    inputProperties: inputs,
    requiredInputs,
    properties: outputs,
    // What every state holds: the name, and what the program must set (the outputs carry the
    // inputs). A computed output is absent on some servers (the engine holds each as optional).
    required: ["name" in shape ? ["name"] : [], requiredInputs].flat(),
  };
}

function functionSpec(f: NativeFunction, b: Builder, docs: Docs): FunctionSpec {
  const base = pascal(f.name);
  const inputs: Record<string, PropertySpec> = {};
  for (const [key, field] of Object.entries(f.args.shape)) inputs[key] = b.property(field, base + pascal(key), `${f.name}.${key}`);
  inputs.connection = { ...b.property(connectionSchema, "Connection", `${f.name}.connection`), secret: true };
  const items: PropertySpec = { type: "array", items: b.type(f.item, `${base}Item`, `${f.name}#item`), description: "What the function lists." };
  return { description: docs[f.name], inputs: { properties: inputs }, outputs: { properties: { items }, required: ["items"] } };
}

/** The config variables (and the provider's inputs): every setting, credentials secret. */
function configVariables(b: Builder, docs: Docs): Record<string, PropertySpec> {
  const out: Record<string, PropertySpec> = {};
  for (const key of Object.keys(settingKeys) as SettingKey[]) {
    const field = settingsSchema.shape[key] as ZodTypeAny;
    const t = unwrap(field) instanceof z.ZodNumber ? ({ type: "integer" } as const) : ({ type: "string" } as const);
    const env = `Environment variable: \`${settingKeys[key].env}\`.`;
    out[key] = { ...t, description: [docs[`config.${key}`], env].filter(Boolean).join("\n\n"), ...(settingKeys[key].secret ? { secret: true } : {}) };
  }
  return out;
}

/** What the example renderers (example-code.ts) read of a package schema. */
export const exampleView = (spec: Pick<PackageSpec, "name" | "language" | "resources" | "types">): SchemaView => ({
  packageName: spec.name,
  nodejsPackage: spec.language.nodejs.packageName,
  pythonPackage: spec.language.python.packageName,
  goImportPath: spec.language.go.importBasePath,
  resources: spec.resources,
  types: spec.types,
});

/**
 * The package schema. `version` is the plugin's; `pluginDownloadURL`, where the engine and
 * generated SDKs download it from (see download-url.ts).
 */
export function packageSchema(docs: Docs, version?: string, pluginDownloadURL?: string): PackageSpec {
  const b = new Builder(docs);
  const resources: Record<string, ResourceSpec> = {};
  for (const r of nativeResources) resources[tokenOf(r)] = resourceSpec(r, b, docs);
  const functions: Record<string, FunctionSpec> = {};
  for (const f of nativeFunctions) functions[functionToken(f)] = functionSpec(f, b, docs);
  const variables = configVariables(b, docs);
  const view = exampleView({ name: PACKAGE, language: languages, resources, types: b.types });
  for (const r of nativeResources) {
    const spec = resources[tokenOf(r)];
    spec.description = [spec.description, examplesSection(examples[r.name], view)].filter(Boolean).join("\n\n");
  }
  for (const k of CONNECTION_SECRETS) {
    const t = b.types[`${PACKAGE}:index:Connection`];
    if (t?.type === "object" && t.properties[k]) t.properties[k].secret = true;
  }
  return {
    name: PACKAGE,
    displayName: "Pipestack",
    ...(version ? { version } : {}),
    ...(pluginDownloadURL ? { pluginDownloadURL } : {}),
    description: "Data pipes, reverse private endpoints and observability-stack dashboards, alerts and saved searches.",
    keywords: ["pulumi", "pipes", "observability", "category/infrastructure", "kind/native"],
    license: "Apache-2.0",
    repository: REPOSITORY,
    // `supportPack`: SDKs as `pulumi package gen-sdk` makes them, each with the version, Go with its go.mod.
    meta: { moduleFormat: "(.*)", ...(version ? { supportPack: true } : {}) },
    config: { variables },
    provider: {
      description: "The provider: where and as whom to reach the service (the same settings as the `pipestack:*` config).",
      inputProperties: variables,
    },
    types: b.types,
    resources,
    functions,
    language: languages,
  };
}

import { z, type ZodTypeAny } from "zod";
import { outputSchema, policyAt, type AnyNode, type PolicyTree } from "../schemas/field-policy";
import { nativeFunctions, type NativeFunction } from "../native/functions";
import { nativeResources, type NativeResource } from "../native/resources";
import { withPolicyDocs, type Docs } from "../native/schema";
import { unwrap } from "../native/zod-walk";
import { formsOf as declaredForms } from "../schemas/union-forms";
import { splitByKind } from "../native/schema-unions";
import { languageExamples } from "./language-examples";

/**
 * The reference pages under docs/ (one per resource, one for the functions), worked out from the
 * definitions the types come from: fields and types from the zod schemas, what a change does from
 * the field policies, text and examples from the doc comments editors show on hover (collected by
 * scripts/doc-comments.js, the extractor the native provider's docs.json uses). Pure: the docs
 * come in as an argument; `npm run docs` writes the pages, a unit test checks they are current.
 */

/** A page: its file name under docs/ and its markdown. */
export type Pages = Record<string, string>;

/** `StackDashboard` -> `stack-dashboard.md`. */
export const pageName = (name: string): string => `${name.replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase()}.md`;

/** One row of a field table. */
interface Row {
  path: string;
  type: string;
  /** Undefined for a row naming one form of a union (the form is no field to leave out). */
  required?: boolean;
  change?: string;
  notes: string[];
  defaultValue?: string;
  doc: string;
}

/** The fields of an object schema, or of every variant of a union of objects. */
function shapeOf(t: ZodTypeAny): Record<string, ZodTypeAny> | undefined {
  const n = unwrap(t);
  if (n instanceof z.ZodObject) return (n as z.ZodObject<z.ZodRawShape>).shape;
  if (n instanceof z.ZodUnion || n instanceof z.ZodDiscriminatedUnion) {
    const shapes = [...(n.options as ZodTypeAny[])].map(shapeOf);
    if (shapes.every((s) => s !== undefined)) return Object.assign({}, ...shapes) as Record<string, ZodTypeAny>;
  }
  if (n instanceof z.ZodArray) return shapeOf(n.element as ZodTypeAny);
  return undefined;
}

/**
 * The object forms of a union field (or of an array's items) of two forms or more, or undefined
 * for any other field. Each form's docs are keyed by its field names (`filters{condition,type}`,
 * as scripts/doc-comments.js writes them).
 */
function formsOf(t: ZodTypeAny): Array<Record<string, ZodTypeAny>> | undefined {
  let n = unwrap(t);
  if (n instanceof z.ZodArray) n = unwrap(n.element as ZodTypeAny);
  if (!(n instanceof z.ZodUnion || n instanceof z.ZodDiscriminatedUnion)) return undefined;
  const forms = [...(n.options as ZodTypeAny[])].map(shapeOf);
  return forms.length > 1 && forms.every((f) => f !== undefined) ? forms : undefined;
}

/** How a form is named in the table: its fields, optional ones marked, as a program writes it. */
const formName = (form: Record<string, ZodTypeAny>): string =>
  `\`{ ${Object.entries(form)
    .map(([k, t]) => (optional(t) ? `${k}?` : k))
    .join(", ")} }\``;

/** The type of a field as a program writes it. */
function typeName(t: ZodTypeAny): string {
  const n = unwrap(t);
  if (n instanceof z.ZodString || n instanceof z.ZodDate) return "string";
  if (n instanceof z.ZodEnum) return (n.options as string[]).map((o) => JSON.stringify(o)).join(" \\| ");
  if (n instanceof z.ZodNumber) return n.isInt ? "integer" : "number";
  if (n instanceof z.ZodBoolean) return "boolean";
  if (n instanceof z.ZodLiteral) return JSON.stringify(n.value);
  if (n instanceof z.ZodArray) return `${typeName(n.element as ZodTypeAny)}[]`;
  if (n instanceof z.ZodRecord) return `map of ${typeName(n.valueSchema as ZodTypeAny)}`;
  if (n instanceof z.ZodObject) return "object";
  if (n instanceof z.ZodUnion || n instanceof z.ZodDiscriminatedUnion) {
    if (shapeOf(n)) return "object";
    return [...new Set([...(n.options as ZodTypeAny[])].map(typeName))].join(" \\| ");
  }
  return "any";
}

const optional = (t: ZodTypeAny): boolean => t.isOptional() || t instanceof z.ZodDefault;

/** The default a zod schema fills in, if any. */
function zodDefault(t: ZodTypeAny): string | undefined {
  let node = t;
  while (node instanceof z.ZodOptional || node instanceof z.ZodNullable || node instanceof z.ZodEffects) {
    node = node instanceof z.ZodEffects ? (node.innerType() as ZodTypeAny) : (node.unwrap() as ZodTypeAny);
  }
  return node instanceof z.ZodDefault ? `\`${JSON.stringify((node._def as { defaultValue: () => unknown }).defaultValue())}\`` : undefined;
}

const CHANGE = { update: "in place", replace: "**replaces**", none: "nothing" } as const;

/** What the policy says of a field, as words. */
function policyNotes(node: AnyNode | undefined): string[] {
  if (!node) return [];
  return [
    node.secret ? "secret" : "",
    node.serverDefault ? "server default" : "",
    node.writeOnly && !node.inputOnly ? "never read back" : "",
    node.answeredWhen ? `read back only when ${node.answeredWhen.key} is ${node.answeredWhen.values.map((v) => `\`${v}\``).join(" or ")}` : "",
    node.inputOnly ? "input only" : "",
  ].filter(Boolean);
}

/** Splits a doc's trailing `Default: X.` (from a `@default` tag) off its text. */
function splitDefault(doc: string): { text: string; defaultValue?: string } {
  const m = /\n*Default: ([\s\S]*)\.$/.exec(doc);
  return m ? { text: doc.slice(0, m.index).trim(), defaultValue: m[1] } : { text: doc };
}

/**
 * Rows for every field of a shape, parents before children; `change` inherited from the parent.
 * The forms of a union are shown apart, each under a row naming its fields; `docPath` is the path
 * its docs are keyed by (it names the form), when it differs from the field path.
 */
function rows(
  shape: Record<string, ZodTypeAny>,
  docs: Docs,
  docPrefix: string,
  policy?: PolicyTree,
  prefix: string[] = [],
  inherited?: string,
  shown = "",
  docPath: string[] = prefix,
): Row[] {
  const out: Row[] = [];
  for (const [key, field] of Object.entries(shape)) {
    const path = [...prefix, key];
    const display = shown ? `${shown}.${key}` : key;
    const node = policy ? policyAt(policy, path)?.node : undefined;
    const change = node ? CHANGE[node.change] : inherited;
    const raw = docs[`${docPrefix}.${[...docPath, key].join(".")}`] ?? docs[`${docPrefix}.${path.join(".")}`] ?? "";
    const { text, defaultValue } = splitDefault(raw);
    out.push({
      path: display,
      type: typeName(field),
      required: !optional(field),
      change,
      notes: policyNotes(node),
      defaultValue: defaultValue ?? zodDefault(field),
      doc: text,
    });
    const inside = unwrap(field) instanceof z.ZodArray ? `${display}[]` : display;
    const tagged = taggedForms(field);
    if (tagged) {
      out[out.length - 1].type = "object";
      out.push(...taggedRows(tagged, docs, docPrefix, policy, path, change, inside));
      continue;
    }
    const forms = formsOf(field);
    if (forms) {
      forms.forEach((form, i) => {
        const keyed = [...docPath, `${key}{${Object.keys(form).sort().join(",")}}`];
        out.push({ path: inside, type: "object", change, notes: [], doc: `Form ${i + 1} of ${forms.length}: ${formName(form)}.` });
        out.push(...rows(form, docs, docPrefix, policy, path, change, inside, keyed));
      });
      continue;
    }
    const inner = shapeOf(field);
    if (inner) out.push(...rows(inner, docs, docPrefix, policy, path, change, inside, [...docPath, key]));
  }
  return out;
}

/** The fields of several shapes in one: each key's first field, optional unless every shape requires it. */
function mergedShape(shapes: Record<string, ZodTypeAny>[]): Record<string, ZodTypeAny> {
  const out: Record<string, ZodTypeAny> = {};
  for (const shape of shapes) {
    for (const [k, f] of Object.entries(shape)) {
      if (k in out) continue;
      out[k] = shapes.every((x) => k in x && !optional(x[k])) ? f : f.optional();
    }
  }
  return out;
}

/** The forms a schema declares (`withForms`: a tile's `config`), each with the tag value that selects it (`line`, `raw SQL line`). */
function taggedForms(t: ZodTypeAny): { tag: string; shape: Record<string, ZodTypeAny> }[] | undefined {
  const forms = declaredForms(unwrap(t))?.map(unwrap);
  if (!forms?.every((f) => f instanceof z.ZodObject)) return undefined;
  return forms.map((f) => {
    const shape = (f as z.ZodObject<z.ZodRawShape>).shape;
    const tag = Object.values(shape)
      .map(unwrap)
      .find((v): v is z.ZodLiteral<string> => v instanceof z.ZodLiteral && typeof v.value === "string" && v.value !== "sql");
    return { tag: `${"configType" in shape ? "raw SQL " : ""}${tag?.value ?? "?"}`, shape };
  });
}

/**
 * The rows of declared forms as one object (as the package schema has them): each field once per
 * type it takes, with the forms that take it; a form's tag field names every value.
 */
function taggedRows(
  forms: { tag: string; shape: Record<string, ZodTypeAny> }[],
  docs: Docs,
  docPrefix: string,
  policy: PolicyTree | undefined,
  path: string[],
  change: string | undefined,
  shown: string,
): Row[] {
  const out: Row[] = [];
  const keys = [...new Set(forms.flatMap((f) => Object.keys(f.shape)))];
  for (const key of keys) {
    const holders = forms.filter((f) => key in f.shape);
    const literals = holders.map((h) => unwrap(h.shape[key])).filter((v): v is z.ZodLiteral<string> => v instanceof z.ZodLiteral);
    const literal = literals.length === holders.length && new Set(literals.map((l) => l.value)).size > 1;
    const byType = new Map<string, typeof holders>();
    for (const h of holders) {
      const type = literal ? "tag" : typeName(h.shape[key]);
      byType.set(type, [...(byType.get(type) ?? []), h]);
    }
    const split = splitByKind(
      forms.map((f) => f.shape),
      key,
    );
    for (const [type, these] of byType) {
      const field = these[0].shape[key];
      // Doc comments of a form are keyed by the fields of every form of its display type (builder and raw SQL, as users write them).
      const display = these[0].tag.replace(/^raw SQL /, "");
      const fields = new Set(forms.filter((f) => f.tag.replace(/^raw SQL /, "") === display).flatMap((f) => Object.keys(f.shape)));
      const formDoc = docs[`${docPrefix}.${path.join(".")}{${[...fields].sort().join(",")}}.${key}`];
      const native = split && type === "string" ? ` In the native SDKs: \`${split.alias}\`.` : "";
      const doc = literal
        ? "Which form the object takes: only that form's fields may be set beside it."
        : (formDoc ?? docs[`${docPrefix}.${[...path, key].join(".")}`] ?? "") + native;
      const { text, defaultValue } = splitDefault(doc);
      const every = these.length === forms.length;
      const typeShown = literal ? [...new Set(these.map((h) => JSON.stringify((unwrap(h.shape[key]) as z.ZodLiteral<string>).value)))].join(" \\| ") : type;
      out.push({
        path: `${shown}.${key}`,
        type: typeShown,
        required: every && these.every((h) => !optional(h.shape[key])),
        change,
        notes: [],
        defaultValue: defaultValue ?? zodDefault(field),
        doc: every ? text : `${text} For: ${[...new Set(these.map((h) => h.tag))].join(", ")}.`.trim(),
      });
      const shapes = these.map((h) => shapeOf(h.shape[key]));
      const inner = shapes.every((x) => x !== undefined) ? mergedShape(shapes) : undefined;
      if (inner)
        out.push(
          ...rows(inner, docs, docPrefix, policy, [...path, key], change, unwrap(field) instanceof z.ZodArray ? `${shown}.${key}[]` : `${shown}.${key}`),
        );
    }
  }
  return out;
}

/** A table cell: one line, pipes escaped. */
const cell = (s: string): string =>
  s
    .replace(/\|/g, "\\|")
    .replace(/\s*\n\s*\n\s*/g, "<br>")
    .replace(/\s*\n\s*/g, " ");

function argsTable(list: Row[], withChange: boolean): string {
  const head = withChange
    ? ["| Argument | Type | Required | A change | Default | Description |", "| --- | --- | --- | --- | --- | --- |"]
    : ["| Argument | Type | Required | Default | Description |", "| --- | --- | --- | --- | --- |"];
  const body = list.map((r) => {
    const doc = cell([r.doc, ...(r.notes.length ? [`(${r.notes.join("; ")})`] : [])].filter(Boolean).join(" "));
    const cols = [
      `\`${r.path}\``,
      r.type.includes("\\|") ? r.type : `\`${r.type}\``,
      r.required === undefined ? "" : r.required ? "yes" : "no",
      ...(withChange ? [r.change ?? ""] : []),
      r.defaultValue ? cell(r.defaultValue) : "",
      doc,
    ];
    return `| ${cols.join(" | ")} |`;
  });
  return [...head, ...body].join("\n");
}

function outputsTable(list: { name: string; type: string; doc: string }[]): string {
  return [
    "| Output | Type | Description |",
    "| --- | --- | --- |",
    ...list.map((o) => `| \`${o.name}\` | ${o.type.includes("\\|") ? o.type : `\`${o.type}\``} | ${cell(o.doc)} |`),
  ].join("\n");
}

const example = (docs: Docs, name: string): string => {
  const code = docs[`${name}@example`];
  return code ? ["## Example", "", "```ts", code, "```"].join("\n") : "";
};

const CONNECTION_ROW = (docs: Docs, name: string): Row => ({
  path: "connection",
  type: "object",
  required: false,
  notes: ["secret"],
  doc: splitDefault(docs[`${name}.connection`] ?? "").text || "Where and as whom to reach the service; each setting defaults to the `pipestack:*` config.",
});

/**
 * The fields of an output the policy types apart (`output`) that its argument lacks, or may
 * leave out where the output always holds them: a stored tile's `id` and `key`.
 */
function ownOutputFields(input: ZodTypeAny, node: AnyNode | undefined): [string, ZodTypeAny][] {
  if (!node?.output) return [];
  const given = shapeOf(input) ?? {};
  return Object.entries(shapeOf(node.output) ?? {}).filter(([k, t]) => !(k in given) || (optional(given[k]) && !optional(t)));
}

const inArray = (t: ZodTypeAny): string => (unwrap(t) instanceof z.ZodArray ? "[]" : "");

const GENERATED = "<!-- Generated by `npm run docs` from the schemas, field policies and doc comments: do not edit. -->";

function resourcePage(r: NativeResource, docs: Docs): string {
  const policy = r.diff.fields;
  const args = [...rows(r.spec.shape, docs, r.name, policy), CONNECTION_ROW(docs, r.name)];
  const inputOnly = new Set(
    Object.entries(policy)
      .filter(([, n]) => n.inputOnly)
      .map(([k]) => k),
  );
  const outputs = [
    ...Object.entries(r.spec.shape)
      .filter(([k]) => !inputOnly.has(k))
      .flatMap(([k, t]) => [
        { name: k, type: typeName(outputSchema(policy[k], t)), doc: docs[`${r.name}#${k}`] ?? "As given (the value the service reports)." },
        ...ownOutputFields(t, policy[k]).map(([f, ft]) => ({ name: `${k}${inArray(t)}.${f}`, type: typeName(ft), doc: docs[`${r.name}#${k}.${f}`] ?? "" })),
      ]),
    ...Object.entries(r.serverOutputs).map(([k, t]) => ({ name: k, type: typeName(t), doc: docs[`${r.name}#${k}`] ?? "" })),
    ...(r.credentials ? [{ name: r.credentials.key, type: "object", doc: docs[`${r.name}#${r.credentials.key}`] ?? "Secret material (secret)." }] : []),
  ];
  return [
    GENERATED,
    "",
    `# ${r.name}`,
    "",
    docs[r.name] ?? "",
    "",
    example(docs, r.name),
    "",
    languageExamples(r.name, docs),
    "",
    "## Arguments",
    "",
    "A change is made **in place** (an update of the same object) or **replaces** the object (a new one is created, the old deleted). A field under another changes as its parent does unless it says otherwise. *Server default*: left out, the service fills it in, and leaving it out is no change.",
    "",
    argsTable(args, true),
    "",
    "## Outputs",
    "",
    "Every argument but the input-only ones comes back as an output of the same name, as the service reports it, and:",
    "",
    outputsTable(outputs),
    "",
  ].join("\n");
}

function functionSection(f: NativeFunction, docs: Docs): string {
  const args = [...rows(f.args.shape, docs, f.name), CONNECTION_ROW(docs, f.name)];
  const item = shapeOf(f.item) ?? {};
  const fields = Object.entries(item).map(([k, t]) => ({ name: k, type: typeName(t), doc: docs[`${f.name}#item.${k}`] ?? "" }));
  const outputForm = `${f.name}Output`;
  return [
    `## ${f.name}`,
    "",
    docs[f.name] ?? "",
    "",
    `Returns a Promise of the list; \`${outputForm}\` takes Inputs and returns an Output of it.`,
    "",
    example(docs, f.name).replace("## Example", "### Example"),
    "",
    "### Arguments",
    "",
    argsTable(args, false),
    "",
    "### Each item",
    "",
    outputsTable(fields).replace("| Output |", "| Field |"),
    "",
  ].join("\n");
}

/** Every page, by file name. */
export function referencePages(comments: Docs): Pages {
  const docs = withPolicyDocs(comments);
  const pages: Pages = {};
  for (const r of nativeResources) pages[pageName(r.name)] = tidy(resourcePage(r, docs));
  pages["functions.md"] = tidy(
    [
      GENERATED,
      "",
      "# Functions",
      "",
      "Lists to look objects up by, each with the same `connection` argument as the resources.",
      "",
      ...nativeFunctions.map((f) => functionSection(f, docs)),
    ].join("\n"),
  );
  return pages;
}

/** No runs of blank lines, one newline at the end. */
const tidy = (md: string): string => md.replace(/\n{3,}/g, "\n\n").trimEnd() + "\n";

/**
 * The summary as a short markdown comment: a title with the counts, a loud line for every
 * replacement that deletes first, one table row per changed resource, the drift a refresh found
 * in a section of its own. Pure.
 */
import type { Drift, FieldChangeRow, ResourceChange, Summary } from "./summary";
import { SECRET } from "./resource-kinds";

/** What the engine writes for a value not known until `up`. */
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** Field lines shown per resource before "... and N more". */
const MAX_FIELDS = 8;
/** Rows of one table before "... and N more": a comment stays readable (and within the size a code host takes). */
const MAX_ROWS = 50;
/** Characters of one value shown before it is cut. */
const MAX_VALUE = 60;

export interface RenderOptions {
  /** The comment's heading. @default "Pulumi preview" */
  title?: string;
}

/** A value as one short line of code. */
export function showValue(v: unknown): string {
  if (v === undefined) return "(none)";
  if (v === UNKNOWN) return "(known after up)";
  if (v === SECRET) return SECRET;
  const text = typeof v === "string" ? JSON.stringify(v) : JSON.stringify(v, (_k, x: unknown) => (x === UNKNOWN ? "(known after up)" : x));
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/** Inline code safe inside a table cell: no line breaks, `|` escaped, backticks fenced. */
export function code(text: string): string {
  const flat = text.replace(/\r?\n/g, " ").replace(/\|/g, "\\|");
  const fence = flat.includes("`") ? "``" : "`";
  return `${fence}${fence.length > 1 ? " " : ""}${flat}${fence.length > 1 ? " " : ""}${fence}`;
}

function fieldLine(f: FieldChangeRow): string {
  const line = `${code(f.path)}: ${code(showValue(f.old))} → ${code(showValue(f.new))}`;
  return f.replaces ? `${line} **(replaces)**` : line;
}

function fieldsCell(fields: readonly FieldChangeRow[]): string {
  const shown = fields.slice(0, MAX_FIELDS).map(fieldLine);
  if (fields.length > MAX_FIELDS) shown.push(`… and ${fields.length - MAX_FIELDS} more`);
  return shown.join("<br>");
}

const resourceCell = (r: { name: string; type: string }) => `${code(r.name)} (${r.type})`;

function operationCell(c: ResourceChange): string {
  if (c.op !== "replace") return c.op;
  if (c.deleteFirst === true) return "**replace, old deleted first**";
  if (c.deleteFirst === false) return "replace (new created first)";
  return "replace";
}

function detailsCell(c: ResourceChange): string {
  const parts: string[] = [];
  if (c.op === "update" || c.op === "replace") {
    if (c.fields.length) parts.push(fieldsCell(c.fields));
    else if (!c.revertsDrift.length) parts.push("no field change the preview can show (a secret, or a value known only after up)");
  }
  if (c.op === "replace")
    parts.push(
      c.replaceReasons.length ? `replaced because ${c.replaceReasons.map(code).join(", ")} cannot change in place` : "replaced (the provider gave no reason)",
    );
  if (c.revertsDrift.length) parts.push(`puts back what changed outside Pulumi: ${c.revertsDrift.map(code).join(", ")}`);
  return parts.join("<br>");
}

function driftCell(d: Drift): string {
  return d.kind === "deleted" ? "deleted outside Pulumi: this change creates it again" : fieldsCell(d.fields);
}

function counts(s: Summary): string {
  const n: Record<string, number> = {};
  for (const c of s.changes) n[c.op] = (n[c.op] ?? 0) + 1;
  const words: [string, string][] = [
    ["create", "to create"],
    ["update", "to update"],
    ["replace", "to replace"],
    ["delete", "to delete"],
    ["import", "to import"],
    ["read", "to read"],
  ];
  const parts = words.filter(([op]) => n[op]).map(([op, w]) => `${n[op]} ${w}`);
  parts.push(`${s.unchanged} unchanged`);
  return parts.join(", ");
}

/** The comment. */
export function renderMarkdown(s: Summary, options: RenderOptions = {}): string {
  const out: string[] = [`### ${options.title ?? "Pulumi preview"}: ${counts(s)}`, ""];
  if (s.errors.length) {
    out.push("**The preview failed:**", "");
    for (const e of s.errors.slice(0, 5)) out.push(`> ${e.replace(/\r?\n/g, " ")}`);
    out.push("");
  }
  for (const c of s.changes.filter((c) => c.deleteFirst)) {
    out.push(`> ⚠️ **${c.name} (${c.type}) is deleted before its replacement is created**: ${c.gap ?? ""}.`, "");
  }
  if (s.replacementOrderUnknown) {
    out.push(
      "> A replacement's order is not in this preview: run `pulumi preview --json --show-replacement-steps` to see whether the old object is deleted first.",
      "",
    );
  }
  if (s.changes.length) {
    out.push("| Resource | Operation | Changes |", "|---|---|---|");
    for (const c of s.changes.slice(0, MAX_ROWS)) out.push(`| ${resourceCell(c)} | ${operationCell(c)} | ${detailsCell(c)} |`);
    if (s.changes.length > MAX_ROWS) out.push(`| … and ${s.changes.length - MAX_ROWS} more resources | | see \`pulumi preview --diff\` in the job's log |`);
    out.push("");
  } else if (!s.errors.length) {
    out.push("No changes.", "");
  }
  if (s.drift.length) {
    out.push("#### Drift: changed outside Pulumi, found by `--refresh` (not by this change)", "");
    out.push("| Resource | Live now |", "|---|---|");
    for (const d of s.drift.slice(0, MAX_ROWS)) out.push(`| ${resourceCell(d)} | ${driftCell(d)} |`);
    if (s.drift.length > MAX_ROWS) out.push(`| … and ${s.drift.length - MAX_ROWS} more resources | |`);
    out.push("");
  } else if (s.refreshed) {
    out.push("No drift: the refresh found every object as the state has it.", "");
  }
  return out.join("\n");
}

/**
 * The summary as a short markdown comment: a title with the counts, a loud line for every
 * replacement that deletes first, one table row per changed resource, the drift a refresh found
 * in a section of its own. Pure.
 */
import type { Drift, FieldChangeRow, ResourceChange, Summary } from "./summary";
import { SECRET } from "./resource-kinds";
import { code, joinWithin, MAX_CELL, MAX_COMMENT, MAX_NAME, text } from "./untrusted";

export { code } from "./untrusted";

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

/**
 * Two values as shown side by side: when both are cut alike (long values that differ late), each
 * is shown from a little before the first character that differs.
 */
export function showPair(old: unknown, now: unknown): [string, string] {
  const a = showValue(old);
  const b = showValue(now);
  if (a !== b || old === undefined || now === undefined) return [a, b];
  const [ta, tb] = [JSON.stringify(old), JSON.stringify(now)];
  let i = 0;
  while (i < ta.length && ta[i] === tb[i]) i++;
  if (i >= ta.length && i >= tb.length) return [a, b];
  const from = Math.max(0, i - 20);
  const part = (t: string) => `…${t.slice(from, from + MAX_VALUE - 2)}${from + MAX_VALUE - 2 < t.length ? "…" : ""}`;
  return [part(ta), part(tb)];
}

function fieldLine(f: FieldChangeRow): string {
  const [a, b] = showPair(f.old, f.new);
  const line = `${code(f.path)}: ${code(a)} → ${code(b)}`;
  return f.replaces ? `${line} **(replaces)**` : line;
}

const BR = "<br>";
const andMore = (n: number) => `… and ${n} more`;

function fieldsCell(fields: readonly FieldChangeRow[], max = MAX_CELL): string {
  const lines = fields.slice(0, MAX_FIELDS + 1).map(fieldLine);
  return joinWithin(lines, BR, max, (n) => andMore(n + fields.length - lines.length), MAX_FIELDS);
}

/** A resource as `name` (Type), both untrusted. */
const resourceCell = (r: { name: string; type: string }) => `${code(r.name)} (${text(r.type, MAX_NAME)})`;
/** The same in prose (a ⚠️ line's bold). */
const resourceProse = (r: { name: string; type: string }) => `${text(r.name, MAX_NAME)} (${text(r.type, MAX_NAME)})`;
/** Field paths as a list of code spans, within a cell. */
const pathList = (paths: readonly string[]) =>
  joinWithin(
    paths.map((p) => code(p)),
    ", ",
    MAX_CELL / 4,
    andMore,
  );

function operationCell(c: ResourceChange): string {
  if (c.op !== "replace") return c.op;
  if (c.deleteFirst === true) return "**replace, old deleted first**";
  if (c.deleteFirst === false) return "replace (new created first)";
  return "replace";
}

/** The changes of one resource, within {@link MAX_CELL}: the fields get what the reasons leave. */
function detailsCell(c: ResourceChange): string {
  const tail: string[] = [];
  if (c.op === "replace")
    tail.push(c.replaceReasons.length ? `replaced because ${pathList(c.replaceReasons)} cannot change in place` : "replaced (the provider gave no reason)");
  if (c.revertsDrift.length) tail.push(`puts back what changed outside Pulumi: ${pathList(c.revertsDrift)}`);
  const head: string[] = [];
  if (c.op === "update" || c.op === "replace") {
    const room = MAX_CELL - tail.reduce((n, t) => n + t.length + BR.length, 0);
    if (c.fields.length) head.push(fieldsCell(c.fields, room));
    else if (!c.revertsDrift.length) head.push("no field change the preview can show (a secret, or a value known only after up)");
  }
  return [...head, ...tail].join(BR);
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

/**
 * The comment's lines, kept within {@link MAX_COMMENT} characters: a line that does not fit is
 * left out and counted, and the mark at the end says how many.
 */
class Page {
  readonly lines: string[] = [];
  private size = 0;
  /** Table rows (resources) and other lines left out. */
  readonly left = { rows: 0, lines: 0 };
  /** Room kept for the closing lines and the mark. */
  private static readonly RESERVE = 600;

  /** Adds the line when it fits; `row` says it stands for a resource. */
  add(line: string, row = false): boolean {
    if (this.size + line.length + 1 > MAX_COMMENT - Page.RESERVE) {
      if (row) this.left.rows++;
      else this.left.lines++;
      return false;
    }
    this.lines.push(line);
    this.size += line.length + 1;
    return true;
  }

  /** Structure that must close what was opened (the blank line after a table): always added. */
  close(line = ""): void {
    this.lines.push(line);
    this.size += line.length + 1;
  }

  /** The whole comment, with the mark when something was left out. */
  done(): string {
    const { rows, lines } = this.left;
    if (rows || lines) {
      const what = [rows ? `${rows} more resources` : "", lines ? `${lines} more lines` : ""].filter(Boolean).join(" and ");
      this.lines.push(
        `**Truncated:** ${what} not shown (this comment is capped at ${MAX_COMMENT.toLocaleString("en-US")} characters); see \`pulumi preview --diff\` in the job's log.`,
        "",
      );
    }
    return this.lines.join("\n");
  }
}

/** The comment. */
export function renderMarkdown(s: Summary, options: RenderOptions = {}): string {
  const page = new Page();
  page.close(`### ${text(options.title ?? "Pulumi preview", MAX_NAME)}: ${counts(s)}`);
  page.close();
  if (s.errors.length) {
    page.add("**The preview failed:**");
    page.add("");
    for (const e of s.errors.slice(0, 5)) page.add(`> ${text(e)}`);
    page.close();
  }
  for (const c of s.changes.filter((c) => c.deleteFirst)) {
    if (page.add(`> ⚠️ **${resourceProse(c)} is deleted before its replacement is created**: ${c.gap ?? ""}.`)) page.close();
  }
  for (const w of s.warnings) {
    if (page.add(`> ⚠️ **${resourceProse(w)}**: ${text(w.message)}`)) page.close();
  }
  if (s.replacementOrderUnknown) {
    page.add(
      "> A replacement's order is not in this preview: run `pulumi preview --json --show-replacement-steps` to see whether the old object is deleted first.",
    );
    page.close();
  }
  if (s.changes.length) {
    page.close("| Resource | Operation | Changes |");
    page.close("|---|---|---|");
    for (const c of s.changes.slice(0, MAX_ROWS)) page.add(`| ${resourceCell(c)} | ${operationCell(c)} | ${detailsCell(c)} |`, true);
    if (s.changes.length > MAX_ROWS) page.add(`| … and ${s.changes.length - MAX_ROWS} more resources | | see \`pulumi preview --diff\` in the job's log |`);
    page.close();
  } else if (!s.errors.length) {
    page.close("No changes.");
    page.close();
  }
  if (s.drift.length) {
    page.close("#### Drift: changed outside Pulumi, found by `--refresh` (not by this change)");
    page.close();
    page.close("| Resource | Live now |");
    page.close("|---|---|");
    for (const d of s.drift.slice(0, MAX_ROWS)) page.add(`| ${resourceCell(d)} | ${driftCell(d)} |`, true);
    if (s.drift.length > MAX_ROWS) page.add(`| … and ${s.drift.length - MAX_ROWS} more resources | |`);
    page.close();
  } else if (s.refreshed) {
    page.close("No drift: the refresh found every object as the state has it.");
    page.close();
  }
  return page.done();
}

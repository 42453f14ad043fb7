/**
 * The summary as a short markdown comment: a title with the counts, a loud line for every
 * replacement that deletes first, one table row per changed resource, the drift a refresh found
 * in a section of its own. Pure.
 */
import type { Drift, FieldChangeRow, ResourceChange, ResourceWarning, Summary } from "./summary";
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
const resourceCell = (r: { name: string; type: string }) => `${code(r.name)} (${text(r.type, MAX_NAME, "name")})`;
/** The same in prose (a ⚠️ line's bold). */
const resourceProse = (r: { name: string; type: string }) => `${text(r.name, MAX_NAME, "name")} (${text(r.type, MAX_NAME, "name")})`;
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

/** The changes of one resource, within `max` characters: the fields get what the reasons leave. */
function detailsCell(c: ResourceChange, max: number = MAX_CELL): string {
  const tail: string[] = [];
  if (c.op === "replace")
    tail.push(c.replaceReasons.length ? `replaced because ${pathList(c.replaceReasons)} cannot change in place` : "replaced (the provider gave no reason)");
  if (c.revertsDrift.length) tail.push(`puts back what changed outside Pulumi: ${pathList(c.revertsDrift)}`);
  const head: string[] = [];
  if (c.op === "update" || c.op === "replace") {
    const room = max - tail.reduce((n, t) => n + t.length + BR.length, 0);
    if (c.fields.length && room > 0) head.push(fieldsCell(c.fields, room));
    else if (c.fields.length) head.push(andMore(c.fields.length));
    else if (!c.revertsDrift.length) head.push("no field change the preview can show (a secret, or a value known only after up)");
  }
  // A row that must share the comment with many: whole parts only, the rest counted.
  return joinWithin([...head, ...tail], BR, max, andMore);
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

/** Room kept for the closing lines and the mark saying what was left out. */
const RESERVE = 600;
/** Room kept beside the rows for the headings and structure around them. */
const STRUCTURE = 1_000;
/** Warnings shown before "… and N more warnings". */
const MAX_WARNINGS = 10;
/** Characters of one warning's message. */
const MAX_WARNING = 400;

/**
 * Room for lines that are not rows (loud lines, errors, drift, warnings): what the rows leave of
 * {@link MAX_COMMENT}. A line that does not fit is left out and counted.
 */
class Room {
  /** Table rows (drift) and other lines left out. */
  readonly left = { rows: 0, lines: 0 };
  constructor(private free: number) {}

  /** True, and the room taken, when `line` fits; `row` says it stands for a resource. */
  fits(line: string, row = false): boolean {
    if (line.length + 1 > this.free) {
      if (row) this.left.rows++;
      else this.left.lines++;
      return false;
    }
    this.free -= line.length + 1;
    return true;
  }
}

const line = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;

/**
 * The rows of the changes, each of them (up to {@link MAX_ROWS}) whatever else the comment holds:
 * their room is taken first, and a row's changes cell gets its share of it.
 */
function changeRows(changes: readonly ResourceChange[], room: number): string[] {
  const shown = changes.slice(0, MAX_ROWS);
  const more =
    changes.length > MAX_ROWS ? [line([`… and ${changes.length - MAX_ROWS} more resources`, "", "see `pulumi preview --diff` in the job's log"])] : [];
  const fixed = shown.map((c) => line([resourceCell(c), operationCell(c), ""]).length + 1);
  const spare = room - fixed.reduce((a, b) => a + b, 0) - more.reduce((n, l) => n + l.length + 1, 0);
  const share = Math.max(40, Math.min(MAX_CELL, Math.floor(spare / Math.max(1, shown.length))));
  return [...shown.map((c) => line([resourceCell(c), operationCell(c), detailsCell(c, share)])), ...more];
}

/** The loud lines: each replacement that deletes the old object first. */
function deleteFirstLines(s: Summary, room: Room): string[] {
  return s.changes
    .filter((c) => c.deleteFirst)
    .map((c) => `> ⚠️ **${resourceProse(c)} is deleted before its replacement is created**: ${c.gap ?? ""}.`)
    .filter((l) => room.fits(l))
    .flatMap((l) => [l, ""]);
}

function errorLines(s: Summary, room: Room): string[] {
  if (!s.errors.length) return [];
  const said = s.errors
    .slice(0, 5)
    .map((e) => `> ${text(e)}`)
    .filter((l) => room.fits(l));
  return ["**The preview failed:**", "", ...said, ""];
}

function driftLines(s: Summary, room: Room): string[] {
  if (!s.drift.length) return s.refreshed ? ["No drift: the refresh found every object as the state has it.", ""] : [];
  const rows = s.drift
    .slice(0, MAX_ROWS)
    .map((d) => line([resourceCell(d), driftCell(d)]))
    .filter((l) => room.fits(l, true));
  const more = s.drift.length > MAX_ROWS ? [line([`… and ${s.drift.length - MAX_ROWS} more resources`, ""])] : [];
  return ["#### Drift: changed outside Pulumi, found by `--refresh` (not by this change)", "", "| Resource | Live now |", "|---|---|", ...rows, ...more, ""];
}

/**
 * The warnings, after the rows: the provider's with the ⚠️ mark, the program's said to be the
 * program's and never marked; at most {@link MAX_WARNINGS}, each cut at {@link MAX_WARNING}
 * characters, the rest counted.
 */
function warningLines(s: Summary, room: Room): string[] {
  if (!s.warnings.length) return [];
  const by = (from: ResourceWarning["from"]) => s.warnings.filter((w) => w.from === from).length;
  const [own, program] = [by("provider"), by("program")];
  const head = `#### Warnings: ${[own ? `${own} from the provider` : "", program ? `${program} written by the program (not checked by the provider)` : ""].filter(Boolean).join(", ")}`;
  if (!room.fits(head)) return [];
  const out = [head, ""];
  let shown = 0;
  for (const w of s.warnings.slice(0, MAX_WARNINGS)) {
    const said = text(w.message, MAX_WARNING);
    const l = w.from === "provider" ? `> ⚠️ **${resourceProse(w)}**: ${said}` : `- ${resourceProse(w)}, the program's own warning: ${said}`;
    if (!room.fits(l)) break;
    out.push(l, ...(w.from === "provider" ? [""] : []));
    shown++;
  }
  const rest = s.warnings.length - shown;
  if (rest > 0) out.push("", `… and ${rest} more warnings: see the job's log.`);
  return [...out, ""];
}

/** The comment. */
export function renderMarkdown(s: Summary, options: RenderOptions = {}): string {
  const title = [`### ${text(options.title ?? "Pulumi preview", MAX_NAME)}: ${counts(s)}`, ""];
  const budget = MAX_COMMENT - RESERVE - title.join("\n").length;
  const table = s.changes.length ? ["| Resource | Operation | Changes |", "|---|---|---|", ...changeRows(s.changes, budget - STRUCTURE), ""] : [];
  const room = new Room(budget - table.join("\n").length - 1);
  // What is said first gets the room first: the losses, the failure, the drift, then the warnings.
  const loud = deleteFirstLines(s, room);
  const order = s.replacementOrderUnknown
    ? [
        "> A replacement's order is not in this preview: run `pulumi preview --json --show-replacement-steps` to see whether the old object is deleted first.",
        "",
      ]
    : [];
  const failed = errorLines(s, room);
  const drift = driftLines(s, room);
  const warnings = warningLines(s, room);
  const none = !s.changes.length && !s.errors.length ? ["No changes.", ""] : [];
  const lines = [...title, ...failed, ...loud, ...order, ...table, ...none, ...drift, ...warnings];
  const { rows, lines: other } = room.left;
  if (rows || other) {
    const what = [rows ? `${rows} more resources` : "", other ? `${other} more lines` : ""].filter(Boolean).join(" and ");
    lines.push(
      `**Truncated:** ${what} not shown (this comment is capped at ${MAX_COMMENT.toLocaleString("en-US")} characters); see \`pulumi preview --diff\` in the job's log.`,
      "",
    );
  }
  return lines.join("\n");
}

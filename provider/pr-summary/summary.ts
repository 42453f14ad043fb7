/**
 * From the steps of a preview to what a reviewer reads: one entry per changed resource (its
 * operation, its changed fields, why it is replaced, whether the old object is deleted first),
 * the drift a `--refresh` found, kept apart, and the count of what stays the same. Pure.
 */
import { fieldDiffs, formatPath, parsePath, type FieldPath } from "./field-diff";
import { valueAt, type Walk } from "../schemas/plain-object";
import type { Preview, PreviewState, PreviewStep } from "./preview";
import { urnParts } from "./preview";
import { authorOf, type WarningAuthor } from "./provider-warnings";
import { changeOf, gapOf, redact, secretPrefix, SECRET, shortType } from "./resource-kinds";

/** One changed field, its values already safe to print (secrets are `[secret]`). */
export interface FieldChangeRow {
  path: string;
  old: unknown;
  new: unknown;
  /** This field's change needs a new object. */
  replaces: boolean;
}

type Operation = "create" | "update" | "replace" | "delete" | "import" | "read";

/** One resource the change touches. */
export interface ResourceChange {
  name: string;
  type: string;
  op: Operation;
  fields: FieldChangeRow[];
  /** Why a replacement is needed: the fields the provider named. */
  replaceReasons: string[];
  /** For a replacement: the old object is deleted before the new one exists (true), after (false), or the preview does not say (undefined). */
  deleteFirst?: boolean;
  /** What a delete-before-replace interrupts. */
  gap?: string;
  /** Fields changed outside Pulumi that this change sets back (with `--refresh`). */
  revertsDrift: string[];
}

/** One resource a refresh found changed, or gone, outside Pulumi. */
export interface Drift {
  name: string;
  type: string;
  kind: "changed" | "deleted";
  fields: FieldChangeRow[];
}

/** A warning about one resource while previewing it: the provider's (a loss the plan alone does not show), or the program's own. */
export interface ResourceWarning {
  name: string;
  type: string;
  message: string;
  /** Who wrote it (see `provider-warnings.ts`): only the provider's get the summary's mark. */
  from: WarningAuthor;
}

export interface Summary {
  changes: ResourceChange[];
  /** Warnings about shown resources, each once: the provider's first, then the program's. */
  warnings: ResourceWarning[];
  drift: Drift[];
  /** Resources (the stack itself not counted) that stay as they are. */
  unchanged: number;
  /** The preview was run with `--refresh`. */
  refreshed: boolean;
  /** A replacement's order is unknown: the preview was run without `--show-replacement-steps`. */
  replacementOrderUnknown: boolean;
  /** Error diagnostics: the preview failed. */
  errors: string[];
}

/** Outputs that change on every write: drift in them alone is noise. */
const VOLATILE_OUTPUTS = new Set(["updatedAt", "modifiedAt"]);

const isInternal = (key: string | number) => typeof key === "string" && key.startsWith("__");

const ROOT_TYPE = "pulumi:pulumi:Stack";
const isShown = (type: string) => type !== ROOT_TYPE && !type.startsWith("pulumi:providers:");

/**
 * The fields that differ between two property maps of a resource, secrets blanked out: compared
 * as they are (so a changed secret is seen), shown as `[secret]` at the secret field's own path.
 */
function changedFields(
  type: string,
  olds: Record<string, unknown> | undefined,
  news: Record<string, unknown> | undefined,
  skip: (key: string) => boolean = () => false,
): FieldChangeRow[] {
  const strip = (o: Record<string, unknown> | undefined) => Object.fromEntries(Object.entries(o ?? {}).filter(([k]) => !isInternal(k) && !skip(k)));
  return onePerPath(fieldDiffs(strip(olds), strip(news)).map((d) => row(type, d.path, d.old, d.new)));
}

/** The first row of each path: several changed leaves of one secret are one change of it. */
const onePerPath = (rows: FieldChangeRow[]) => rows.filter((r, i) => rows.findIndex((o) => o.path === r.path) === i);

/** One row, safe to print: a secret field (or one inside it) is named by the secret's path, its values `[secret]`. */
function row(type: string, path: FieldPath, old: unknown, now: unknown): FieldChangeRow {
  const secret = secretPrefix(type, path);
  if (secret) return { path: formatPath(secret), old: old === undefined ? undefined : SECRET, new: now === undefined ? undefined : SECRET, replaces: false };
  return { path: formatPath(path), old: redact(type, old, path), new: redact(type, now, path), replaces: false };
}

// A `detailedDiff` key names list items (`tiles[2].w`): the walk steps into lists by index.
const ITEMS: Walk = { arrays: "index" };

/**
 * Fields from the engine's `detailedDiff` (native providers): old outputs, or old inputs when
 * `inputDiff`, against new inputs. A key naming a whole object or list (`destination.columns`)
 * is shown leaf by leaf, so an added column reads as one added element, not two long values cut
 * alike. A secret is `[secret]` on each side the diff's kind says it is present on: the preview
 * holds it as `[secret]` (or its parent so), where no path reaches into it.
 */
function detailedFields(type: string, step: PreviewStep): FieldChangeRow[] {
  const oldIn = step.oldState?.inputs ?? {};
  const oldOut = step.oldState?.outputs ?? {};
  const newIn = step.newState?.inputs ?? {};
  const rows = Object.entries(step.detailedDiff ?? {}).flatMap(([key, d]) => {
    const path = parsePath(key);
    const replaces = d.kind.endsWith("-replace");
    const added = d.kind.startsWith("add");
    const deleted = d.kind.startsWith("delete");
    const secret = secretPrefix(type, path);
    if (secret) return [{ path: formatPath(secret), old: added ? undefined : SECRET, new: deleted ? undefined : SECRET, replaces }];
    const old = added ? undefined : valueAt(d.inputDiff ? oldIn : oldOut, path, ITEMS);
    const now = deleted ? undefined : valueAt(newIn, path, ITEMS);
    const leaves = fieldDiffs(old, now, path);
    return leaves.length ? leaves.map((l) => ({ ...row(type, l.path, l.old, l.new), replaces })) : [{ ...row(type, path, old, now), replaces }];
  });
  return onePerPath(rows);
}

/** True when `path` is a reason or lies in one (`source.kafka.topics` in `source`). */
const within = (path: string, reasons: readonly string[]) => reasons.some((r) => path === r || path.startsWith(`${r}.`) || path.startsWith(`${r}[`));

function operationOf(op: string): Operation | undefined {
  switch (op) {
    case "create":
    case "update":
    case "replace":
    case "delete":
    case "import":
    case "read":
      return op;
    default:
      return undefined;
  }
}

interface Group {
  urn: string;
  type: string;
  steps: PreviewStep[];
  refresh?: PreviewStep;
}

/** Steps of one replacement: the old object's id names the replacement whatever URN the step carries. */
const REPLACEMENT_STEPS = new Set(["replace", "create-replacement"]);

/**
 * The URN each step belongs to. A `delete-replaced` step carries the old object's URN: after an
 * alias rename (`orders` -> `orders-main`) that is not the URN of the replacement it belongs to.
 * It goes with the replacement of the same type whose old object has the same id (the id is
 * the object's, whatever its name), and stays where it is when there is no such one.
 */
function ownerUrns(steps: readonly PreviewStep[]): string[] {
  const typeOf = (s: PreviewStep) => s.newState?.type ?? s.oldState?.type ?? urnParts(s.urn).type;
  const replacing = new Map<string, string>();
  for (const s of steps) if (REPLACEMENT_STEPS.has(s.op) && s.oldState?.id) replacing.set(`${typeOf(s)}\n${s.oldState.id}`, s.urn);
  return steps.map((s) => (s.op === "delete-replaced" && s.oldState?.id ? (replacing.get(`${typeOf(s)}\n${s.oldState.id}`) ?? s.urn) : s.urn));
}

/** The steps of each resource, in the order the engine listed them. */
function groups(preview: Preview): Group[] {
  const byUrn = new Map<string, Group>();
  const owners = ownerUrns(preview.steps);
  for (const [i, step] of preview.steps.entries()) {
    const urn = owners[i];
    const type = step.newState?.type ?? step.oldState?.type ?? urnParts(urn).type;
    const g = byUrn.get(urn) ?? { urn, type, steps: [] };
    if (step.op === "refresh") g.refresh = step;
    else g.steps.push(step);
    byUrn.set(urn, g);
  }
  for (const g of byUrn.values()) {
    // When a refresh finds drift and the provider gives a detailed diff (native providers), the
    // engine lists the refresh's step as an `update` (or a `delete`, for an object gone) ahead of
    // the plan's own step for the resource: a plan has no other way to hold one of those first.
    const [first, ...rest] = g.steps;
    if (!g.refresh && first && rest.length > 0 && (first.op === "update" || first.op === "delete")) {
      g.refresh = first;
      g.steps = rest;
    }
  }
  return [...byUrn.values()].filter((g) => isShown(g.type));
}

/** What a refresh found for one resource: the state before it against the state the plan starts from. */
function driftOf(g: Group): Drift | undefined {
  if (!g.refresh) return undefined;
  const { name } = urnParts(g.urn);
  const type = shortType(g.type);
  const next = g.steps[0];
  if (next && !next.oldState && (next.op === "create" || next.op === "create-replacement")) return { name, type, kind: "deleted", fields: [] };
  const after: PreviewState | undefined = next?.oldState ?? g.refresh.newState;
  const fields = changedFields(g.type, g.refresh.oldState?.outputs, after?.outputs, (k) => VOLATILE_OUTPUTS.has(k));
  return fields.length ? { name, type, kind: "changed", fields } : undefined;
}

function changeOfGroup(g: Group, drift: Drift | undefined): ResourceChange | undefined {
  const main = g.steps.find((s) => operationOf(s.op) !== undefined);
  const op = main && operationOf(main.op);
  if (!main || !op) return undefined;
  const { name } = urnParts(g.urn);
  const reasons = [...new Set(g.steps.flatMap((s) => s.replaceReasons ?? []))];
  let fields: FieldChangeRow[] = [];
  if (op === "update" || op === "replace") {
    fields =
      main.detailedDiff && Object.keys(main.detailedDiff).length
        ? detailedFields(g.type, main)
        : changedFields(g.type, main.oldState?.inputs, main.newState?.inputs);
    fields = fields.map((f) => ({ ...f, replaces: f.replaces || (op === "replace" && replacesByRule(g.type, f.path, reasons)) }));
  }
  const change: ResourceChange = { name, type: shortType(g.type), op, fields, replaceReasons: reasons, revertsDrift: [] };
  if (op === "replace") {
    const order = g.steps.map((s) => s.op);
    const del = order.indexOf("delete-replaced");
    const create = order.indexOf("create-replacement");
    change.deleteFirst = del < 0 || create < 0 ? undefined : del < create;
    if (change.deleteFirst) change.gap = gapOf(g.type);
    // The fields the policy names are more precise than the engine's top-level keys (`source`).
    const replacing = fields.filter((f) => f.replaces).map((f) => f.path);
    if (replacing.length) change.replaceReasons = replacing;
  }
  if (drift?.kind === "changed" && (op === "update" || op === "replace")) {
    const programSets = (path: string) => within(path, Object.keys(main.newState?.inputs ?? {}));
    change.revertsDrift = drift.fields.map((f) => f.path).filter(programSets);
  }
  return change;
}

/**
 * Whether a changed field forces the replacement: this package's policy says so for its own
 * resources; for others, the engine's reasons do.
 */
function replacesByRule(type: string, path: string, reasons: readonly string[]): boolean {
  const byPolicy = changeOf(type, parsePath(path));
  return byPolicy === undefined ? within(path, reasons) : byPolicy === "replace";
}

/** Each `warning` diagnostic of a shown resource, once, with its author: the provider's first, each in the order given. */
function warningsOf(preview: Preview, shown: readonly Group[]): ResourceWarning[] {
  const byUrn = new Map(shown.map((g) => [g.urn, g]));
  const seen = new Set<string>();
  const out: ResourceWarning[] = [];
  for (const d of preview.diagnostics) {
    const g = d.severity === "warning" && d.urn ? byUrn.get(d.urn) : undefined;
    // The engine may lead a message with its severity: the ⚠️ says it already.
    const message = d.message.trim().replace(/^warning: /i, "");
    const key = `${d.urn}\n${message}`;
    if (!g || !message || seen.has(key)) continue;
    seen.add(key);
    out.push({ name: urnParts(g.urn).name, type: shortType(g.type), message, from: authorOf(message) });
  }
  return [...out.filter((w) => w.from === "provider"), ...out.filter((w) => w.from === "program")];
}

/** The order of the rows: what removes or interrupts something first. */
const ORDER: readonly Operation[] = ["replace", "delete", "update", "create", "import", "read"];

/** The summary of a parsed preview. */
export function summarize(preview: Preview): Summary {
  const all = groups(preview);
  const drift: Drift[] = [];
  const changes: ResourceChange[] = [];
  for (const g of all) {
    const d = driftOf(g);
    if (d) drift.push(d);
    const c = changeOfGroup(g, d);
    if (c) changes.push(c);
  }
  changes.sort((a, b) => ORDER.indexOf(a.op) - ORDER.indexOf(b.op) || Number(b.deleteFirst ?? 0) - Number(a.deleteFirst ?? 0) || a.name.localeCompare(b.name));
  drift.sort((a, b) => a.name.localeCompare(b.name));
  const rootSame = preview.steps.some((s) => s.op === "same" && urnParts(s.urn).type === ROOT_TYPE);
  const unchanged = Math.max(0, (preview.changeSummary.same ?? 0) - (rootSame ? 1 : 0));
  const errors = preview.diagnostics.filter((d) => d.severity === "error").map((d) => d.message.trim());
  return {
    changes,
    warnings: warningsOf(preview, all),
    drift,
    unchanged,
    refreshed: preview.steps.some((s) => s.op === "refresh"),
    replacementOrderUnknown: changes.some((c) => c.op === "replace" && c.deleteFirst === undefined),
    errors,
  };
}

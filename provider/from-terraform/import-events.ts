/**
 * What `pulumi import --json` said, read from its engine events (one JSON object a line), and the
 * few lines `--import` prints of it. The CLI's own display prints one or two rows per object
 * (400 lines for 200 pipes) and no flag of its quiets them; its events are the CLI's stable,
 * machine-read form of the same run, so the summary counts them instead of parsing its display.
 */
import { isObj, type Obj } from "../schemas/plain-object";
import { printable } from "../errors/printable";

/** One import run as its events told it. */
export interface ImportOutcome {
  /** Objects imported, by resource type (`pipestack:index:Pipe`), in the order first seen. */
  readonly imported: ReadonlyMap<string, number>;
  /** Resource operations that failed. */
  readonly failed: number;
  /** Each distinct warning and error message, once, in the order first said. */
  readonly warnings: readonly string[];
  readonly errors: readonly string[];
  /** The run's duration as its summary event gave it, when it got that far. */
  readonly seconds: number | undefined;
}

const member = (o: Obj, key: string): Obj | undefined => (isObj(o[key]) ? o[key] : undefined);

/** The events of `text` (the CLI's standard output): lines that are not an event are left out. Pure. */
export function importEvents(text: string): Obj[] {
  const events: Obj[] = [];
  for (const line of text.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const event: unknown = JSON.parse(line);
      if (isObj(event)) events.push(event);
    } catch {
      // A line the CLI wrote that is not an event (a partial line of a killed run): not ours to read.
    }
  }
  return events;
}

/** The outcome the events tell: what was imported, what failed, each message once. Pure. */
export function importOutcome(events: readonly Obj[]): ImportOutcome {
  const imported = new Map<string, number>();
  const warnings: string[] = [];
  const errors: string[] = [];
  let failed = 0;
  let seconds: number | undefined;
  for (const event of events) {
    const outputs = member(event, "resOutputsEvent");
    const step = outputs && member(outputs, "metadata");
    if (step?.op === "import" && typeof step.type === "string") imported.set(step.type, (imported.get(step.type) ?? 0) + 1);
    if (member(event, "resOpFailedEvent")) failed++;
    const diagnostic = member(event, "diagnosticEvent");
    if (diagnostic && diagnostic.ephemeral !== true && typeof diagnostic.message === "string") {
      const said = diagnostic.message.trim();
      const list = diagnostic.severity === "warning" ? warnings : diagnostic.severity === "error" ? errors : undefined;
      if (list && said !== "" && !list.includes(said)) list.push(said);
    }
    const summary = member(event, "summaryEvent");
    if (summary && typeof summary.durationSeconds === "number") seconds = summary.durationSeconds;
  }
  return { imported, failed, warnings, errors, seconds };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A message as printed lines: its control characters escaped, its first line under the list, the others under it. */
const listed = (message: string): string[] =>
  printable(message, "keep line feeds")
    .split("\n")
    .map((line, i) => `${i === 0 ? "  " : "    "}${line}`);

/** Where the run's files are, as printed (the names the user gave). */
export interface ImportFiles {
  /** The program `pulumi import --out` wrote. */
  readonly program: string;
  /** The CLI's whole output. */
  readonly log: string;
}

/**
 * The lines `--import` prints of a run that exited `code`: the objects imported by type, each
 * warning and error once, where the program and the whole output are, and what to run next. Pure.
 */
export function importLines(outcome: ImportOutcome, code: number, files: ImportFiles): string[] {
  const total = [...outcome.imported.values()].reduce((a, b) => a + b, 0);
  const byType = [...outcome.imported.entries()].map(([type, n]) => `${n} ${type}`).join(", ");
  const took = outcome.seconds === undefined ? "" : ` in ${outcome.seconds} s`;
  const head =
    code === 0
      ? `pulumi import: ${plural(total, "object")} imported${byType === "" ? "" : ` (${byType})`}${took}; their program is in ${printable(files.program)}.`
      : `pulumi import failed (exit ${code}): ${plural(total, "object")} imported${byType === "" ? "" : ` (${byType})`}, ${plural(outcome.failed, "operation")} failed.`;
  return [
    head,
    ...(outcome.errors.length > 0 ? ["Errors, each once:", ...outcome.errors.flatMap(listed)] : []),
    ...(outcome.warnings.length > 0 ? ["Warnings, each once:", ...outcome.warnings.flatMap(listed)] : []),
    `The CLI's whole output (its events, a JSON object a line, then its standard error): ${printable(files.log)}`,
    ...(code === 0 ? [`Next: make ${printable(files.program)} the project's program, then \`pulumi preview --expect-no-changes\`.`] : []),
  ];
}

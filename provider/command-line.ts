import { parseArgs } from "node:util";
import { printable } from "./errors/printable";

/**
 * The command line of the package's commands (`pipestack-from-terraform`, `pipestack-pack-plugin`,
 * `pipestack-pr-summary`), read one way for all of them: Node's own parser (so `--out DIR` and
 * `--out=DIR` alike, `-` an argument of its own: standard input), `--help` or `-h` for the usage,
 * and a refusal naming the argument for anything else, before the command does any work.
 */

/** A command's options by name (without the `--`): those that take a value, and flags. */
export type CommandOptions = Readonly<Record<string, "value" | "flag">>;

/** What the command line set: a value option's value (the last one given), a flag's `true`. */
export type CommandValues<O extends CommandOptions> = { [K in keyof O]?: O[K] extends "value" ? string : true };

/** One of the package's commands, as its command line is read. */
export interface Command<O extends CommandOptions> {
  /** Its name, which starts each of its messages. */
  readonly name: string;
  /** What `--help` prints, and a refusal after what was wrong. */
  readonly usage: string;
  readonly options: O;
  /** How many arguments that are no option it takes (default none). */
  readonly positionals?: number;
}

/** What a command's body is given: what its command line set. */
export interface CommandLine<O extends CommandOptions> {
  readonly values: CommandValues<O>;
  readonly positionals: readonly string[];
}

/** The command line read: the usage asked for, a problem to refuse, or what it set. */
export type ParsedCommandLine<O extends CommandOptions> = { readonly help: true } | { readonly problem: string } | CommandLine<O>;

/** `argv` as `command` takes it. Pure. */
export function parseCommandLine<O extends CommandOptions>(command: Command<O>, argv: readonly string[]): ParsedCommandLine<O> {
  const options = Object.fromEntries(Object.entries(command.options).map(([name, kind]) => [name, { type: kind === "value" ? "string" : "boolean" }] as const));
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...argv], options: { ...options, help: { type: "boolean", short: "h" } }, allowPositionals: true, strict: true });
  } catch (err) {
    // Node's parser words each problem (an unknown option, a value missing or given to a flag).
    return { problem: err instanceof Error ? err.message : String(err) };
  }
  const { help, ...values } = parsed.values;
  if (help === true) return { help: true };
  const extra = parsed.positionals[command.positionals ?? 0];
  if (extra !== undefined) return { problem: `unexpected argument '${extra}'` };
  return { values: values as CommandValues<O>, positionals: parsed.positionals };
}

/** Writes `<command>: <message>` on standard error, control characters escaped; returns `code` (the exit code). */
export type CommandFailure = (message: string, code: number) => number;

/**
 * Runs `command` on this process's command line: writes the usage (`--help`, exit 0) or a
 * refusal and the usage (exit 2), else runs `body` and exits with the code it returns. What
 * `body` is given to fail with escapes control characters (an argument, a file name or a
 * state's value may be in the message).
 */
export function runCommand<O extends CommandOptions>(command: Command<O>, body: (line: CommandLine<O>, fail: CommandFailure) => number): void {
  const fail: CommandFailure = (message, code) => {
    process.stderr.write(`${command.name}: ${printable(message, "keep line feeds")}\n`);
    return code;
  };
  const line = parseCommandLine(command, process.argv.slice(2));
  if ("help" in line) {
    process.stdout.write(`${command.usage}\n`);
    process.exitCode = 0;
  } else if ("problem" in line)
    // The problem names an argument as given: one line, a line feed in it escaped, so it cannot forge a line of its own.
    process.exitCode = fail(`${printable(line.problem)}\n${command.usage}`, 2);
  else process.exitCode = body(line, fail);
}

/**
 * The files the command writes (`--notes`, `--import`'s program and the import's log beside it),
 * checked before it does anything: none may be the Terraform state it reads (not even with
 * `--force`: the state is what the user would need to start again), two may not be one file, and
 * none may exist unless `--force` asks to replace it.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { printable } from "../errors/printable";
import { IMPORT_LOG } from "./import-run";

/** A file the command would write, and the option (or role) that names it, for messages. */
export interface OutputFile {
  readonly what: string;
  readonly file: string;
}

/** The files `--notes` and `--import` would write. Pure. */
export function outputFiles(notes: string | undefined, program: string | undefined): OutputFile[] {
  return [
    ...(notes === undefined ? [] : [{ what: "--notes", file: notes }]),
    ...(program === undefined
      ? []
      : [
          { what: "--import", file: program },
          { what: "the import's log", file: path.join(path.dirname(program), IMPORT_LOG) },
        ]),
  ];
}

/** What names a file: its device and inode when it exists (links and hard links alike), else its absolute path. */
function identity(file: string): string {
  try {
    const s = fs.statSync(file);
    return `${s.dev}:${s.ino}`;
  } catch {
    return path.resolve(file);
  }
}

/** Whether anything is at `file` (a link to nowhere too: writing through it would make a file elsewhere). */
function exists(file: string): boolean {
  try {
    fs.lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

/** The first reason the command may not write `outputs`, or undefined; `input` is the state file (undefined: standard input). */
export function outputProblem(outputs: readonly OutputFile[], input: string | undefined, force: boolean): string | undefined {
  const inputId = input === undefined ? undefined : identity(input);
  const seen = new Map<string, OutputFile>();
  for (const o of outputs) {
    const shown = printable(o.file);
    const id = identity(o.file);
    if (id === inputId) return `${o.what} ${shown} is the Terraform state this reads: it is never written, not even with --force; give another file`;
    const other = seen.get(id);
    if (other) return `${other.what} and ${o.what} name one file, ${shown}: give each its own`;
    seen.set(id, o);
    if (!force && exists(o.file)) return `${o.what} ${shown} exists: it is not overwritten; give another file, or add --force to replace it`;
  }
  return undefined;
}

/**
 * Which language the program of the move is in, for the one thing that differs: a YAML program
 * reads no object config key (its host refuses `type: Object`, and finds a key it was not told of
 * "not found"), so `--credentials-to-config` gives it a key per member. Read from the project
 * file of the folder the command runs in, as `pulumi` reads it; with none, from the name of the
 * program `--import` writes.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { KeyLayout } from "./credentials";
import { isObj } from "../schemas/plain-object";

/** The runtime a project file names: `runtime: yaml` or `runtime: { name: yaml }` (block or flow, or the file in JSON, YAML's subset), or undefined. Pure. */
export function projectRuntime(text: string): string | undefined {
  const json = jsonRuntime(text);
  if (json !== undefined) return json;
  const inline = /^runtime:[ \t]*["']?([A-Za-z]+)["']?[ \t]*(?:#.*)?$/m.exec(text);
  if (inline) return inline[1];
  const flow = /^runtime:[ \t]*\{[^}]*\bname:[ \t]*["']?([A-Za-z]+)/m.exec(text);
  if (flow) return flow[1];
  const block = /^runtime:[ \t]*\n(?:[ \t]+.*\n)*?[ \t]+name:[ \t]*["']?([A-Za-z]+)/m.exec(text);
  return block?.[1];
}

function jsonRuntime(text: string): string | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObj(doc)) return undefined;
  const runtime = doc.runtime;
  if (typeof runtime === "string") return runtime;
  return isObj(runtime) && typeof runtime.name === "string" ? runtime.name : undefined;
}

/** How credential keys are laid out for the project in `dir` (or, with no project file, the program `--import` names). */
export function keyLayout(dir: string, program: string | undefined): KeyLayout {
  for (const name of ["Pulumi.yaml", "Pulumi.yml"]) {
    let text: string;
    try {
      text = fs.readFileSync(path.join(dir, name), "utf8");
    } catch {
      continue;
    }
    const runtime = projectRuntime(text);
    if (runtime !== undefined) return runtime === "yaml" ? "per-member" : "object";
  }
  return program !== undefined && /\.ya?ml$/i.test(program) ? "per-member" : "object";
}

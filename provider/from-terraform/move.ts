/**
 * `--credentials-to-config --run`: each credential's `pulumi config set --secret --raw`, run here
 * with the value on the child's standard input (never in its arguments, where a process list
 * shows it, nor in any output), byte for byte (`--raw`: a final line feed, as Terraform's `file()`
 * gives, is kept). A value the stack already holds is never replaced: the same value is left as it
 * is, and a different one (a credential rotated since the state was written) stops the move
 * before anything is set, naming the key and the command that replaces it on purpose. The CLI is
 * `pulumi` from PATH, in the current folder's project.
 */
import { spawnSync } from "node:child_process";
import { printable } from "../errors/printable";
import { configGetArgs, configSetArgs, replaceCommand, type ConfigValue, type MovedCredential } from "./credentials";

/** What a run of `pulumi` said, the value blanked out wherever it appears. */
const said = (r: ReturnType<typeof spawnSync>, value: string) =>
  printable(`${String(r.stderr ?? "")}${String(r.stdout ?? "")}`.split(value).join("[secret]").trim(), "keep line feeds");

/** The value the stack holds at `v.path`, or undefined when it holds none; throws when the CLI fails otherwise. */
function heldValue(v: ConfigValue, where: readonly string[], pulumi: string): string | undefined {
  const r = spawnSync(pulumi, configGetArgs(v, where), { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (r.error === undefined && r.status === 0) return (JSON.parse(r.stdout) as { value?: string }).value ?? "";
  // The CLI words an unset key so, with no code of its own to tell it from a failure.
  if (r.error === undefined && /configuration key '[^']*' not found/.test(r.stderr)) return undefined;
  throw new Error(`\`pulumi ${configGetArgs(v, where).join(" ")}\` failed: ${r.error?.message ?? said(r, v.value)}`);
}

/** The plan of a move: the values to set, and those the stack already holds alike. */
export interface CredentialPlan {
  readonly toSet: readonly ConfigValue[];
  readonly alreadySet: readonly ConfigValue[];
}

/**
 * Reads what the stack holds at each key; throws, naming every key whose value differs and how to
 * replace it on purpose, before anything is set. `stateFile` is the state as the user named it.
 */
export function planCredentials(moved: readonly MovedCredential[], stateFile: string, where: readonly string[] = [], pulumi = "pulumi"): CredentialPlan {
  const toSet: ConfigValue[] = [];
  const alreadySet: ConfigValue[] = [];
  const differ: ConfigValue[] = [];
  for (const v of moved.flatMap((m) => m.values)) {
    const held = heldValue(v, where, pulumi);
    (held === undefined ? toSet : held === v.value ? alreadySet : differ).push(v);
  }
  if (differ.length > 0) {
    throw new Error(
      `the stack already holds another value at ${differ.map((v) => v.path).join(", ")} (a credential rotated since the Terraform state was written?): ` +
        "it is never replaced, and nothing was set. To replace it with the state's value on purpose:\n" +
        differ.map((v) => `  ${replaceCommand(v, stateFile, where)}`).join("\n"),
    );
  }
  return { toSet, alreadySet };
}

/** Runs `pulumi config set` of each value; throws, naming the key and the CLI's message with the value blanked out, at the first that fails. */
export function setCredentials(values: readonly ConfigValue[], where: readonly string[] = [], pulumi = "pulumi"): number {
  for (const v of values) {
    const r = spawnSync(pulumi, configSetArgs(v, where), { input: v.value, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"] });
    if (r.error !== undefined || r.status !== 0)
      throw new Error(`\`pulumi ${configSetArgs(v, where).join(" ")}\` failed: ${r.error?.message ?? said(r, v.value)}`);
  }
  return values.length;
}

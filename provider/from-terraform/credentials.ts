/**
 * `--credentials-to-config`: the credentials a Terraform state holds (the peer provider keeps
 * them in plain text) moved into stack config as secrets, once per distinct value, each named
 * with the resources that use it. The commands printed never carry a value: each reads it from
 * the state through `--credential <key>`, piped into `pulumi config set --secret --raw`, which
 * reads standard input and keeps it byte for byte (without `--raw` the CLI drops a final line
 * feed); `--run` runs them itself, the value on the child's standard input.
 */
import { isObj } from "../schemas/plain-object";
import type { Conversion, MissingField } from "./convert";
import { attributeAt, camelCase } from "./match";
import type { TerraformInstance } from "./read";

/** One config value to set: its key (`--path` form for an object's member) and what it holds. */
export interface ConfigValue {
  /** `kafkaCredentials.password`, or `objectStorageAccessKey` for a string field. */
  readonly path: string;
  readonly value: string;
}

/** One distinct credential of the state, as stack config, and where it is used. */
export interface MovedCredential {
  /** The stack config key: `kafkaCredentials`, `kafkaCredentials2`, ... */
  readonly key: string;
  /** The field it fills in each program: `source.kafka.credentials`. */
  readonly field: string;
  /** Its members (object fields) or none (a string field). */
  readonly members: readonly string[];
  readonly values: readonly ConfigValue[];
  /** The import names of the resources that use it. */
  readonly usedBy: readonly string[];
}

/**
 * A credential as the API takes it: members in camelCase, unset ones and `_wo_version` counters
 * left out, a write-only `password_wo` as `password`; undefined when nothing is set. Pure.
 */
export function credentialValue(raw: unknown): string | Record<string, string> | undefined {
  if (typeof raw === "string") return raw === "" ? undefined : raw;
  if (!isObj(raw)) return undefined;
  const members: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (k.endsWith("_wo_version") || v === null || v === undefined || v === "") continue;
    members[camelCase(k.replace(/_wo$/, ""))] = typeof v === "string" ? v : JSON.stringify(v);
  }
  return Object.keys(members).length === 0 ? undefined : members;
}

/** `source.kafka.credentials` as a config key: `kafkaCredentials`. Pure. */
export const configKeyOf = (field: string): string => camelCase(field.replace(/^source\./, "").replace(/\./g, "_"));

/**
 * Every distinct credential of the state's pipes (secret fields the API never returns that the
 * state has a value for), in the order first used, each with its config key and users. Pure.
 */
export function movedCredentials(instances: readonly TerraformInstance[], conversion: Conversion): MovedCredential[] {
  const byAddress = new Map(instances.map((i) => [i.address, i.attributes]));
  const found = new Map<string, { field: string; value: string | Record<string, string>; usedBy: string[] }>();
  for (const h of conversion.handovers) {
    const attributes = byAddress.get(h.address);
    if (attributes === undefined) continue;
    for (const m of h.missing.filter((x: MissingField) => x.secret)) {
      const value = credentialValue(attributeAt(attributes, m.field.split(".")));
      if (value === undefined) continue;
      const id = `${m.field}\n${JSON.stringify(value)}`;
      const seen = found.get(id) ?? { field: m.field, value, usedBy: [] };
      seen.usedBy.push(h.entry.name);
      found.set(id, seen);
    }
  }
  const perField = new Map<string, number>();
  return [...found.values()].map(({ field, value, usedBy }) => {
    const n = (perField.get(field) ?? 0) + 1;
    perField.set(field, n);
    const key = n === 1 ? configKeyOf(field) : `${configKeyOf(field)}${n}`;
    const values = typeof value === "string" ? [{ path: key, value }] : Object.entries(value).map(([m, v]) => ({ path: `${key}.${m}`, value: v }));
    return { key, field, members: typeof value === "string" ? [] : Object.keys(value), values, usedBy };
  });
}

const pathFlag = (v: ConfigValue) => (v.path.includes(".") ? ["--path"] : []);

/**
 * `pulumi config set` of one value, reading it from standard input byte for byte (`--raw`;
 * `--path` for an object's member); `where` is the stack's flags given to the command
 * (`--stack S`, `--config-file F`). Pure.
 */
export function configSetArgs(v: ConfigValue, where: readonly string[] = []): string[] {
  return ["config", "set", "--secret", "--raw", ...pathFlag(v), ...where, v.path];
}

/** `pulumi config get --json` of one value's key, to read what the stack holds there. Pure. */
export function configGetArgs(v: ConfigValue, where: readonly string[] = []): string[] {
  return ["config", "get", "--json", ...pathFlag(v), ...where, v.path];
}

const shellWord = (s: string): string => (/^[A-Za-z0-9_./:@=-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/** The command line that sets one value from the state, as printed (`stateFile` as the user gave it): never the value. Pure. */
export function replaceCommand(v: ConfigValue, stateFile: string, where: readonly string[] = []): string {
  return `npx pipestack-from-terraform ${shellWord(stateFile)} --credential ${v.path} | pulumi ${configSetArgs(v, where).map(shellWord).join(" ")}`;
}

/** At most this many users are named per line; the rest are counted. */
const NAMED = 8;

/**
 * The notes' section on the credentials: per distinct value its key, field and users, and the
 * commands that set it (printed: `stateFile` is what the user gave), and the keys `--run` found
 * already holding the same value (`keptAlike`). Pure; never a value.
 */
export function credentialLines(
  moved: readonly MovedCredential[],
  stateFile: string,
  run: boolean,
  where: readonly string[] = [],
  keptAlike: readonly string[] = [],
): string[] {
  if (moved.length === 0) return ["Credentials: the Terraform state holds none of the pipes' credentials (write-only attributes leave none): nothing to move."];
  const users = (m: MovedCredential) =>
    m.usedBy.length <= NAMED ? m.usedBy.join(", ") : `${m.usedBy.slice(0, NAMED).join(", ")} and ${m.usedBy.length - NAMED} more`;
  return [
    `Credentials: ${moved.length} distinct value${moved.length === 1 ? "" : "s"} in the Terraform state, ${run ? "set" : "to set"} as stack config secrets${run ? "" : " with these commands"}:`,
    ...moved.flatMap((m) => [
      `  ${m.key}${m.members.length > 0 ? ` (${m.members.join(", ")})` : ""}: ${m.field} of ${m.usedBy.length} pipe${m.usedBy.length === 1 ? "" : "s"}: ${users(m)}`,
      ...(run ? [] : m.values.map((v) => `    ${replaceCommand(v, stateFile, where)}`)),
    ]),
    ...(keptAlike.length > 0 ? [`  The stack already held the same value at ${keptAlike.join(", ")}: left as it was.`] : []),
    '  A program reads one as `new pulumi.Config().requireSecretObject("<key>")` (TypeScript) or `${<key>}` (YAML); until it sets them, the server\'s stay as they are.',
  ];
}

/** The value `--credential <path>` prints, or undefined when the state has no such key. Pure. */
export function credentialAt(moved: readonly MovedCredential[], path: string): string | undefined {
  for (const m of moved) for (const v of m.values) if (v.path === path) return v.value;
  return undefined;
}

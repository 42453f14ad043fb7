/**
 * `--credentials-to-config`: the credentials a Terraform state holds (the peer provider keeps
 * them in plain text) moved into stack config as secrets, once per distinct value, each named
 * with the resources that use it. The commands printed never carry a value: each reads it from
 * the state through `--credential <key>`, piped into `pulumi config set --secret --raw`, which
 * reads standard input and keeps it byte for byte (without `--raw` the CLI drops a final line
 * feed); `--run` runs them itself, the value on the child's standard input. A YAML program cannot
 * read an object key (its host takes no `type: Object`), so for YAML each member is a key of its own.
 */
import { isObj } from "../schemas/plain-object";
import type { Conversion, MissingField } from "./convert";
import { attributeAt, camelCase, countOf, KIND_NOUNS, type PeerKind } from "./match";
import type { TerraformInstance } from "./read";

/** One config value to set: its key (`--path` form for an object's member) and what it holds. */
export interface ConfigValue {
  /** `kafkaCredentials.password` (`kafkaCredentialsPassword`, a key per member, for YAML), or `connectionPassword` for a string field. */
  readonly path: string;
  readonly value: string;
}

/** One distinct credential of the state, as stack config, and where it is used. */
export interface MovedCredential {
  /** The stack config key: `kafkaCredentials`, `kafkaCredentials2`, ... */
  readonly key: string;
  /** The field it fills in each program: `source.kafka.credentials`. */
  readonly field: string;
  /** The kind of the objects that use it. */
  readonly kind: PeerKind;
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

/**
 * A field as a config key: a pipe's `source.kafka.credentials` is `kafkaCredentials`, another
 * kind's field is named with its kind: a connection's `password` is `connectionPassword`. Pure.
 */
export function configKeyOf(field: string, kind: PeerKind = "Pipe"): string {
  const words = kind === "Pipe" ? field.replace(/^source\./, "") : `${KIND_NOUNS[kind][0]}.${field}`;
  return camelCase(words.replace(/[. ]/g, "_"));
}

/** How the config keys of an object credential are laid out: one object key (`--path` per member), or a key per member (YAML). */
export type KeyLayout = "object" | "per-member";

/** A member's own key, for a program that reads no object key: `kafkaCredentials` + `password` is `kafkaCredentialsPassword`. Pure. */
export const memberKey = (key: string, member: string): string => `${key}${member.charAt(0).toUpperCase()}${member.slice(1)}`;

/**
 * Every distinct credential of the state's objects (secret fields the API never returns that the
 * state has a value for: a pipe's source credentials, a connection's password), in the order first
 * used, each with its config key and users; `layout` says how an object's members are keyed. Pure.
 */
export function movedCredentials(instances: readonly TerraformInstance[], conversion: Conversion, layout: KeyLayout = "object"): MovedCredential[] {
  const byAddress = new Map(instances.map((i) => [i.address, i.attributes]));
  const found = new Map<string, { field: string; kind: PeerKind; value: string | Record<string, string>; usedBy: string[] }>();
  for (const h of conversion.handovers) {
    const attributes = byAddress.get(h.address);
    if (attributes === undefined) continue;
    for (const m of h.missing.filter((x: MissingField) => x.secret)) {
      const value = credentialValue(attributeAt(attributes, m.field.split(".")));
      if (value === undefined) continue;
      const id = `${h.kind}\n${m.field}\n${JSON.stringify(value)}`;
      const seen = found.get(id) ?? { field: m.field, kind: h.kind, value, usedBy: [] };
      seen.usedBy.push(h.entry.name);
      found.set(id, seen);
    }
  }
  const perField = new Map<string, number>();
  return [...found.values()].map(({ field, kind, value, usedBy }) => {
    const base = configKeyOf(field, kind);
    const n = (perField.get(base) ?? 0) + 1;
    perField.set(base, n);
    const key = n === 1 ? base : `${base}${n}`;
    const memberPath = (m: string) => (layout === "per-member" ? memberKey(key, m) : `${key}.${m}`);
    const values = typeof value === "string" ? [{ path: key, value }] : Object.entries(value).map(([m, v]) => ({ path: memberPath(m), value: v }));
    return { key, field, kind, members: typeof value === "string" ? [] : Object.keys(value), values, usedBy };
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
  layout: KeyLayout = "object",
): string[] {
  if (moved.length === 0)
    return ["Credentials: the Terraform state holds none of the objects' credentials (write-only attributes leave none): nothing to move."];
  const users = (m: MovedCredential) =>
    m.usedBy.length <= NAMED ? m.usedBy.join(", ") : `${m.usedBy.slice(0, NAMED).join(", ")} and ${m.usedBy.length - NAMED} more`;
  const keys = (m: MovedCredential) =>
    m.members.length === 0 ? m.key : layout === "per-member" ? m.values.map((v) => v.path).join(", ") : `${m.key} (${m.members.join(", ")})`;
  return [
    `Credentials: ${moved.length} distinct value${moved.length === 1 ? "" : "s"} in the Terraform state, ${run ? "set" : "to set"} as stack config secrets${run ? "" : " with these commands"}:`,
    ...moved.flatMap((m) => [
      `  ${keys(m)}: ${m.field} of ${countOf(m.usedBy.length, m.kind)}: ${users(m)}`,
      ...(run ? [] : m.values.map((v) => `    ${replaceCommand(v, stateFile, where)}`)),
    ]),
    ...(keptAlike.length > 0 ? [`  The stack already held the same value at ${keptAlike.join(", ")}: left as it was.`] : []),
    layout === "per-member"
      ? yamlLine(moved)
      : '  A program reads an object as `new pulumi.Config().requireSecretObject("<key>")` and a string as `requireSecret("<key>")` (TypeScript); until it sets them, the server\'s stay as they are.',
  ];
}

/** How a YAML program reads the keys: each declared (the host finds no key it was not told of), then named where its field goes. Pure. */
function yamlLine(moved: readonly MovedCredential[]): string {
  const paths = moved.flatMap((m) => m.values.map((v) => v.path));
  const declared = paths.map((p) => `${p}: { type: String, secret: true }`).join(", ");
  return `  A YAML program declares each key, \`configuration: { ${declared} }\`, and reads it where its field goes, \`"\${${paths[0]}}"\`; until it sets them, the server's stay as they are.`;
}

/** The value `--credential <path>` prints, or undefined when the state has no such key. Pure. */
export function credentialAt(moved: readonly MovedCredential[], path: string): string | undefined {
  for (const m of moved) for (const v of m.values) if (v.path === path) return v.value;
  return undefined;
}

/**
 * The notes as one summary, whatever the number of objects: what is imported, each field to add
 * once with how many resources (and which) need it, the credentials moved to config, the
 * settings and the one `terraform state rm` to run. A line per object drowned the few that
 * matter in a move of hundreds.
 */
import type { Conversion, Handover } from "./convert";
import { printable } from "../errors/printable";
import { settingLines } from "./notes";
import { countOf, isStackKind, KIND_NOUNS, LEFT_OUT, type PeerKind } from "./match";

/** At most this many names per line; the rest are counted. */
const NAMED = 8;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const some = (names: readonly string[]) => (names.length <= NAMED ? names.join(", ") : `${names.slice(0, NAMED).join(", ")} and ${names.length - NAMED} more`);

/** The fields to add, each once: `source.kafka.credentials (secret; set in the state: password, username): 200 pipes: p-0, ...`. Pure. */
export function fieldLines(handovers: readonly Handover[]): string[] {
  const byField = new Map<string, { kind: PeerKind; field: string; secret: boolean; set: Set<string>; users: string[] }>();
  for (const h of handovers) {
    for (const m of h.missing) {
      const key = `${h.kind}\n${m.field}`;
      const seen = byField.get(key) ?? { kind: h.kind, field: m.field, secret: m.secret, set: new Set<string>(), users: [] };
      m.setInState.forEach((s) => seen.set.add(s));
      seen.users.push(h.entry.name);
      byField.set(key, seen);
    }
  }
  return [...byField.values()].map(({ kind, field, secret, set, users }) => {
    const state = set.size > 0 ? `set in the Terraform state: ${[...set].sort().join(", ")}` : "not in the Terraform state";
    return `  ${field} (${secret ? "secret; " : ""}${state}): ${countOf(users.length, kind)}: ${some(users)}`;
  });
}

/** The stack's objects handed over, by kind, in the registry's order: `, 1 dashboard, 2 alerts`, or nothing. Pure. */
function stackCounts(handovers: readonly Handover[]): string {
  const kinds = (Object.keys(KIND_NOUNS) as PeerKind[]).filter(isStackKind);
  return kinds
    .flatMap((k) => {
      const n = handovers.filter((h) => h.kind === k).length;
      return n === 0 ? [] : [`, ${countOf(n, k)}`];
    })
    .join("");
}

/** The resource blocks of the handed-over objects (an address without its key removes every instance). Pure. */
export function terraformBlocks(handovers: readonly Handover[]): string[] {
  return [...new Set(handovers.map((h) => h.address.replace(/\[[^\]]*\]$/, "")))];
}

const quoted = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** What `--import` printed of its run, and whether it succeeded. */
export interface ImportedPart {
  readonly ok: boolean;
  readonly lines: readonly string[];
}

/**
 * The whole notes text, each line through the one escape of control characters: a summary of
 * `conversion`, with `credentials` (the lines of --credentials-to-config) and `imported` (of
 * --import) when given. An import that succeeded read the settings already: they are listed only
 * when there was none or it failed; after a failed one, no `terraform state rm`. Pure.
 */
export function summaryText(conversion: Conversion, file: string, credentials: readonly string[] = [], imported?: ImportedPart): string {
  const count = (kind: Handover["kind"]) => conversion.handovers.filter((h) => h.kind === kind).length;
  const skipped = conversion.skipped.length;
  const fields = fieldLines(conversion.handovers);
  const blocks = terraformBlocks(conversion.handovers);
  const lines = [
    `${plural(conversion.handovers.length, "object")} of ${file} to import: ${plural(count("Pipe"), "pipe")}, ${plural(count("ReversePrivateEndpoint"), "reverse private endpoint")}${stackCounts(conversion.handovers)}` +
      (skipped > 0 ? `; ${plural(skipped, "other")} left out (${LEFT_OUT}).` : "."),
    ...(fields.length === 0
      ? ["Every field is read back: `pulumi import` writes the whole program."]
      : [
          "Fields the API never returns, so `pulumi import` leaves them out of the program (which keeps the server's until it sets them; a create or a replacement needs them):",
          ...fields,
        ]),
    ...credentials,
    ...(imported?.ok === true ? [] : settingLines(conversion)),
    ...(imported?.lines ?? []),
    // Not after a failed import: the objects are not Pulumi's yet, and Terraform must keep them.
    ...(imported?.ok === false ? [] : [`Then take the objects out of Terraform (nothing is deleted): terraform state rm ${blocks.map(quoted).join(" ")}`]),
  ];
  // Names, addresses and keys come from the state: no control sequence of theirs reaches the terminal.
  return `${lines.map((line) => printable(line)).join("\n")}\n`;
}

/**
 * The change tables of the guides (docs/pipes.md, docs/stack.md, docs/private-endpoints.md),
 * written from the field policies: which fields change in place and which need a new object.
 * `test/package/change-tables.test.ts` fails when a page and the policies disagree, and prints the
 * table to paste.
 */
import type { AnyNode, PolicyTree } from "../../provider/schemas/field-policy";
import { pipePolicy } from "../../provider/resources/pipe/policy";
import { endpointPolicy } from "../../provider/resources/reverse-private-endpoint/policy";
import { registry } from "../../provider/registry";
import { stackObjectPolicy } from "../../provider/schemas/stack-target";

type Columns = { update: string[]; replace: string[] };

/** True when every field below a node changes the way the node does: it is shown as one name. */
function uniform(node: AnyNode): boolean {
  if (!node.fields || node.whole) return true;
  return Object.values(node.fields).every((child) => child.change === node.change && uniform(child));
}

/** The fields of a policy by what a change does, objects of one rule shown by their name. */
function columns(tree: PolicyTree, prefix = "", out: Columns = { update: [], replace: [] }): Columns {
  for (const [key, node] of Object.entries(tree)) {
    if (node.change === "none") continue;
    if (uniform(node)) out[node.change].push(`\`${prefix}${key}\``);
    else columns(node.fields!, `${prefix}${key}.`, out);
  }
  return out;
}

const row = (label: string, c: Columns) => {
  const say = (names: string[]) => (names.length ? `${label}${names.join(", ")}` : "");
  return `| ${say(c.update)} | ${say(c.replace)} |`.replace(/ {2,}\|/g, " |").replace(/\| {2,}/g, "| ");
};

const without = (tree: PolicyTree, ...keys: string[]): PolicyTree => Object.fromEntries(Object.entries(tree).filter(([k]) => !keys.includes(k)));

/** The pipe's table: the pipe's own fields, its destination, then each source kind. */
export function pipeChangeTable(): string {
  const policy: PolicyTree = pipePolicy;
  const source = policy.source.fields!;
  const kinds: [string, string][] = [
    ["kafka", "kafka"],
    ["objectStorage", "object storage"],
    ["kinesis", "kinesis"],
    ["postgres", "postgres"],
    ["pubsub", "pubsub"],
    ["mysql", "mysql"],
    ["mongodb", "mongodb"],
    ["bigquery", "bigquery"],
  ];
  const top = columns(without(policy, "source", "destination"));
  if (kinds.every(([k]) => source[k].change === "replace")) top.replace.unshift("the source kind");
  top.update.push(...columns(without(source, ...kinds.map(([k]) => k)), "source.").update);
  return [
    "| Changes in place (PATCH `/pipes/{id}`, PUT `/settings`, PATCH `/scaling`, PATCH `/state`) | Needs a new pipe |",
    "|---|---|",
    row("", top),
    row("", columns(policy.destination.fields!, "destination.")),
    ...kinds.map(([k, label]) => row(`${label} `, columns(source[k].fields!))),
  ].join("\n");
}

/** The registered kinds that are stack objects: their policy holds the stack object's fields. */
const stackKinds = () => registry.filter((d) => Object.keys(stackObjectPolicy).every((k) => k in d.policy));

/** The stack objects' table: one row per resource, from the registry. */
export function stackChangeTable(): string {
  const line = (name: string, policy: PolicyTree) => {
    const c = columns(policy);
    return `| \`${name}\` | ${c.update.join(", ")} | ${c.replace.join(", ")} |`;
  };
  return [
    "| Resource | Changes in place (one PUT of the whole object) | Needs a new one (created on the new stack, then the old one deleted) |",
    "|---|---|---|",
    ...stackKinds().map((d) => line(d.type, d.policy)),
  ].join("\n");
}

/** The reverse private endpoint's table: one row, as the PATCH takes only the DNS mappings. */
export function endpointChangeTable(): string {
  return ["| Changes in place (PATCH `/pipesReversePrivateEndpoints/{id}`) | Needs a new endpoint |", "|---|---|", row("", columns(endpointPolicy))].join("\n");
}

/** The text between `<!-- change-table:NAME -->` and `<!-- /change-table:NAME -->`, trimmed. */
export function tableIn(page: string, name: string): string | undefined {
  const m = new RegExp(`<!-- change-table:${name} -->\\n([\\s\\S]*?)\\n<!-- /change-table:${name} -->`).exec(page);
  return m?.[1]?.trim();
}

import { z, type ZodTypeAny } from "zod";
import type { CheckFailure } from "../schemas/check-failures";
import { holderAt, isObj, type Obj } from "../schemas/plain-object";
import { docsUrl } from "./docs-url";
import { unwrap } from "./zod-walk";
import { literal } from "../schemas/whole-text";

/**
 * What `pulumi import` writes into the program: the inputs made from an object read by id alone.
 * The engine checks them with the resource's own check and writes each input the schema names;
 * a value the check refuses makes it warn of "a bug in the provider", and a value the program's
 * first `up` would change is a change nobody asked for. So the read is cut to what the spec
 * takes, level by level (a tile's server id, a pipe's state are the server's), an empty object
 * read back is left out as the program would (the API's `settings: {}` is no setting at all),
 * and a name the server left unset stays unset (`""`), where the spec says so.
 */

/** The value as the spec takes it: keys the spec does not name dropped at every level, nulls and empty optional objects left out. */
function project(value: unknown, schema: ZodTypeAny): unknown {
  if (value === null || value === undefined) return undefined;
  const node = unwrap(schema);
  if (node instanceof z.ZodObject) return isObj(value) ? projectObject(value, node as z.ZodObject<z.ZodRawShape>) : value;
  if (node instanceof z.ZodArray) return Array.isArray(value) ? value.map((v) => project(v, node.element as ZodTypeAny) ?? null) : value;
  if (node instanceof z.ZodRecord) {
    if (!isObj(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, project(v, node.valueSchema as ZodTypeAny) ?? null]));
  }
  if (node instanceof z.ZodDiscriminatedUnion) {
    const option = isObj(value) ? (node.optionsMap.get(value[node.discriminator as string] as never) as ZodTypeAny | undefined) : undefined;
    return option ? project(value, option) : value;
  }
  if (node instanceof z.ZodUnion) {
    // The first option the value fits once cut to it.
    for (const option of node.options as ZodTypeAny[]) {
      const cut = project(value, option);
      if (option.safeParse(cut).success) return cut;
    }
  }
  return value;
}

function projectObject(value: Obj, node: z.ZodObject<z.ZodRawShape>): Obj {
  const open = node._def.unknownKeys === "passthrough" || !(node._def.catchall instanceof z.ZodNever);
  const out: Obj = {};
  for (const [key, v] of Object.entries(value)) {
    const child = node.shape[key] as ZodTypeAny | undefined;
    if (!child) {
      if (open && v !== null && v !== undefined) out[key] = v;
      continue;
    }
    const cut = project(v, child);
    if (cut === undefined || (isObj(cut) && Object.keys(cut).length === 0 && child.isOptional())) continue;
    out[key] = cut;
  }
  return out;
}

/**
 * The inputs a program writes for an object read by id alone (`read`: the read's outputs): only
 * the spec's keys (and `extraKeys`, the provider's own inputs), each cut to what the spec takes;
 * and `name: ""` when the read has no name and the spec takes `""` for "no name" (else the
 * program's first `up` would give it the resource name). Pure.
 */
export function importedInputs(spec: z.ZodObject<z.ZodRawShape>, read: Obj, extraKeys: readonly string[] = []): Obj {
  const inputs = projectObject(Object.fromEntries(Object.entries(read).filter(([k]) => k in spec.shape)), spec);
  for (const k of extraKeys) if (read[k] !== undefined && read[k] !== null) inputs[k] = read[k];
  const name = spec.shape.name as ZodTypeAny | undefined;
  if (inputs.name === undefined && name?.safeParse("").success) inputs.name = "";
  return inputs;
}

/** True when a read holds no credential: none at all, or an empty object (a read by id alone carries none). Pure. */
export function noCredentials(value: unknown): boolean {
  return value === undefined || value === null || (isObj(value) && Object.keys(value).length === 0);
}

/**
 * The check failures of an imported object split in two: those about credentials the API never
 * returns (a property at or under one of `credentialPaths`, e.g. `source.kafka.credentials`),
 * which the program must add, and the others. Pure.
 */
export function splitCredentialFailures(
  failures: readonly CheckFailure[],
  credentialPaths: readonly (readonly string[])[],
): { credentials: CheckFailure[]; others: CheckFailure[] } {
  const paths = credentialPaths.map((p) => p.join("."));
  const under = (property: string) => paths.some((p) => property === p || property.startsWith(`${p}.`) || property.startsWith(`${p}[`));
  return { credentials: failures.filter((f) => under(f.property)), others: failures.filter((f) => !under(f.property)) };
}

/**
 * The credentials an import leaves to the program that its check does not ask for: each of
 * `credentialPaths` whose parent the inputs hold (`source.mongodb` for
 * `source.mongodb.credentials`), unset, and not among `required` (named by the check). The
 * object may or may not have them: the API never says. Pure.
 */
export function optionalCredentials(
  inputs: Obj,
  credentialPaths: readonly (readonly string[])[],
  required: readonly CheckFailure[],
  noun = "object",
): CheckFailure[] {
  const out: CheckFailure[] = [];
  for (const path of credentialPaths) {
    const parent = holderAt(inputs, path, { arrays: "stop" });
    const property = path.join(".");
    if (!parent || parent[path[path.length - 1]] !== undefined) continue;
    if (required.some((f) => f.property === property || f.property.startsWith(`${property}.`))) continue;
    out.push({ property, reason: `if the ${noun} uses them` });
  }
  return out;
}

const CREDENTIALS_HEAD = "was imported without";
const CREDENTIALS_TAIL = `(as secrets; \`{}\` clears a map); a create or a replacement has only what the program sets (see ${docsUrl("adopting.md")})`;

/**
 * The warning that names the write-only fields an import left out of the program: the server
 * keeps them until the program sets them (see `engine/kept-on-server.ts`). Pure.
 */
export function credentialsWarning(type: string, credentials: readonly CheckFailure[]): string {
  const each = [...new Set(credentials.map((f) => f.property))];
  const it = each.length > 1 ? "them" : "it";
  return `${type} ${CREDENTIALS_HEAD} ${each.join(", ")}, which the API never returns: the server keeps ${it} until the program sets ${it} ${CREDENTIALS_TAIL}`;
}

/** What an import adds to the first such warning of a kind (`type`, its token): the others are not named. Pure. */
export function saidOnce(type: string): string {
  return `(said once: other ${type} objects of this import that lack the same are not named)`;
}

const TYPE = "pipestack:index:[A-Za-z]+";
const PROPERTY = "[\\w-]+(?:\\.[\\w-]+)*";
const KEEPS = ["it", "them"].map((it) => literal(`, which the API never returns: the server keeps ${it} until the program sets ${it} `)).join("|");

/** The form of that warning, whole, no free text in it: what the pull-request summary takes for this provider's own words. */
export const CREDENTIALS_WARNING_FORM = new RegExp(
  `^(${TYPE}) "[^"\\\\]*" ${literal(CREDENTIALS_HEAD)} ${PROPERTY}(?:, ${PROPERTY})*(?:${KEEPS})${literal(CREDENTIALS_TAIL)}(?: ${literal(saidOnce("\u0000"))
    .split("\u0000")
    .join("\\1")})?$`,
);

import { policyEntries } from "../schemas/field-policy";
import { pipePolicy } from "../resources/pipe/policy";
import { isObj, type Obj } from "../schemas/plain-object";
import { nativeTypeToken } from "../resource-class/type-tokens";
import { attributeAt, camelCase, kindOf, type PeerKind } from "./match";
import type { TerraformInstance } from "./read";

/** One line of a `pulumi import --file` document. */
export interface ImportEntry {
  readonly type: ReturnType<typeof nativeTypeToken<PeerKind>>;
  readonly name: string;
  readonly id: string;
}

/** A field the API never returns, so `pulumi import` cannot write it: the program must add it. */
export interface MissingField {
  /** Where it goes in the program: `source.kafka.credentials`. */
  readonly field: string;
  readonly secret: boolean;
  /** Its members the Terraform state had set (names only: the values stay where they are). */
  readonly setInState: readonly string[];
}

/** One object handed over from Terraform. */
export interface Handover {
  readonly address: string;
  readonly kind: PeerKind;
  readonly entry: ImportEntry;
  readonly serviceId?: string;
  readonly organizationId?: string;
  readonly missing: readonly MissingField[];
}

/** What a state hands over, and how many of its objects are no pipe or endpoint. */
export interface Conversion {
  readonly handovers: readonly Handover[];
  readonly skipped: readonly string[];
}

/**
 * A resource name from a Terraform address: the module names and keys, the resource's own name and
 * its key, joined by `-` (`module.net["eu"].example_pipe.p[0]` -> `net-eu-p-0`). The type is left
 * out, as the kind is in the type token. Characters other than letters, digits, `_` and `-` become
 * `-`. Pure.
 */
export function resourceName(inst: Pick<TerraformInstance, "modules" | "name" | "key">): string {
  const parts = [...inst.modules.flatMap((m) => [m.name, m.key]), inst.name, inst.key].filter((p) => p !== undefined).map(String);
  const name = parts
    .join("-")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-|-$/g, "");
  return name === "" ? "resource" : name;
}

/** Names made unique in order: a name seen before gets `-2`, `-3`, ... Pure. */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; taken.has(candidate); n++) candidate = `${name}-${n}`;
    taken.add(candidate);
    return candidate;
  });
}

const text = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/**
 * The parts of a peer's id: its own UUID, or one that carries the service (and organization) in
 * front of it, `<service>/<id>`, `<service>:<id>` or `<organization>/<service>/<id>`, as
 * providers' composite import ids do. Pure.
 */
export function peerIdParts(raw: string): { id: string; serviceId?: string; organizationId?: string } {
  const parts = raw.split(/[/:]/);
  if (parts.length === 1 || parts.length > 3 || parts.some((p) => p === "")) return { id: raw };
  const [id, serviceId, organizationId] = [...parts].reverse();
  return organizationId === undefined ? { id, serviceId } : { id, serviceId, organizationId };
}

/**
 * The id `pulumi import` takes: `<serviceId>:<id>` when the state names the service (the object is
 * then looked up there, whatever `pipestack:serviceId` says), and `<organizationId>:<serviceId>:<id>`
 * when it names the organization too; the bare id otherwise. The `service_id` and
 * `organization_id` attributes win over what the id carries. Pure.
 */
export function importId(attributes: Obj): string {
  const carried = peerIdParts(String(attributes.id));
  const service = text(attributes.service_id) ?? carried.serviceId;
  const organization = text(attributes.organization_id) ?? carried.organizationId;
  if (service === undefined) return carried.id;
  return organization === undefined ? `${service}:${carried.id}` : `${organization}:${service}:${carried.id}`;
}

/**
 * A pipe's fields that are sent but never read back (credentials, `destination.roles`, ...), from
 * the pipe policy: what no import can bring back.
 */
const NEVER_READ_BACK = policyEntries(pipePolicy)
  .filter((e) => e.node.writeOnly && !e.node.inputOnly && e.node.sent === undefined)
  .filter(
    (e) => !policyEntries(pipePolicy).some((p) => p.node.writeOnly && p.path.length < e.path.length && e.path.join(".").startsWith(`${p.path.join(".")}.`)),
  )
  .map((e) => ({ path: e.path, secret: e.node.secret !== undefined }));

/** Members set in a Terraform value, as our names: a write-only `password_wo` counts as `password`. */
function membersSet(value: unknown): string[] {
  if (!isObj(value)) return [];
  const names = Object.entries(value)
    .filter(([k, v]) => v !== null && v !== undefined && v !== "" && !k.endsWith("_wo_version"))
    .map(([k]) => camelCase(k.replace(/_wo$/, "")));
  return [...new Set(names)];
}

/**
 * What a pipe's program must add after the import: every secret of its source kind (set in the
 * state or not, since a write-only attribute leaves none there), and other never-read-back fields
 * the state had set. Pure.
 */
export function missingFields(attributes: Obj): MissingField[] {
  return NEVER_READ_BACK.flatMap(({ path, secret }) => {
    // Under another source kind, or under an object the pipe does not use (no schema registry).
    if (!isObj(attributeAt(attributes, path.slice(0, -1)))) return [];
    const value = attributeAt(attributes, path);
    const setInState = membersSet(value);
    const isSet = value !== null && value !== undefined && (!isObj(value) || setInState.length > 0);
    if (!secret && !isSet) return [];
    return [{ field: path.join("."), secret, setInState: isObj(value) ? setInState : isSet ? [path[path.length - 1]] : [] }];
  });
}

/** The pipes and endpoints of a state, each with its import line and what to add by hand. Pure. */
export function convert(instances: readonly TerraformInstance[]): Conversion {
  const found = instances.flatMap((inst) => {
    const kind = kindOf(inst.attributes);
    return kind === undefined ? [] : [{ inst, kind }];
  });
  const names = uniqueNames(found.map(({ inst }) => resourceName(inst)));
  const handovers = found.map(({ inst, kind }, i): Handover => {
    const carried = peerIdParts(String(inst.attributes.id));
    const serviceId = text(inst.attributes.service_id) ?? carried.serviceId;
    const organizationId = text(inst.attributes.organization_id) ?? carried.organizationId;
    return {
      address: inst.address,
      kind,
      entry: { type: nativeTypeToken(kind), name: names[i], id: importId(inst.attributes) },
      ...(serviceId === undefined ? {} : { serviceId }),
      ...(organizationId === undefined ? {} : { organizationId }),
      missing: kind === "Pipe" ? missingFields(inst.attributes) : [],
    };
  });
  const skipped = instances.filter((inst) => kindOf(inst.attributes) === undefined).map((inst) => inst.address);
  return { handovers, skipped };
}

/** The `pulumi import --file` document. Pure. */
export function importDocument(conversion: Conversion): { resources: ImportEntry[] } {
  return { resources: conversion.handovers.map((h) => h.entry) };
}

import { policyEntries, type PolicyTree } from "../schemas/field-policy";
import { pipePolicy } from "../resources/pipe/policy";
import { endpointPolicy } from "../resources/reverse-private-endpoint/policy";
import { declaration as stackDashboard } from "../resources/stack-dashboard/declaration";
import { declaration as stackAlert } from "../resources/stack-alert/declaration";
import { declaration as stackSavedSearch } from "../resources/stack-saved-search/declaration";
import { declaration as stackWebhook } from "../resources/stack-webhook/declaration";
import { declaration as stackConnection } from "../resources/stack-connection/declaration";
import { declaration as stackSource } from "../resources/stack-source/declaration";
import { isObj, type Obj } from "../schemas/plain-object";
import { nativeTypeToken } from "../resource-class/type-tokens";
import { attributeAt, camelCase, isStackKind, kindOf, type PeerKind } from "./match";
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
  /** A stack object's team, when the state names one (its `team`, or the `<team>/` in front of its id). */
  readonly team?: string;
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

/** Each kind's field policy: what it says of write-only fields is what no import can bring back. */
const POLICIES: { readonly [K in PeerKind]: PolicyTree } = {
  Pipe: pipePolicy,
  ReversePrivateEndpoint: endpointPolicy,
  StackDashboard: stackDashboard.policy,
  StackAlert: stackAlert.policy,
  StackSavedSearch: stackSavedSearch.policy,
  StackWebhook: stackWebhook.policy,
  StackConnection: stackConnection.policy,
  StackSource: stackSource.policy,
};

/**
 * A kind's fields that are sent but never read back (a pipe's credentials and
 * `destination.roles`, a connection's password, a webhook's headers), from its policy: what no
 * import can bring back. A field under another such field is the outer one's.
 */
function neverReadBack(policy: PolicyTree): { path: string[]; secret: boolean }[] {
  const entries = policyEntries(policy);
  return entries
    .filter((e) => e.node.writeOnly && !e.node.inputOnly && e.node.sent === undefined)
    .filter((e) => !entries.some((p) => p.node.writeOnly && p.path.length < e.path.length && e.path.join(".").startsWith(`${p.path.join(".")}.`)))
    .map((e) => ({ path: [...e.path], secret: e.node.secret !== undefined }));
}

const NEVER_READ_BACK = new Map(Object.entries(POLICIES).map(([kind, policy]) => [kind as PeerKind, neverReadBack(policy)]));

/** Members set in a Terraform value, as our names: a write-only `password_wo` counts as `password`. */
function membersSet(value: unknown): string[] {
  if (!isObj(value)) return [];
  const names = Object.entries(value)
    .filter(([k, v]) => v !== null && v !== undefined && v !== "" && !k.endsWith("_wo_version"))
    .map(([k]) => camelCase(k.replace(/_wo$/, "")));
  return [...new Set(names)];
}

/**
 * What an object's program must add after the import: every secret of its kind (of a pipe, of its
 * source kind; set in the state or not, since a write-only attribute leaves none there), and
 * other never-read-back fields the state had set. Pure.
 */
export function missingFields(attributes: Obj, kind: PeerKind = "Pipe"): MissingField[] {
  return (NEVER_READ_BACK.get(kind) ?? []).flatMap(({ path, secret }) => {
    // Under another source kind, or under an object the pipe does not use (no schema registry).
    if (path.length > 1 && !isObj(attributeAt(attributes, path.slice(0, -1)))) return [];
    const value = attributeAt(attributes, path);
    const setInState = membersSet(value);
    const isSet = value !== null && value !== undefined && (!isObj(value) || setInState.length > 0);
    if (!secret && !isSet) return [];
    return [{ field: path.join("."), secret, setInState: isObj(value) ? setInState : isSet ? [path[path.length - 1]] : [] }];
  });
}

/**
 * A stack object's id and team: the peer writes `<team>/<id>` for an object of a team other than
 * the key's, and its `team` attribute wins. The stack is the provider block's (the state does not
 * name its service), so the id is the object's own. Pure.
 */
export function stackIdParts(attributes: Obj): { id: string; team?: string } {
  const raw = String(attributes.id);
  const slash = raw.lastIndexOf("/");
  const team = text(attributes.team) ?? (slash > 0 ? raw.slice(0, slash) : undefined);
  const id = slash >= 0 ? raw.slice(slash + 1) : raw;
  return team === undefined ? { id } : { id, team };
}

function stackHandover(inst: TerraformInstance, kind: PeerKind, name: string): Handover {
  const { id, team } = stackIdParts(inst.attributes);
  return {
    address: inst.address,
    kind,
    entry: { type: nativeTypeToken(kind), name, id },
    ...(team === undefined ? {} : { team }),
    missing: missingFields(inst.attributes, kind),
  };
}

/** The objects of a state the service's API holds (pipes, endpoints, the stack's), each with its import line and what to add by hand. Pure. */
export function convert(instances: readonly TerraformInstance[]): Conversion {
  const found = instances.flatMap((inst) => {
    const kind = kindOf(inst.attributes, inst.type);
    return kind === undefined ? [] : [{ inst, kind }];
  });
  const names = uniqueNames(found.map(({ inst }) => resourceName(inst)));
  const handovers = found.map(({ inst, kind }, i): Handover => {
    if (isStackKind(kind)) return stackHandover(inst, kind, names[i]);
    const carried = peerIdParts(String(inst.attributes.id));
    const serviceId = text(inst.attributes.service_id) ?? carried.serviceId;
    const organizationId = text(inst.attributes.organization_id) ?? carried.organizationId;
    return {
      address: inst.address,
      kind,
      entry: { type: nativeTypeToken(kind), name: names[i], id: importId(inst.attributes) },
      ...(serviceId === undefined ? {} : { serviceId }),
      ...(organizationId === undefined ? {} : { organizationId }),
      missing: missingFields(inst.attributes, kind),
    };
  });
  const skipped = instances.filter((inst) => kindOf(inst.attributes, inst.type) === undefined).map((inst) => inst.address);
  return { handovers, skipped };
}

/** The `pulumi import --file` document. Pure. */
export function importDocument(conversion: Conversion): { resources: ImportEntry[] } {
  return { resources: conversion.handovers.map((h) => h.entry) };
}

import { isObj, valueAt, type Obj } from "../schemas/plain-object";
import { TYPE_FIELDS } from "../resources/reverse-private-endpoint/schema";
import type { ResourceTypeName } from "../registry";
import { stackKindOfType, type StackKind } from "./peer-types";

/** The kinds of object a Terraform state can hand over. */
export type PeerKind = Extract<ResourceTypeName, "Pipe" | "ReversePrivateEndpoint"> | StackKind;

/** Whether a kind is one of the stack's (its objects live in the stack, its ids are the stack's). Pure. */
export const isStackKind = (kind: PeerKind): kind is StackKind => kind.startsWith("Stack");

/** Each kind as the notes name its objects: singular and plural. */
export const KIND_NOUNS: { readonly [K in PeerKind]: readonly [string, string] } = {
  Pipe: ["pipe", "pipes"],
  ReversePrivateEndpoint: ["reverse private endpoint", "reverse private endpoints"],
  StackDashboard: ["dashboard", "dashboards"],
  StackAlert: ["alert", "alerts"],
  StackSavedSearch: ["saved search", "saved searches"],
  StackWebhook: ["webhook", "webhooks"],
  StackConnection: ["connection", "connections"],
  StackSource: ["source", "sources"],
};

/** What the objects a move leaves out are: of no kind the service's API holds. */
export const LEFT_OUT = "no pipe, reverse private endpoint or stack object";

/** `n` objects of a kind, as the notes count them: `1 pipe`, `3 saved searches`. Pure. */
export const countOf = (n: number, kind: PeerKind): string => `${n} ${KIND_NOUNS[kind][n === 1 ? 0 : 1]}`;

/** `replicaCpuMillicores` as Terraform names it: `replica_cpu_millicores`. Pure. */
export const snakeCase = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The value at our field path, read at the Terraform attribute path (snake_case). A field path
 * names no list item, so a list on the way (a list block) ends it. Pure.
 */
export const attributeAt = (attributes: Obj, path: readonly string[]): unknown => valueAt(attributes, path.map(snakeCase), { arrays: "stop" });

/** `replica_cpu_millicores` as our fields name it: `replicaCpuMillicores`. Pure. */
export const camelCase = (name: string): string => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** A pipe's attributes: what it reads, where it writes, and how fields map between the two. */
const PIPE_ATTRIBUTES = ["source", "destination", "fieldMappings"].map(snakeCase);

/** An endpoint's per-type attributes (our fields, snake_cased): two or more of them mark one. */
const ENDPOINT_ATTRIBUTES = [...new Set(Object.values(TYPE_FIELDS).flat())].map(snakeCase);

const has = (attrs: Obj, key: string) => Object.prototype.hasOwnProperty.call(attrs, key);

/**
 * Which of our kinds an object of the peer provider is. A stack object by its type (the peer's
 * table, peer-types.ts: its attributes alone do not tell a connection from a source); a pipe or an
 * endpoint from its attributes alone (their type names differ between providers and versions):
 * a pipe has `source`, `destination` and `field_mappings`; an endpoint has `type` and at least two
 * of the per-type fields (`vpc_endpoint_service_name`, `msk_cluster_arn`, ...), which Terraform
 * writes, null or not, for every attribute of the schema. Both need a string `id`. Pure.
 */
export function kindOf(attributes: Obj, type = ""): PeerKind | undefined {
  if (typeof attributes.id !== "string" || attributes.id === "") return undefined;
  const stack = stackKindOfType(type);
  if (stack !== undefined) return stack;
  if (PIPE_ATTRIBUTES.every((k) => has(attributes, k)) && isObj(attributes.source)) return "Pipe";
  if (has(attributes, "type") && ENDPOINT_ATTRIBUTES.filter((k) => has(attributes, k)).length >= 2) return "ReversePrivateEndpoint";
  return undefined;
}

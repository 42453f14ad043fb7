import { isObj, valueAt, type Obj } from "../schemas/plain-object";
import { TYPE_FIELDS } from "../resources/reverse-private-endpoint/schema";
import type { ResourceTypeName } from "../registry";

/** The kinds of object a Terraform state can hand over. */
export type PeerKind = Extract<ResourceTypeName, "Pipe" | "ReversePrivateEndpoint">;

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
 * Which of our kinds an object of the peer provider is, from its attributes alone (type names
 * differ between providers and versions, and a state may hold them under any local name):
 * a pipe has `source`, `destination` and `field_mappings`; an endpoint has `type` and at least two
 * of the per-type fields (`vpc_endpoint_service_name`, `msk_cluster_arn`, ...), which Terraform
 * writes, null or not, for every attribute of the schema. Both need a string `id`. Pure.
 */
export function kindOf(attributes: Obj): PeerKind | undefined {
  if (typeof attributes.id !== "string" || attributes.id === "") return undefined;
  if (PIPE_ATTRIBUTES.every((k) => has(attributes, k)) && isObj(attributes.source)) return "Pipe";
  if (has(attributes, "type") && ENDPOINT_ATTRIBUTES.filter((k) => has(attributes, k)).length >= 2) return "ReversePrivateEndpoint";
  return undefined;
}

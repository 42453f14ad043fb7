/**
 * Reverse private endpoint rules beyond the OpenAPI types: the limits the reference states in
 * its descriptions (description length, the fields each endpoint type requires).
 */
import type { JsonObject } from "../http/body";
import { describedLimits, unknownKeys } from "./openapi";

/** Problems of a create body that already passed the OpenAPI schema, each `path: message`. */
export function endpointCreateProblems(body: JsonObject): string[] {
  const limits = describedLimits("CreateReversePrivateEndpoint");
  const problems = unknownKeys(body, ["CreateReversePrivateEndpoint"], "");
  for (const [field, max] of Object.entries(limits.maxLength)) {
    const value = body[field];
    if (typeof value === "string" && value.length > max) problems.push(`${field}: must be at most ${max} characters`);
  }
  if (typeof body.type !== "string") return [...problems, "type: is required"];
  for (const field of limits.requiredFor[body.type] ?? []) {
    const value = body[field];
    if (typeof value !== "string" || value.trim() === "") problems.push(`${field}: is required for type ${body.type}`);
  }
  return problems;
}

/** An exact DNS name, or one with a leading wildcard label (`*.example.com`), as the reference allows. */
const DNS_NAME = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;

/**
 * Problems of `customPrivateDnsMappings` (create or PATCH), each `path: message`: the reference
 * says the names are exact or leading-wildcard names, unique across the service, and not
 * supported for `MSK_MULTI_VPC`. `takenBy` maps each name (lower case) another endpoint of the
 * service holds to that endpoint's id.
 */
export function dnsMappingProblems(mappings: unknown, type: unknown, takenBy: ReadonlyMap<string, string>): string[] {
  if (!Array.isArray(mappings) || mappings.length === 0) return [];
  if (type === "MSK_MULTI_VPC") return ["customPrivateDnsMappings: is not supported for type MSK_MULTI_VPC"];
  const problems: string[] = [];
  const seen = new Set<string>();
  mappings.forEach((mapping: unknown, i) => {
    const at = `customPrivateDnsMappings[${i}].privateDnsName`;
    const name = (mapping as { privateDnsName?: unknown } | null)?.privateDnsName;
    if (typeof name !== "string") return problems.push(`${at}: is required`);
    if (!DNS_NAME.test(name) || name.length > 253)
      return problems.push(`${at}: must be a DNS name such as db.example.com, or one with a leading wildcard such as *.example.com`);
    const key = name.toLowerCase();
    if (seen.has(key)) return problems.push(`${at}: ${name} is listed twice`);
    seen.add(key);
    const holder = takenBy.get(key);
    if (holder) problems.push(`${at}: ${name} is already used by reverse private endpoint ${holder}; names must be unique across the service`);
    return undefined;
  });
  return problems;
}

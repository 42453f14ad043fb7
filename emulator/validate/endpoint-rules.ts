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

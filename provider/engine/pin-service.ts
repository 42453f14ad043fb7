import type { Settings } from "../config";
import type { CheckFailure } from "../schemas/check-failures";

/**
 * Writes into the inputs the service an object lives in: its own `organizationId` /
 * `serviceId`, else the configured one; a failure names both ways to set what is missing.
 */
export function pinServiceIds(settings: Settings | undefined, inputs: Record<string, unknown>): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const key of ["organizationId", "serviceId"] as const) {
    if (inputs[key] === undefined || inputs[key] === null) inputs[key] = settings?.[key];
    if (inputs[key] === undefined) {
      const env = key === "organizationId" ? "ORGANIZATION_ID" : "SERVICE_ID";
      failures.push({ property: key, reason: `is not set: pass ${key}, or set \`pulumi config set pipestack:${key} <value>\` or PIPESTACK_${env}` });
    }
  }
  return failures;
}

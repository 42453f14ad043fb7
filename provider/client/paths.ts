/** Builds a path from segments, each one encoded, so an id can never change the route. */
export function path(...segments: (string | number)[]): string {
  return segments.map((s) => `/${encodeURIComponent(String(s))}`).join("");
}

/** The cloud API prefix of one service: `/v1/organizations/{org}/services/{svc}`. */
export function servicePath(organizationId: string, serviceId: string): string {
  return path("v1", "organizations", organizationId, "services", serviceId);
}

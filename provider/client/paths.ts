/**
 * Builds a path from segments, each one encoded, so an id can never change the route. `.` and
 * `..` survive encoding and would be resolved as "here" and "up": they, and empty segments, are
 * refused.
 */
export function path(...segments: (string | number)[]): string {
  return segments
    .map((s) => {
      const text = String(s);
      if (text === "" || text === "." || text === "..")
        throw new Error(`refusing ${JSON.stringify(text)} as a URL path segment: an id must not be empty, "." or ".."`);
      return `/${encodeURIComponent(text)}`;
    })
    .join("");
}

/** The cloud API prefix of one service: `/v1/organizations/{org}/services/{svc}`. */
export function servicePath(organizationId: string, serviceId: string): string {
  return path("v1", "organizations", organizationId, "services", serviceId);
}

import { InvalidArgumentError } from "../errors/operation-errors";
/**
 * Builds a path from segments, each one encoded, so an id can never change the route. `.` and
 * `..` survive encoding and would be resolved as "here" and "up": they, and empty segments, are
 * refused; so is a segment holding `/` or `\` (`../x`): no id has one, and a server that
 * decodes `%2F` before routing would climb with it.
 */
export function path(...segments: (string | number)[]): string {
  return segments
    .map((s) => {
      const text = String(s);
      if (text === "" || text === "." || text === ".." || /[/\\]/.test(text))
        throw new InvalidArgumentError(`refusing ${JSON.stringify(text)} as a URL path segment: an id must not be empty, "." or "..", nor hold / or \\`);
      return `/${encodeURIComponent(text)}`;
    })
    .join("");
}

/** The cloud API prefix of one service: `/v1/organizations/{org}/services/{svc}`. */
export function servicePath(organizationId: string, serviceId: string): string {
  return path("v1", "organizations", organizationId, "services", serviceId);
}

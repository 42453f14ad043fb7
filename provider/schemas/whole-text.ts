/**
 * A message form as a regular expression: fixed words matched as written, free parts as given.
 * Used by the functions that word the provider's warnings, so that the pull-request summary can
 * tell those warnings, whole, from anyone else's (see pr-summary/provider-warnings.ts). Pure.
 */

/** `text` with every character a regular expression reads as syntax escaped: it matches itself only. */
export function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Names of the schema's nested types. A type is named after its path (`PipeSourceKafka`); the
 * element type of a list after the singular of the list's field (`fieldMappings` holds
 * `PipeFieldMapping`s), as the SDKs of every language then name one element.
 */

/** Plurals that are also singulars, or not plurals at all. */
const UNCHANGED = new Set(["series", "status", "settings", "credentials", "alias", "data", "analysis"]);

/** The singular of an English plural in camel or Pascal case (`Mappings` -> `Mapping`). Pure. */
export function singular(word: string): string {
  const at = word.search(/[A-Z][a-z0-9]*$/);
  const [head, last] = at > 0 ? [word.slice(0, at), word.slice(at)] : ["", word];
  const lower = last.toLowerCase();
  if (UNCHANGED.has(lower) || !lower.endsWith("s") || lower.endsWith("ss") || lower.endsWith("us") || lower.endsWith("is")) return word;
  if (lower.endsWith("ies")) return head + last.slice(0, -3) + "y";
  if (/(ch|sh|x|ss|z)es$/.test(lower)) return head + last.slice(0, -2);
  return head + last.slice(0, -1);
}

/** The last segment of a `pipestack:index:Name` token. */
export const typeName = (token: string): string => token.slice(token.lastIndexOf(":") + 1);

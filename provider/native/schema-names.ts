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

/**
 * The type tokens given out so far, each with what it was made of (a key of the zod schema or the
 * enum's values): the same thing asked again gets its token back, a different thing under a name
 * already taken gets the name with a number (`Name2`), so two types never share a token.
 */
export class TypeNames {
  private readonly made = new Map<string, string>();
  constructor(private readonly pkg: string) {}

  claim(name: string, what: string): { token: string; fresh: boolean } {
    for (let n = 1; ; n++) {
      const token = `${this.pkg}:index:${name}${n === 1 ? "" : String(n)}`;
      const owner = this.made.get(token);
      if (owner === undefined) {
        this.made.set(token, what);
        return { token, fresh: true };
      }
      if (owner === what) return { token, fresh: false };
    }
  }
}

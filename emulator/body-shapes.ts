/**
 * The shape of a request body, without its values: every key path it holds (`tiles[].series[].aggFn`),
 * so tests can tell which fields a client sent without the emulator keeping any credential.
 */

/** One request whose body was JSON: its method, route template, and the key paths of its body. */
export interface BodyShape {
  method: string;
  /** The route template (`POST /api/v2/dashboards`); `(no route)` when none matched. */
  route: string;
  paths: string[];
}

/** How many body shapes are kept (the oldest dropped first). */
export const RECENT_BODIES = 500;

/** Every key path of a JSON value, sorted; array items share one `[]` segment. Pure. */
export function keyPaths(value: unknown, prefix = ""): string[] {
  const out = new Set<string>();
  const walk = (v: unknown, at: string) => {
    if (Array.isArray(v)) return v.forEach((item) => walk(item, `${at}[]`));
    if (v === null || typeof v !== "object") return;
    for (const [k, child] of Object.entries(v)) {
      const path = at ? `${at}.${k}` : k;
      out.add(path);
      walk(child, path);
    }
  };
  walk(value, prefix);
  return [...out].sort();
}

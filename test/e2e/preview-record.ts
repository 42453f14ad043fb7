/** What the summary never reads, out of a recorded preview (test/unit/fixtures/previews/): it only makes the fixtures long. */
export function trimPreview(json: unknown): unknown {
  const walk = (v: unknown, key?: string): unknown => {
    if (key === "__provider" && typeof v === "string") return "(serialized provider, trimmed)";
    if (Array.isArray(v)) return v.map((x) => walk(x));
    if (v === null || typeof v !== "object") return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (!["stackTrace", "sourcePosition", "propertyDependencies"].includes(k)) out[k] = walk(x, k);
    return out;
  };
  return walk(json);
}

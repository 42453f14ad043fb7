/** Forms the pipe API answers in that differ from what was sent. Pure. */

/** `"250m"` -> 250, `"1"` -> 1000, 250 -> 250: CPU in millicores. */
export function millicores(v: unknown): number | undefined {
  if (typeof v === "number") return v;
  if (typeof v !== "string" || !v.trim()) return undefined;
  const m = /^(\d+(?:\.\d+)?)(m?)$/.exec(v.trim());
  if (!m) return undefined;
  return m[2] ? Number(m[1]) : Math.round(Number(m[1]) * 1000);
}

const memoryUnits: Record<string, number> = { "": 1, Gi: 1, G: 1, Mi: 1 / 1024, M: 1 / 1000, Ki: 1 / 1024 ** 2 };

/** `"1Gi"` -> 1, `"512Mi"` -> 0.5, 2 -> 2: memory in GB. */
export function gigabytes(v: unknown): number | undefined {
  if (typeof v === "number") return v;
  if (typeof v !== "string" || !v.trim()) return undefined;
  const m = /^(\d+(?:\.\d+)?)(Gi|G|Mi|M|Ki)?$/.exec(v.trim());
  if (!m) return undefined;
  return Math.round(Number(m[1]) * (memoryUnits[m[2] ?? ""] ?? 1) * 1000) / 1000;
}

/** `"MergeTree()"` -> `"MergeTree"`. */
export function engineType(v: unknown): unknown {
  return typeof v === "string" ? v.replace(/\(\s*\)$/, "") : v;
}

/** Canonical forms for comparing what the program says with what the API answers. Pure. */

type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Drops `null`, `undefined`, empty objects and empty arrays, recursively: the API answers an
 * unset optional field as `null` or leaves it out, and `settings: {}` means no settings.
 */
export function canonical(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    const items = value.map((v) => canonical(v) ?? null);
    return items.length ? items : undefined;
  }
  if (isObj(value)) {
    const out: Obj = {};
    for (const key of Object.keys(value).sort()) {
      const v = canonical(value[key]);
      if (v !== undefined) out[key] = v;
    }
    return Object.keys(out).length ? out : undefined;
  }
  return value;
}

/** Deep equality of canonical forms. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

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

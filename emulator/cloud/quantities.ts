/**
 * Resource quantities as the live API reads scaling back: cpu in millicores as `"250m"`,
 * memory in binary units as `"1Gi"`, with fractions of a GiB written in MiB (`"512Mi"`).
 */

/** `250` → `"250m"`. */
export function cpuQuantity(millicores: number): string {
  return `${millicores}m`;
}

/** `1` → `"1Gi"`, `0.5` → `"512Mi"`, `1.5` → `"1536Mi"`. */
export function memoryQuantity(gb: number): string {
  if (Number.isInteger(gb)) return `${gb}Gi`;
  return `${Math.round(gb * 1024)}Mi`;
}

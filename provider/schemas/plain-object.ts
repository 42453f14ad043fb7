/** A plain object: what JSON objects, API answers and engine properties are. */
export type Obj = Record<string, unknown>;

/** True for a plain object (not null, not an array). */
export const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

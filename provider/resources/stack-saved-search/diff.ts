import { isObj } from "../../engine/canonical";
import { savedSearchServerOutputs, stackSavedSearchPolicy } from "./policy";
import type { DiffSpec } from "../../engine/field-diff";

const orDefault = (fallback: unknown) => (v: unknown) => (v === undefined || v === null ? fallback : v);

/** A filter with the language the server fills in (`sql`) when a condition names none. */
const withFilterTypes = (v: unknown) => (Array.isArray(v) ? (v as unknown[]).map((f) => (isObj(f) && f.type === undefined ? { ...f, type: "sql" } : f)) : v);

/**
 * How a saved search is diffed: by its policy, with the server's defaults (`""`, `lucene`, a
 * filter's `sql`) equal to a field left out, so a read after `up` shows no change, while a
 * field the program drops does (the PUT resets it). A field the policy does not name needs a
 * new saved search.
 */
export const savedSearchDiff: DiffSpec = {
  fields: stackSavedSearchPolicy,
  outputsOnly: ["id", ...savedSearchServerOutputs],
  unlisted: "replace",
  normalise: { select: orDefault(""), where: orDefault(""), orderBy: orDefault(""), whereLanguage: orDefault("lucene"), filters: withFilterTypes },
};

import { z } from "zod";
import { computed, computedKeys, type ComputedFields, type FieldPolicy, type VariantsPolicy, type ComputedOutputs } from "../../schemas/field-policy";
import type { SavedSearchFilter, StackSavedSearchInput } from "./schema";
import { filled } from "../../schemas/field-rules";
import { put, stackObjectPolicy, type StackPatch } from "../../schemas/stack-target";
import { serverStamps } from "../../schemas/server-stamps";

/** A filter as a condition, in either language (`sql` when left out, as the server takes it). */
const conditionFilter = { fields: { type: put, condition: put } } as const;

/** A saved-search filter, by `type`: a condition, or a comparison of two SQL expressions (`sql_ast`). */
const savedSearchFilterPolicy = {
  discriminator: "type",
  absent: "sql",
  variants: {
    sql: conditionFilter,
    lucene: conditionFilter,
    sql_ast: { fields: { type: put, operator: put, left: put, right: put } },
  },
} as const satisfies VariantsPolicy<SavedSearchFilter, StackPatch>;

/**
 * Every field of a saved search and its life cycle: the PUT takes the whole body, so each
 * changes in place; only a move to another stack needs a new saved search (and the alerts on
 * the old one go with it).
 */
export const stackSavedSearchPolicy = {
  name: filled(put),
  sourceId: put,
  // Answered with the server's default when left out.
  select: filled(put),
  where: filled(put),
  whereLanguage: filled(put),
  orderBy: filled(put),
  tags: put,
  filters: { ...put, items: savedSearchFilterPolicy },
  ...stackObjectPolicy,
} as const satisfies FieldPolicy<StackSavedSearchInput, StackPatch>;

/** Outputs of the server's own: read from every answer, never the program's to compare. */
export const savedSearchComputed = {
  /** Team that owns the saved search. */
  teamId: computed(z.string().optional()),
  ...serverStamps,
} satisfies ComputedFields;

export const savedSearchServerOutputs = computedKeys(savedSearchComputed);

/** A saved search's properties as the engine holds them: the program's spec and the serialized provider. */
export type SavedSearchInputs = StackSavedSearchInput & { __provider?: string };

/** A saved search's outputs: its inputs as the server reads them back, and the server's own fields. */
export type SavedSearchOutputs = SavedSearchInputs & ComputedOutputs<typeof savedSearchComputed>;
